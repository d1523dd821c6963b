// postage-admin domain commands: shared domains registered in the shared SES account (moto's SES
// as the peer, which issues the DKIM tokens), verified against a real DNS server on loopback with
// right, wrong and missing records.
import { GetIdentityMailFromDomainAttributesCommand, ListIdentitiesCommand, SESClient } from '@aws-sdk/client-ses';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { startMotoPeer, type MotoPeer } from '../helpers/moto';
import { cliFor, ok, type Cli } from './cliHarness';
import { startTestZone, type TestZone } from './dnsServer';

let database: TestDatabase;
let zone: TestZone;
let moto: MotoPeer;
let cli: Cli;
let ses: SESClient;
let accountId: string;

beforeAll(async () => {
  [database, zone, moto] = await Promise.all([createTestDatabase(), startTestZone(), startMotoPeer('moto-domains')]);
  cli = cliFor({
    DATABASE_URL: database.url,
    DNS_SERVERS: zone.server,
    SES_ENDPOINT: moto.endpoint,
    SES_ACCESS_KEY_ID: moto.admin.accessKeyId,
    SES_SECRET_ACCESS_KEY: moto.admin.secretAccessKey,
    SES_REGION: 'eu-west-1',
  });
  ses = new SESClient({ region: 'eu-west-1', endpoint: moto.endpoint, credentials: moto.admin });
  accountId = ok(await cli(['account', 'create', '--email', 'owner@example.com', '--plan', 'growth', '--verified'])).json.id;
});

afterAll(async () => {
  await Promise.all([database?.drop(), zone?.close(), moto?.stop()]);
});

interface Rec {
  purpose: string;
  type: string;
  name: string;
  value: string;
  required: boolean;
}

async function sesIdentities(): Promise<string[]> {
  return (await ses.send(new ListIdentitiesCommand({ IdentityType: 'Domain' }))).Identities ?? [];
}

test('domain add registers the domain in SES and prints the ownership TXT, three DKIM CNAMEs and the advice', async () => {
  const added = ok(await cli(['domain', 'add', 'owner@example.com', 'Mail.Acme-Corp.example', '--mode', 'shared'])).json;
  expect(added.domain).toMatchObject({ name: 'mail.acme-corp.example', sendingMode: 'shared', accountId, mailFromDomain: 'send.mail.acme-corp.example' });
  expect(added.domain.ownershipVerifiedAt).toBeNull();

  const records = added.records as Rec[];
  const ownership = records.filter((r) => r.purpose === 'ownership');
  expect(ownership).toEqual([
    { purpose: 'ownership', type: 'TXT', name: '_postage-verification.mail.acme-corp.example', value: `postage-verification=${added.domain.ownershipToken}`, required: true },
  ]);
  expect(added.domain.ownershipToken).toMatch(/^[0-9a-f]{32}$/);
  // The DKIM tokens are the ones SES issued for the identity.
  const dkim = records.filter((r) => r.purpose === 'dkim');
  expect(dkim).toHaveLength(3);
  expect(added.domain.dkimTokens).toHaveLength(3);
  for (const [i, token] of (added.domain.dkimTokens as string[]).entries()) {
    expect(dkim[i]).toEqual({ purpose: 'dkim', type: 'CNAME', name: `${token}._domainkey.mail.acme-corp.example`, value: `${token}.dkim.amazonses.com`, required: true });
  }
  expect(records.filter((r) => !r.required).map((r) => [r.type, r.name, r.value])).toEqual([
    ['MX', 'send.mail.acme-corp.example', '10 feedback-smtp.eu-west-1.amazonses.com'],
    ['TXT', 'send.mail.acme-corp.example', 'v=spf1 include:amazonses.com ~all'],
    ['TXT', '_dmarc.mail.acme-corp.example', 'v=DMARC1; p=none;'],
  ]);

  expect(await sesIdentities()).toContain('mail.acme-corp.example');
  const mailFrom = await ses.send(new GetIdentityMailFromDomainAttributesCommand({ Identities: ['mail.acme-corp.example'] }));
  expect(mailFrom.MailFromDomainAttributes?.['mail.acme-corp.example']?.MailFromDomain).toBe('send.mail.acme-corp.example');
});

