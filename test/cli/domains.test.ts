// postage-admin domain commands: shared domains registered in the shared SES account (moto's SES
// as the peer, which issues the DKIM tokens) once ownership is proven, verified against a real DNS
// server on loopback with right, wrong and missing records.
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
  accountId = ok(await cli(['account', 'create', '--email', 'owner@example.com', '--plan', 'growth', '--verified']))
    .json.id;
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

test('domain add claims the name: the ownership TXT and the advice to publish, no DKIM records and no SES identity before ownership is proven', async () => {
  const added = ok(await cli(['domain', 'add', 'owner@example.com', 'Mail.Acme-Corp.example', '--mode', 'shared']));
  expect(added.json.domain).toMatchObject({
    name: 'mail.acme-corp.example',
    sendingMode: 'shared',
    accountId,
    mailFromDomain: 'send.mail.acme-corp.example',
    dkimTokens: [],
    sesIdentity: false,
  });
  expect(added.json.domain.ownershipVerifiedAt).toBeNull();
  expect(new Date(added.json.domain.claimExpiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

  const records = added.json.records as Rec[];
  expect(records.filter((r) => r.required)).toEqual([
    {
      purpose: 'ownership',
      type: 'TXT',
      name: '_postage-verification.mail.acme-corp.example',
      value: `postage-verification=${added.json.domain.ownershipToken}`,
      required: true,
    },
  ]);
  expect(added.json.domain.ownershipToken).toMatch(/^[0-9a-f]{32}$/);
  expect(records.filter((r) => !r.required).map((r) => [r.type, r.name, r.value])).toEqual([
    ['MX', 'send.mail.acme-corp.example', '10 feedback-smtp.eu-west-1.amazonses.com'],
    ['TXT', 'send.mail.acme-corp.example', 'v=spf1 include:amazonses.com ~all'],
    ['TXT', '_dmarc.mail.acme-corp.example', 'v=DMARC1; p=none;'],
  ]);
  expect(await sesIdentities()).not.toContain('mail.acme-corp.example');
});

test('domain verify checks ownership, then DKIM, against DNS: missing, wrong and right records', async () => {
  const domain = 'verify-me.example';
  const { domain: added } = ok(await cli(['domain', 'add', accountId, domain, '--mode', 'shared'])).json;
  const token: string = added.ownershipToken;

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
  expect(wrong.json.ownership).toMatchObject({
    ok: false,
    found: ['postage-verification=0123456789abcdef0123456789abcdef'],
  });
  expect(wrong.json.domain.ownershipVerifiedAt).toBeNull();

  expect(await sesIdentities()).not.toContain(domain);

  // Right ownership record (next to the wrong one, as happens while records are being fixed):
  // ownership is proven, which creates the SES identity and issues the three DKIM records.
  zone.txt(`_postage-verification.${domain}`, `postage-verification=${token}`);
  const owned = await cli(['domain', 'verify', domain]);
  expect(owned.code).toBe(1);
  expect(owned.stderr).toContain('DKIM is not verified');
  expect(owned.json.domain.ownershipVerifiedAt).not.toBeNull();
  const dkimTokens: string[] = owned.json.domain.dkimTokens;
  expect(dkimTokens).toHaveLength(3);
  expect((owned.json.dkim as { ok: boolean; expected: string }[]).map((c) => [c.ok, c.expected])).toEqual(
    dkimTokens.map((t) => [false, `${t}.dkim.amazonses.com`]),
  );
  expect(await sesIdentities()).toContain(domain);
  const mailFrom = await ses.send(new GetIdentityMailFromDomainAttributesCommand({ Identities: [domain] }));
  expect(mailFrom.MailFromDomainAttributes?.[domain]?.MailFromDomain).toBe(`send.${domain}`);
  const shownRecords = ok(await cli(['domain', 'show', domain])).json.records as Rec[];
  expect(shownRecords.filter((r) => r.purpose === 'dkim')).toEqual(
    dkimTokens.map((t) => ({
      purpose: 'dkim',
      type: 'CNAME',
      name: `${t}._domainkey.${domain}`,
      value: `${t}.dkim.amazonses.com`,
      required: true,
    })),
  );

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

test('domain list, mark-verified (which creates the SES identity) and delete (which removes it)', async () => {
  ok(await cli(['domain', 'add', accountId, 'local-only.example', '--mode', 'shared']));
  expect(await sesIdentities()).not.toContain('local-only.example');
  const marked = ok(await cli(['domain', 'mark-verified', 'local-only.example'])).json;
  expect(marked.canSend).toBe(true);
  expect(marked.domain.ownershipVerifiedAt).not.toBeNull();
  expect(marked.domain.dkimTokens).toHaveLength(3);

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

test('domain tracking sets the defaults and the subdomain (its CNAME shown, not yet verified), and refuses bad values', async () => {
  ok(await cli(['domain', 'add', accountId, 'tracked.example', '--mode', 'shared']));
  const set = ok(
    await cli(['domain', 'tracking', 'tracked.example', '--opens', 'on', '--clicks', 'off', '--subdomain', 'links']),
  );
  expect(set.json).toMatchObject({
    domain: 'tracked.example',
    trackOpens: true,
    trackClicks: false,
    record: { name: 'links.tracked.example', value: expect.any(String) },
  });
  const removed = ok(await cli(['domain', 'tracking', 'tracked.example', '--subdomain', 'none'])).json;
  expect(removed).toMatchObject({ trackOpens: true, trackClicks: false, record: null });
  for (const [args, message] of [
    [['--opens', 'yes'], '--opens takes on or off'],
    [['--subdomain', 'two.labels'], '--subdomain takes one DNS label'],
  ] as const) {
    const refused = await cli(['domain', 'tracking', 'tracked.example', ...args]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(message);
  }
});

test('the tracking CNAME is looked at only once ownership is proven: a claim alone never verifies it', async () => {
  const domain = 'cname-first.example';
  const { domain: added } = ok(await cli(['domain', 'add', accountId, domain, '--mode', 'shared'])).json;
  const { record } = ok(await cli(['domain', 'tracking', domain, '--subdomain', 'links'])).json;
  zone.cname(record.name, record.value);
  const unproven = await cli(['domain', 'verify', domain]);
  expect(unproven.json.tracking).toBeUndefined();
  expect(unproven.json.domain.trackingVerifiedAt).toBeNull();
  zone.txt(`_postage-verification.${domain}`, `postage-verification=${added.ownershipToken}`);
  const proven = await cli(['domain', 'verify', domain]);
  expect(proven.json.tracking).toMatchObject({ type: 'CNAME', name: record.name, ok: true });
  expect(proven.json.domain.trackingVerifiedAt).not.toBeNull();
});

test('refusals: a name once per account, the mode is shared or byoc, BYOC takes a validated root domain; another account may claim an unproven name', async () => {
  const other = ok(await cli(['account', 'create', '--email', 'other@example.com', '--plan', 'growth'])).json;
  const identitiesBefore = await sesIdentities();
  // An unproven claim blocks nobody: another account claims the same name with its own token.
  const theirs = ok(await cli(['domain', 'add', other.id, 'mail.acme-corp.example', '--mode', 'shared'])).json.domain;
  expect(theirs).toMatchObject({ accountId: other.id, ownershipVerifiedAt: null });
  const ours = ok(await cli(['domain', 'show', 'mail.acme-corp.example', '--account', accountId])).json.domain;
  expect(theirs.ownershipToken).not.toBe(ours.ownershipToken);
  expect((await cli(['domain', 'show', 'mail.acme-corp.example'])).stderr).toMatch(
    /2 accounts claim mail\.acme-corp\.example.*--account/,
  );
  const cases: [string[], RegExp][] = [
    [['domain', 'add', accountId, 'mail.acme-corp.example', '--mode', 'shared'], /already in this account/],
    [['domain', 'add', accountId, 'new.example', '--mode', 'dedicated'], /--mode must be shared or byoc/],
    [['domain', 'add', accountId, 'not a domain', '--mode', 'shared'], /is not a domain name/],
    [
      ['domain', 'add', accountId, 'mail.byoc-corp.com', '--mode', 'byoc'],
      /BYOC takes the root domain, not a subdomain: use byoc-corp\.com/,
    ],
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
  const r = await cli(['domain', 'verify', 'mail.acme-corp.example', '--account', 'owner@example.com'], {
    DNS_SERVERS: '127.0.0.1:9',
  });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/could not look up the TXT records of _postage-verification\.mail\.acme-corp\.example/);
});
