// Claiming a domain name must not lock its real owner out (docs/domains.md, "Claims"). Over HTTP
// against the real API, with moto's SES as the shared SES account (it records identities) and a
// real DNS server on loopback: an unproven claim blocks nobody and reveals nobody, the first
// account to prove ownership wins and the other claims are released, no SES identity exists before
// a proof, unproven claims expire, and an account may hold only so many of them.
import { ListIdentitiesCommand, SESClient, VerifyDomainIdentityCommand } from '@aws-sdk/client-ses';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createAccount } from '../../core/accounts/accounts';
import { purgeExpiredDomainClaims } from '../../core/domains/domainClaims';
import { findDomain } from '../../core/domains/domains';
import { purgeExpiredContent } from '../../core/sending/retention';
import { send, testSendBody, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { uniqueName } from '../helpers/fixtures';
import { startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { keyRequest } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
let zone: TestZone;
let moto: MotoPeer;
let ses: SESClient;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  [zone, moto] = await Promise.all([startTestZone(), startMotoPeer('moto-claims')]);
  stack = await startServiceStack({
    worker: false,
    env: {
      DNS_SERVERS: zone.server,
      SES_ENDPOINT: moto.endpoint,
      SES_REGION: 'eu-west-1',
      SES_ACCESS_KEY_ID: moto.admin.accessKeyId,
      SES_SECRET_ACCESS_KEY: moto.admin.secretAccessKey,
      SES_DOMAIN_IDENTITIES: 'ses',
    },
  });
  ses = new SESClient({ region: 'eu-west-1', endpoint: moto.endpoint, credentials: moto.admin });
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([zone?.close(), moto?.stop()]);
});