test('domain verify checks ownership, then DKIM, against DNS: missing, wrong and right records', async () => {
  const domain = 'verify-me.example';
  const { domain: added } = ok(await cli(['domain', 'add', accountId, domain, '--mode', 'shared'])).json;
  const token: string = added.ownershipToken;
  const dkimTokens: string[] = added.dkimTokens;

  // Missing: nothing published yet. DKIM is not even looked at before ownership.
  const missing = await cli(['domain', 'verify', domain]);
  expect(missing.code).toBe(1);
  expect(missing.stderr.trim()).toBe(`postage-admin: ${domain} cannot send yet: ownership is not verified`);
  expect(missing.json.ownership).toMatchObject({ ok: false, found: [] });
  expect(missing.json.dkim).toEqual([]);
  expect(missing.json.canSend).toBe(false);

  // Wrong: a TXT record with someone else's token.
  zone.txt(`_postage-verification.${domain}`, 'postage-verification=0123456789abcdef0123456789abcdef');
  const wrong = await cli(['domain', 'verify', domain]);
  expect(wrong.code).toBe(1);
  expect(wrong.json.ownership).toMatchObject({ ok: false, found: ['postage-verification=0123456789abcdef0123456789abcdef'] });
  expect(wrong.json.domain.ownershipVerifiedAt).toBeNull();

  // Right ownership record (next to the wrong one, as happens while records are being fixed).
  zone.txt(`_postage-verification.${domain}`, `postage-verification=${token}`);
  // DKIM: two right, one pointing at the wrong place.
  zone.cname(`${dkimTokens[0]}._domainkey.${domain}`, `${dkimTokens[0]}.dkim.amazonses.com`);
  zone.cname(`${dkimTokens[1]}._domainkey.${domain}`, `${dkimTokens[1]}.dkim.amazonses.com`);
  zone.cname(`${dkimTokens[2]}._domainkey.${domain}`, 'elsewhere.example.net');
  const partly = await cli(['domain', 'verify', domain]);
  expect(partly.code).toBe(1);
  expect(partly.stderr).toContain('DKIM is not verified');
  expect(partly.json.ownership.ok).toBe(true);
  expect(partly.json.domain.ownershipVerifiedAt).not.toBeNull();
  expect((partly.json.dkim as { ok: boolean; found: string[] }[]).map((c) => [c.ok, c.found])).toEqual([
    [true, [`${dkimTokens[0]}.dkim.amazonses.com`]],
    [true, [`${dkimTokens[1]}.dkim.amazonses.com`]],
    [false, ['elsewhere.example.net']],
  ]);
  expect(partly.json.domain.dkimVerifiedAt).toBeNull();
  expect(partly.json.advisory).toMatchObject({ spf: { ok: false }, dmarc: { ok: false }, mailFrom: { ok: false } });

  // Right: every record as printed, plus the advisory ones.
  zone.remove(`${dkimTokens[2]}._domainkey.${domain}`);
  zone.cname(`${dkimTokens[2]}._domainkey.${domain}`, `${dkimTokens[2]}.dkim.amazonses.com`);
  zone.mx(`send.${domain}`, 'feedback-smtp.eu-west-1.amazonses.com');
  zone.txt(`send.${domain}`, 'v=spf1 include:amazonses.com ~all');
  zone.txt(`_dmarc.${domain}`, 'v=DMARC1; p=quarantine; rua=mailto:dmarc@verify-me.example');
  const right = ok(await cli(['domain', 'verify', domain]));
  expect(right.json.canSend).toBe(true);
  expect(right.json.domain.dkimVerifiedAt).not.toBeNull();
  expect(right.json.advisory).toMatchObject({ spf: { ok: true }, dmarc: { ok: true }, mailFrom: { ok: true } });

  const shown = ok(await cli(['domain', 'show', domain])).json;
  expect(shown.canSend).toBe(true);
  expect(shown.domain).toMatchObject({ spfOk: true, dmarcOk: true, mailFromOk: true });

  // Verification does not move backwards when records disappear; the advice is re-checked.
  for (const name of [`_postage-verification.${domain}`, `send.${domain}`, `_dmarc.${domain}`]) zone.remove(name);
  const again = ok(await cli(['domain', 'verify', domain]));
  expect(again.json.canSend).toBe(true);
  expect(again.json.advisory).toMatchObject({ spf: { ok: false }, dmarc: { ok: false }, mailFrom: { ok: false } });
});

test('domain list, mark-verified and delete (which removes the SES identity)', async () => {
  ok(await cli(['domain', 'add', accountId, 'local-only.example', '--mode', 'shared']));
  const marked = ok(await cli(['domain', 'mark-verified', 'local-only.example'])).json;
  expect(marked.canSend).toBe(true);
  expect(marked.domain.ownershipVerifiedAt).not.toBeNull();

  const listed = ok(await cli(['domain', 'list', 'owner@example.com'])).json as { name: string; canSend: boolean }[];
  expect(listed.map((d) => [d.name, d.canSend])).toEqual(
    expect.arrayContaining([
      ['local-only.example', true],
      ['mail.acme-corp.example', false],
    ]),
  );

  expect(await sesIdentities()).toContain('local-only.example');
  const deleted = ok(await cli(['domain', 'delete', 'local-only.example'])).json;
  expect(deleted).toEqual({ deleted: 'local-only.example', warnings: [] });
  expect(await sesIdentities()).not.toContain('local-only.example');
  const gone = await cli(['domain', 'show', 'local-only.example']);
  expect(gone.code).toBe(1);
  expect(gone.stderr).toContain('no domain local-only.example');
});

test('refusals: a domain belongs to one account, the mode is shared or byoc, BYOC takes a validated root domain', async () => {
  const other = ok(await cli(['account', 'create', '--email', 'other@example.com', '--plan', 'growth'])).json;
  const identitiesBefore = await sesIdentities();
  const cases: [string[], RegExp][] = [
    [['domain', 'add', other.id, 'mail.acme-corp.example', '--mode', 'shared'], /registered by another account/],
    [['domain', 'add', accountId, 'mail.acme-corp.example', '--mode', 'shared'], /already registered in this account/],
    [['domain', 'add', accountId, 'new.example', '--mode', 'dedicated'], /--mode must be shared or byoc/],
    [['domain', 'add', accountId, 'not a domain', '--mode', 'shared'], /is not a domain name/],
    [['domain', 'add', accountId, 'mail.byoc-corp.com', '--mode', 'byoc'], /BYOC takes the root domain, not a subdomain: use byoc-corp\.com/],
    [['domain', 'add', accountId, 'byoc-corp.com', '--mode', 'byoc'], /configure and validate BYOC first/],
    [['domain', 'add', 'nobody@example.com', 'x.example', '--mode', 'shared'], /no account nobody@example\.com/],
  ];
  const results = await Promise.all(cases.map(([args]) => cli(args)));
  results.forEach((r, i) => {
    expect({ args: cases[i]![0], code: r.code }).toEqual({ args: cases[i]![0], code: 1 });
    expect(r.stderr).toMatch(cases[i]![1]);
  });
  // Nothing was registered in SES on the way.
  expect((await sesIdentities()).sort()).toEqual(identitiesBefore.sort());
});

test('a DNS server that does not answer is reported as such, not as missing records', async () => {
  const r = await cli(['domain', 'verify', 'mail.acme-corp.example'], { DNS_SERVERS: '127.0.0.1:9' });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/could not look up the TXT records of _postage-verification\.mail\.acme-corp\.example/);
});