interface Customer {
  accountId: string;
  email: string;
  key: string;
  request: (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
}

/** An account managed with a full-access key; by default a stranger's: unverified email, no plan. */
async function customer(opts: { plan?: string | null; verified?: boolean } = {}): Promise<Customer> {
  const email = `${uniqueName('claimant')}@example.com`;
  const account = await createAccount(
    stack.db,
    { email, plan: opts.plan ?? null, verified: opts.verified ?? false },
    'test',
  );
  const { secret } = await createApiKey(
    stack.db,
    { accountId: account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return { accountId: account.id, email, key: secret, request: keyRequest(stack.baseUrl, secret) };
}

async function sesIdentities(): Promise<string[]> {
  return (await ses.send(new ListIdentitiesCommand({ IdentityType: 'Domain' }))).Identities ?? [];
}

interface Rec {
  purpose: string;
  type: string;
  name: string;
  value: string;
  status: string;
}

const records = (res: ApiResponse) => res.json.records as Rec[];

/** An add answer with everything that differs between two names and two claims made the same. */
function shapeOf(res: ApiResponse, name: string): unknown {
  const token = records(res).find((r) => r.purpose === 'ownership')!.value;
  return JSON.parse(
    JSON.stringify({ status: res.status, json: res.json })
      .split(name)
      .join('<name>')
      .split(token)
      .join('<token>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>'),
  );
}

/** Publishes the claim's ownership TXT record and verifies. */
async function prove(who: Customer, name: string): Promise<ApiResponse> {
  const shown = await who.request('GET', `/api/domains/${name}`);
  const txt = records(shown).find((r) => r.purpose === 'ownership')!;
  zone.txt(txt.name, txt.value);
  return who.request('POST', `/api/domains/${name}/verify`);
}

test('an unproven claim blocks nobody: adding a name another account holds answers exactly as a free name', async () => {
  const [a, b] = [await customer(), await customer()];
  const taken = `${uniqueName('brand')}.example.com`;
  const free = `${uniqueName('brand')}.example.com`;

  const first = await a.request('POST', '/api/domains', { name: taken, sending_mode: 'shared' });
  expect(first.status).toBe(201);
  documented('/api/domains', 'post', first);

  // B claims the name A holds, and a name nobody holds: the two answers are the same.
  const second = await b.request('POST', '/api/domains', { name: taken, sending_mode: 'shared' });
  const fresh = await b.request('POST', '/api/domains', { name: free, sending_mode: 'shared' });
  documented('/api/domains', 'post', second);
  expect([second.status, second.json.error]).toEqual([201, undefined]);
  expect(shapeOf(second, taken)).toEqual(shapeOf(fresh, free));
  expect(second.json).toMatchObject({
    name: taken,
    status: 'pending_ownership',
    can_send: false,
    ownership_verified_at: null,
    released_at: null,
  });
  // Each claim has its own TXT value.
  const tokenOf = (res: ApiResponse) => records(res).find((r) => r.purpose === 'ownership')!.value;
  expect(tokenOf(second)).not.toBe(tokenOf(first));

  // The same name twice in one's own account is still a 409, which speaks only of that account.
  const again = await b.request('POST', '/api/domains', { name: taken, sending_mode: 'shared' });
  expect([again.status, again.json.error]).toEqual([409, 'domain_exists']);
  expect(again.json.detail).toBe(`${taken} is already in this account`);
  documented('/api/domains', 'post', again);

  // Each sees only its own claim.
  for (const who of [a, b]) {
    const listed = (await who.request('GET', '/api/domains')).json.domains as { name: string }[];
    expect(listed.filter((d) => d.name === taken)).toHaveLength(1);
  }
});

test('no SES identity, and so no DKIM records, before ownership is proven; proving it creates the identity and issues them', async () => {
  const a = await customer();
  const name = `${uniqueName('fresh')}.example.com`;
  const added = await a.request('POST', '/api/domains', { name, sending_mode: 'shared' });
  expect(added.status).toBe(201);
  expect(await sesIdentities()).not.toContain(name);
  expect(records(added).map((r) => `${r.purpose}:${r.type}`)).toEqual([
    'ownership:TXT',
    'mail_from:MX',
    'spf:TXT',
    'dmarc:TXT',
  ]);
  expect(String(added.json.status_detail)).toMatch(/DKIM records are issued once ownership is verified/);

  const proven = await prove(a, name);
  expect(proven.json.domain).toMatchObject({ status: 'pending_dkim' });
  expect((proven.json.domain as { records: Rec[] }).records.filter((r) => r.purpose === 'dkim')).toHaveLength(3);
  expect(await sesIdentities()).toContain(name);
});

test('the first account to prove ownership wins: the SES identity and DKIM records come then, the other claims are released and never send, and the loser learns nothing more', async () => {
  const [a, b] = [
    await customer({ plan: 'growth', verified: true }),
    await customer({ plan: 'growth', verified: true }),
  ];
  const name = `${uniqueName('owned')}.example.com`;
  expect((await a.request('POST', '/api/domains', { name, sending_mode: 'shared' })).status).toBe(201);
  expect((await b.request('POST', '/api/domains', { name, sending_mode: 'shared' })).status).toBe(201);

  // A publishes nothing. B proves ownership first.
  const won = await prove(b, name);
  expect(won.status).toBe(200);
  documented('/api/domains/{name}/verify', 'post', won);
  expect(won.json.domain).toMatchObject({ status: 'pending_dkim', can_send: false, expires_at: null });
  const dkim = (won.json.domain as { records: Rec[] }).records.filter((r) => r.purpose === 'dkim');
  expect(dkim).toHaveLength(3);
  expect((won.json.missing as Rec[]).map((r) => r.purpose)).toEqual(['dkim', 'dkim', 'dkim']);
  expect(await sesIdentities()).toContain(name);

  // A's claim is released, with a state and words that say so; it cannot be verified or send.
  const released = await a.request('GET', `/api/domains/${name}`);
  documented('/api/domains/{name}', 'get', released);
  expect(released.json).toMatchObject({ status: 'released', can_send: false, ownership_verified_at: null });
  expect(released.json.released_at).not.toBeNull();
  expect(String(released.json.status_detail)).toContain('another account proved ownership of this name first');
  expect(JSON.stringify(released.json)).not.toContain(b.email);
  const listedA = (await a.request('GET', '/api/domains')).json.domains as { name: string; status: string }[];
  expect(listedA.find((d) => d.name === name)?.status).toBe('released');

  const refused = await prove(a, name);
  expect([refused.status, refused.json.error]).toEqual([409, 'domain_unavailable']);
  documented('/api/domains/{name}/verify', 'post', refused);
  expect(String(refused.json.detail)).toContain('another account proved ownership of this name first');
  const sent = await send(stack, a.key, testSendBody(stack, name));
  expect([sent.status, sent.json.error]).toEqual([403, 'domain_not_verified']);

  // A deletes its released claim: B's identity stays (it was never A's).
  const deleted = await a.request('DELETE', `/api/domains/${name}`);
  expect(deleted.json).toEqual({ success: true, warnings: [] });
  expect(await sesIdentities()).toContain(name);
  expect(await findDomain(stack.db, name, b.accountId)).toMatchObject({ sesIdentity: true });

  // A new claim of a name someone else proved: added like any other, and even with its own TXT
  // record published it cannot be proven; the answer names nobody.
  const reclaimed = await a.request('POST', '/api/domains', { name, sending_mode: 'shared' });
  expect(reclaimed.json).toMatchObject({ status: 'pending_ownership' });
  const notOnlyDns = await a.request('POST', `/api/domains/${name}/verify`);
  expect(notOnlyDns.status).toBe(200); // its own TXT is not published yet: just "missing", as for any name
  expect((notOnlyDns.json.missing as Rec[]).map((r) => r.purpose)).toEqual(['ownership']);
  const blocked = await prove(a, name);
  expect([blocked.status, blocked.json.error]).toEqual([409, 'domain_unavailable']);
  expect(String(blocked.json.detail)).toMatch(/cannot be verified in this account/);
  for (const theirs of [b.email, b.accountId]) expect(JSON.stringify(blocked.json)).not.toContain(theirs);
  expect((await a.request('GET', `/api/domains/${name}`)).json).toMatchObject({
    status: 'pending_ownership',
    can_send: false,
  });

  // The winner goes on to send once DKIM is in place.
  for (const r of dkim) zone.cname(r.name, r.value);
  const done = await b.request('POST', `/api/domains/${name}/verify`);
  expect(done.json.domain).toMatchObject({ status: 'verified', can_send: true });
  const audit = await stack
    .db('account_audit')
    .where({ account_id: a.accountId, action: 'domain.released' })
    .first('details');
  expect(audit?.details).toMatchObject({ domain: name });
});

test('two accounts proving one name at the same moment: exactly one wins, the other is told the name cannot be verified (never a 5xx)', async () => {
  const names = Array.from({ length: 4 }, () => `${uniqueName('race')}.example.com`);
  for (const name of names) {
    const [a, b] = [await customer(), await customer()];
    for (const who of [a, b]) {
      const added = await who.request('POST', '/api/domains', { name, sending_mode: 'shared' });
      const txt = records(added).find((r) => r.purpose === 'ownership')!;
      zone.txt(txt.name, txt.value);
    }
    const answers = await Promise.all([a, b].map((who) => who.request('POST', `/api/domains/${name}/verify`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.json.error).toBe('domain_unavailable');
    documented('/api/domains/{name}/verify', 'post', lost);
    const states = await Promise.all(
      [a, b].map(async (who) => String((await who.request('GET', `/api/domains/${name}`)).json.status)),
    );
    expect(states.sort()).toEqual(['pending_dkim', 'released']);
  }
});

test('an account may hold at most 10 domains awaiting ownership: the 11th answers 409 too_many_pending_domains', async () => {
  const c = await customer();
  const names = Array.from({ length: 11 }, () => `${uniqueName('many')}.example.com`);
  // In parallel: the cap holds under concurrent adds too.
  const answers = await Promise.all(
    names.map((name) => c.request('POST', '/api/domains', { name, sending_mode: 'shared' })),
  );
  expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
  const over = answers.find((r) => r.status !== 201)!;
  expect([over.status, over.json.success, over.json.error]).toEqual([409, false, 'too_many_pending_domains']);
  expect(String(over.json.detail)).toMatch(
    /already has 10 domains whose ownership is not verified yet: verify or delete one/,
  );
  documented('/api/domains', 'post', over);

  // A proven domain does not count; deleting a pending one makes room.
  const added = names.filter((_, i) => answers[i]!.status === 201);
  const left = names.find((_, i) => answers[i]!.status !== 201)!;
  expect((await prove(c, added[0]!)).json.domain).toMatchObject({ status: 'pending_dkim' });
  expect((await c.request('POST', '/api/domains', { name: left, sending_mode: 'shared' })).status).toBe(201);
  const full = await c.request('POST', '/api/domains', {
    name: `${uniqueName('more')}.example.com`,
    sending_mode: 'shared',
  });
  expect(full.json.error).toBe('too_many_pending_domains');
  expect((await c.request('DELETE', `/api/domains/${added[1]!}`)).status).toBe(200);
  expect(
    (await c.request('POST', '/api/domains', { name: `${uniqueName('room')}.example.com`, sending_mode: 'shared' }))
      .status,
  ).toBe(201);
});

// Last: purging with a `now` days ahead removes every claim this database holds.
test('unproven claims expire 7 days after they were added: the hourly content purge deletes them (released ones too) and releases an SES identity one still held', async () => {
  const [a, b] = [await customer(), await customer()];
  const pending = `${uniqueName('stale')}.example.com`;
  const contested = `${uniqueName('contested')}.example.com`;
  const added = await a.request('POST', '/api/domains', { name: pending, sending_mode: 'shared' });
  expect(added.json).toMatchObject({ status: 'pending_ownership', expires_at: expect.any(String) });
  expect(Date.parse(String(added.json.expires_at)) - Date.parse(String(added.json.created_at))).toBe(7 * DAY_MS);
  expect(String(added.json.status_detail)).toContain(
    `Unless ownership is verified by ${String(added.json.expires_at)}, this claim is deleted`,
  );
  await a.request('POST', '/api/domains', { name: contested, sending_mode: 'shared' });
  await b.request('POST', '/api/domains', { name: contested, sending_mode: 'shared' });
  expect((await prove(b, contested)).json.domain).toMatchObject({ status: 'pending_dkim' });

  // A claim from before identities waited for proof still holds one; expired, it releases it. The
  // content purge reads the worker's configuration for that; here the stack's is passed.
  const legacy = `${uniqueName('legacy')}.example.com`;
  await a.request('POST', '/api/domains', { name: legacy, sending_mode: 'shared' });
  await ses.send(new VerifyDomainIdentityCommand({ Domain: legacy }));
  await stack
    .db('domains')
    .where({ name: legacy })
    .update({ ses_identity: true, claim_expires_at: new Date(Date.now() - 60_000) });
  expect(await sesIdentities()).toContain(legacy);
  expect(await purgeExpiredDomainClaims(stack.db, new Date(), () => stack.config)).toBe(1);
  expect(await sesIdentities()).not.toContain(legacy);

  const expiresAt = Date.parse(String(added.json.expires_at));
  await purgeExpiredContent(stack.db, { now: new Date(expiresAt - 60_000), contentDays: 90 });
  expect((await a.request('GET', `/api/domains/${pending}`)).status).toBe(200);

  const purged = await purgeExpiredContent(stack.db, { now: new Date(expiresAt + 60_000), contentDays: 90 });
  expect(purged.domainClaims).toBeGreaterThanOrEqual(2);
  for (const name of [pending, contested]) {
    const gone = await a.request('GET', `/api/domains/${name}`);
    expect([gone.status, gone.json.error]).toEqual([404, 'not_found']);
  }
  // The proven claim stays, with its identity.
  expect((await b.request('GET', `/api/domains/${contested}`)).json).toMatchObject({
    status: 'pending_dkim',
    expires_at: null,
  });
  expect(await sesIdentities()).toContain(contested);
  expect(
    await stack
      .db('account_audit')
      .where({ account_id: a.accountId, action: 'domain.expired' })
      .count<{ count: string }[]>('* as count'),
  ).toEqual([{ count: '3' }]);
});
