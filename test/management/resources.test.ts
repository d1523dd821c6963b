// The management endpoints' own behaviour, with a signed-in customer: domain verification against
// a real DNS server, key rules, webhook changes, BYOC against moto's STS with IAM enforcement,
// the email log's filters and pages, suppressions, usage. Every response is checked against
// /openapi.json.
import path from 'node:path';
import { updateAccount } from '../../core/accounts/accounts';
import { setUsage } from '../api/helpers/accounts';
import { send, testSendBody } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { createSender, uniqueName } from '../helpers/fixtures';
import { markDomainVerified } from '../../core/domains/domains';
import { testInfra } from '../helpers/env';
import { BYOC_ROLE_ARN, MOTO_ACCOUNT_ID, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startSesEmulator } from '../../tools/stack/sesEmulator';
import { freePort, stopAll, type ManagedProcess } from '../../tools/stack/processes';
import { createSystemAccount, linkToken, SYSTEM_EMAIL_ENV, uniqueEmail, waitForEmail, WebClient } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
let zone: TestZone;
let moto: MotoPeer;
const processes: ManagedProcess[] = [];
const PASSWORD = 'resources password';

beforeAll(async () => {
  let customerSes: string;
  [zone, moto, customerSes] = await Promise.all([
    startTestZone(),
    startMotoPeer('moto-manage'),
    (async () => {
      const started = await startSesEmulator({
        port: await freePort(),
        logFile: path.join(testInfra().runDir, 'logs', `ses-manage-${process.pid}.log`),
        account: { max24HourSend: 50000 },
      });
      processes.push(started.process);
      return started.endpoint;
    })(),
  ]);
  stack = await startServiceStack({
    env: {
      ...SYSTEM_EMAIL_ENV,
      DNS_SERVERS: zone.server,
      STS_ENDPOINT: moto.endpoint,
      STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
      STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
      RELAY_AWS_ACCOUNT_ID: MOTO_ACCOUNT_ID,
      BYOC_SES_ENDPOINT: customerSes,
    },
  });
  await createSystemAccount(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([zone?.close(), moto?.stop(), stopAll(processes)]);
});

/** A verified, signed-in customer on `plan`. */
async function signedIn(plan: string | null = 'growth'): Promise<{ web: WebClient; accountId: string; email: string }> {
  const web = new WebClient(stack.baseUrl);
  const email = uniqueEmail('owner');
  await web.request('POST', '/api/auth/signup', { email, password: PASSWORD });
  await web.request('POST', '/api/auth/verify-email', { token: linkToken(await waitForEmail(email), '/verify-email') });
  const res = await web.signIn(email, PASSWORD);
  const accountId = String((res.json.account as { id: string }).id);
  if (plan) await updateAccount(stack.db, accountId, { plan }, 'test');
  return { web, accountId, email };
}

test('a domain is verified against DNS: ownership first, then DKIM; the answer lists what is still missing', async () => {
  const { web } = await signedIn();
  const name = `${uniqueName('dns')}.example`;
  const added = await web.request('POST', '/api/domains', { name: name.toUpperCase(), sending_mode: 'shared' });
  expect(added.status).toBe(201);
  const records = added.json.records as {
    purpose: string;
    type: string;
    name: string;
    value: string;
    status: string;
  }[];
  const txt = records.find((r) => r.purpose === 'ownership')!;
  // The DKIM records are issued once ownership is verified (the SES identity is created then).
  expect(records.filter((r) => r.purpose === 'dkim')).toEqual([]);

  const nothing = await web.request('POST', `/api/domains/${name}/verify`);
  expect(nothing.status).toBe(200);
  documented('/api/domains/{name}/verify', 'post', nothing);
  expect((nothing.json.missing as { purpose: string }[]).map((r) => r.purpose)).toEqual(['ownership']);
  expect(nothing.json.domain).toMatchObject({ status: 'pending_ownership', can_send: false });

  zone.txt(txt.name, txt.value);
  const ownership = await web.request('POST', `/api/domains/${name}/verify`);
  expect(ownership.json.domain).toMatchObject({ status: 'pending_dkim' });
  const dkim = (ownership.json.domain as { records: typeof records }).records.filter((r) => r.purpose === 'dkim');
  expect((ownership.json.missing as { name: string }[]).map((r) => r.name)).toEqual(dkim.map((r) => r.name));
  zone.cname(dkim[0]!.name, dkim[0]!.value);
  const partly = await web.request('POST', `/api/domains/${name}/verify`);
  expect((partly.json.missing as { name: string }[]).map((r) => r.name)).toEqual([dkim[1]!.name, dkim[2]!.name]);

  for (const r of dkim.slice(1)) zone.cname(r.name, r.value);
  const done = await web.request('POST', `/api/domains/${name}/verify`);
  expect(done.json.domain).toMatchObject({ status: 'verified', can_send: true });
  expect(done.json.missing).toEqual([]);
  const shown = await web.request('GET', `/api/domains/${name}`);
  const states = Object.fromEntries(
    (shown.json.records as { purpose: string; status: string }[]).map((r) => [r.purpose, r.status]),
  );
  expect(states).toEqual({
    ownership: 'verified',
    dkim: 'verified',
    mail_from: 'missing',
    spf: 'missing',
    dmarc: 'missing',
  });

  expect((await web.request('POST', '/api/domains', { name, sending_mode: 'shared' })).json.error).toBe(
    'domain_exists',
  );
  const bad = await web.request('POST', '/api/domains', { name: 'not a domain', sending_mode: 'shared' });
  expect([bad.status, bad.json.errors]).toEqual([400, { name: [expect.stringMatching(/not a domain name/)] }]);
  const byoc = await web.request('POST', '/api/domains', { name: `${uniqueName('b')}.example`, sending_mode: 'byoc' });
  expect([byoc.status, byoc.json.error]).toEqual([409, 'byoc_setup_required']);
  documented('/api/domains', 'post', byoc);

  const deleted = await web.request('DELETE', `/api/domains/${name}`);
  expect(deleted.json).toEqual({ success: true, warnings: [] });
  expect((await web.request('GET', `/api/domains/${name}`)).status).toBe(404);
});

test('keys: field errors, domain scope from the account only, expiry, and revocation on the next request', async () => {
  const { web, accountId } = await signedIn();
  const domain = `${uniqueName('k')}.example`;
  await web.request('POST', '/api/domains', { name: domain, sending_mode: 'shared' });
  await stack
    .db('domains')
    .where({ name: domain })
    .update({ ownership_verified_at: stack.db.fn.now(), dkim_verified_at: stack.db.fn.now() });

  const invalid = await web.request('POST', '/api/api-keys', { name: '', permission: 'admin', expires_at: 'tomorrow' });
  expect(invalid.status).toBe(400);
  documented('/api/api-keys', 'post', invalid);
  expect(Object.keys(invalid.json.errors as object).sort()).toEqual(['expires_at', 'name', 'permission']);
  const past = await web.request('POST', '/api/api-keys', { name: 'old', expires_at: '2020-01-01T00:00:00Z' });
  expect(past.json.errors).toEqual({ expires_at: ['the expiry must be a date in the future'] });
  const foreign = await web.request('POST', '/api/api-keys', { name: 'x', domains: ['someone-else.example'] });
  expect(foreign.json.errors).toEqual({ domains: [expect.stringContaining('someone-else.example')] });

  const expiring = await web.request('POST', '/api/api-keys', {
    name: 'ci',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(expiring.json.api_key).toMatchObject({ permission: 'sending', domains: [], state: 'active' });
  const secret = String(expiring.json.secret);
  expect((await send(stack, secret, testSendBody(stack, domain))).status).toBe(200);
  const keys = await web.request('GET', '/api/api-keys');
  documented('/api/api-keys', 'get', keys);
  const id = (expiring.json.api_key as { id: string }).id;
  expect(
    (keys.json.api_keys as { id: string; last_used_at: string | null }[]).find((k) => k.id === id)!.last_used_at,
  ).not.toBeNull();
  const revoked = await web.request('DELETE', `/api/api-keys/${id}`);
  documented('/api/api-keys/{id}', 'delete', revoked);
  expect((await send(stack, secret, testSendBody(stack, domain))).status).toBe(401);
  expect(
    await stack.db('account_audit').where({ account_id: accountId, action: 'api_key.revoke' }).first('actor'),
  ).toMatchObject({ actor: expect.stringMatching(/^user:/) });
});

test('webhooks: Growth or Pro only; events, URL and the switch change; an inactive endpoint gets no test event', async () => {
  const free = await signedIn(null);
  const refused = await free.web.request('POST', '/api/webhooks', {
    url: 'https://hooks.example.com/x',
    events: ['email.delivered'],
  });
  expect([refused.status, refused.json.error]).toEqual([403, 'plan_required']);

  const { web } = await signedIn();
  const invalid = await web.request('POST', '/api/webhooks', { url: 'ftp://x', events: [] });
  expect(invalid.status).toBe(400);
  expect(Object.keys(invalid.json.errors as object)).toEqual(['events']);
  const privateUrl = await web.request('POST', '/api/webhooks', {
    url: 'http://10.1.2.3/hook',
    events: ['email.sent'],
  });
  expect(privateUrl.json.errors).toHaveProperty('url');

  const created = await web.request('POST', '/api/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    events: ['email.sent'],
  });
  const id = (created.json.webhook as { id: string }).id;
  expect(String(created.json.signing_secret)).toMatch(/^whsec_[0-9a-f]{64}$/);
  const patched = await web.request('PATCH', `/api/webhooks/${id}`, {
    events: ['email.delivered', 'email.complained'],
    active: false,
  });
  documented('/api/webhooks/{id}', 'patch', patched);
  expect(patched.json).toMatchObject({ events: ['email.delivered', 'email.complained'], active: false });
  const list = await web.request('GET', '/api/webhooks');
  expect(JSON.stringify(list.json)).not.toContain(String(created.json.signing_secret));
  const inactive = await web.request('POST', `/api/webhooks/${id}/test`, {});
  expect([inactive.status, inactive.json.error]).toEqual([409, 'webhook_inactive']);
  await web.request('PATCH', `/api/webhooks/${id}`, { active: true });
  // Nobody listens on port 9: the attempt fails, is answered and recorded.
  const failed = await web.request('POST', `/api/webhooks/${id}/test`);
  expect(failed.json.delivery).toMatchObject({
    succeeded: false,
    status_code: null,
    event_type: 'email.delivered',
    test: true,
  });
  expect((await web.request('PATCH', `/api/webhooks/${id}`, {})).status).toBe(400);
  expect((await web.request('DELETE', `/api/webhooks/${id}`)).status).toBe(200);
  expect((await web.request('GET', `/api/webhooks/${id}/deliveries`)).status).toBe(404);
});

test('BYOC: policy and ExternalId, save-and-validate with the documented reasons, CloudFormation after the first save', async () => {
  const { web } = await signedIn(null);
  const before = await web.request('GET', '/api/byoc');
  documented('/api/byoc', 'get', before);
  expect(before.json).toMatchObject({ configured: false, byoc_configured: false, external_id: null });
  expect((await web.request('GET', '/api/byoc/cloudformation')).json.error).toBe('byoc_setup_required');
  expect((await web.request('POST', '/api/byoc/validate')).json.error).toBe('byoc_setup_required');
  const badArn = await web.request('PUT', '/api/byoc', { role_arn: 'arn:aws:iam::123:role/Other', region: 'mars-1' });
  expect(Object.keys(badArn.json.errors as object)).toEqual(['role_arn']);

  // The role exists but trusts another ExternalId (not this account's yet).
  await moto.configureByocRole({ externalId: 'f'.repeat(48) });
  const saved = await web.request('PUT', '/api/byoc', { role_arn: BYOC_ROLE_ARN, region: 'us-east-1' });
  expect(saved.status).toBe(200);
  documented('/api/byoc', 'put', saved);
  expect(saved.json.validation).toMatchObject({ ok: false, code: 'assume_role_failed' });
  const externalId = String((saved.json.byoc as { external_id: string }).external_id);
  expect(externalId).toMatch(/^[0-9a-f]{48}$/);

  const policy = await web.request('GET', '/api/byoc/policy');
  documented('/api/byoc/policy', 'get', policy);
  expect(policy.json.trust_policy).toMatchObject({
    Statement: [{ Condition: { StringEquals: { 'sts:ExternalId': externalId } } }],
  });
  expect((policy.json.permissions_policy as { Statement: { Action: string[] }[] }).Statement[0]!.Action).toHaveLength(
    11,
  );
  const template = await web.request('GET', '/api/byoc/cloudformation');
  documented('/api/byoc/cloudformation', 'get', template);
  expect(template.headers.get('content-disposition')).toMatch(/attachment/);
  const role = (template.json.Resources as Record<string, { Properties: Record<string, unknown> }>).ServiceBYOCRole!
    .Properties;
  expect(role.RoleName).toBe('Service-BYOC-Role');
  expect(role.AssumeRolePolicyDocument).toEqual(policy.json.trust_policy);

  // The customer creates the role as the template says; validation then passes.
  await moto.configureByocRole({ externalId });
  const validated = await eventually('BYOC validates', async () => {
    const res = await web.request('POST', '/api/byoc/validate');
    return (res.json.validation as { ok: boolean }).ok ? res : undefined;
  });
  documented('/api/byoc/validate', 'post', validated);
  expect(validated.json.byoc).toMatchObject({ byoc_configured: true, external_id: externalId, validation_error: null });
});

test('the email log: filters, newest first, and cursor pages that neither skip nor repeat', async () => {
  const owner = await signedIn();
  const sender = await createSender(stack.db);
  // Send as a key of the signed-in account: move the fixture's domain and key there.
  await stack.db('domains').where({ name: sender.domain }).update({ account_id: owner.accountId });
  await stack.db('api_keys').where({ account_id: sender.account.id }).update({ account_id: owner.accountId });
  const ids: string[] = [];
  for (const to of ['delivered', 'bounce', 'delivered', 'complaint', 'delivered']) {
    const res = await send(
      stack,
      sender.apiKey,
      testSendBody(stack, sender.domain, { to: `${to}@${stack.config.testDomain}` }),
    );
    ids.push(String(res.json.message_id));
  }
  // The log rows are written by the workflows, so wait for all five to exist, not only for none to be pending.
  await eventually('all settled', async () => {
    const rows = await stack.db('email_log').whereIn('message_id', ids).select('status');
    return rows.length === ids.length && rows.every((r: { status: string }) => !['queued', 'sent'].includes(r.status))
      ? true
      : undefined;
  });
  const pages: string[] = [];
  let cursor: string | null = null;
  do {
    const res: Awaited<ReturnType<WebClient['request']>> = await owner.web.request(
      'GET',
      `/api/emails?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    documented('/api/emails', 'get', res);
    pages.push(...(res.json.emails as { message_id: string }[]).map((e) => e.message_id));
    cursor = res.json.next_cursor as string | null;
  } while (cursor);
  expect(pages).toEqual([...ids].reverse());
  const bounced = await owner.web.request('GET', '/api/emails?status=bounced');
  expect(
    (bounced.json.emails as { message_id: string; bounce_type: string }[]).map((e) => [e.message_id, e.bounce_type]),
  ).toEqual([[ids[1], 'Permanent']]);
  const byRecipient = await owner.web.request('GET', '/api/emails?recipient=COMPLAINT@');
  expect((byRecipient.json.emails as { message_id: string }[]).map((e) => e.message_id)).toEqual([ids[3]]);
  expect((await owner.web.request('GET', '/api/emails?since=2999-01-01')).json.emails).toEqual([]);
  const invalid = await owner.web.request('GET', '/api/emails?status=lost&cursor=garbage&since=yesterday&limit=0');
  expect(Object.keys(invalid.json.errors as object).sort()).toEqual(['limit', 'since', 'status']);
  const badCursor = await owner.web.request('GET', '/api/emails?cursor=garbage');
  expect(badCursor.json.errors).toEqual({ cursor: [expect.stringMatching(/cursor/)] });
  const complaint = await owner.web.request('GET', `/api/emails/${ids[3]}`);
  expect((complaint.json.timeline as { type: string }[]).map((e) => e.type)).toEqual(['queued', 'sent', 'complained']);
  const bounce = await owner.web.request('GET', `/api/emails/${ids[1]}`);
  expect((bounce.json.timeline as { type: string; details: object }[])[2]).toMatchObject({
    type: 'bounced',
    details: { bounce_type: 'Permanent', bounce_subtype: 'General' },
  });
});

test('a domain an operator marked verified says so instead of showing its records as found', async () => {
  const { web, accountId } = await signedIn();
  const name = `${uniqueName('ops')}.example`;
  await web.request('POST', '/api/domains', { name, sending_mode: 'shared' });
  await markDomainVerified(stack.db, name, 'operator:test', accountId); // what `postage-admin domain verify` does
  const shown = await web.request('GET', `/api/domains/${name}`);
  documented('/api/domains/{name}', 'get', shown);
  const records = shown.json.records as { purpose: string; required: boolean; status: string }[];
  expect(shown.json).toMatchObject({ status: 'verified', can_send: true, verified_by: 'operator' });
  // Ownership (and DKIM, where the domain has DKIM records) say who vouched; no record reads as found.
  expect(records.find((r) => r.purpose === 'ownership')?.status).toBe('operator');
  expect(records.filter((r) => r.required).every((r) => r.status === 'operator')).toBe(true);
  expect(records.some((r) => r.status === 'verified')).toBe(false);
});

test('suppressions: add (normalised, once), search, pages, remove, and field errors', async () => {
  const owner = await signedIn();
  const added = await owner.web.request('POST', '/api/suppressions', { address: 'Blocked@Example.org' });
  expect(added.status).toBe(201);
  documented('/api/suppressions', 'post', added);
  expect(added.json).toMatchObject({ added: true, suppression: { address: 'blocked@example.org', reason: 'manual' } });
  const again = await owner.web.request('POST', '/api/suppressions', { address: 'blocked@example.org' });
  expect([again.status, again.json.added]).toEqual([200, false]);
  for (let i = 0; i < 3; i++)
    await owner.web.request('POST', '/api/suppressions', { address: `other${i}@example.net` });
  const search = await owner.web.request('GET', '/api/suppressions?search=example.net&limit=2');
  documented('/api/suppressions', 'get', search);
  expect((search.json.suppressions as unknown[]).length).toBe(2);
  const rest = await owner.web.request(
    'GET',
    `/api/suppressions?search=example.net&limit=2&cursor=${String(search.json.next_cursor)}`,
  );
  expect((rest.json.suppressions as unknown[]).length).toBe(1);
  expect(rest.json.next_cursor).toBeNull();
  // One address looked up, in any case; an address not on the list is a 404.
  const one = await owner.web.request('GET', `/api/suppressions/${encodeURIComponent('BLOCKED@example.org')}`);
  documented('/api/suppressions/{address}', 'get', one);
  expect([one.status, one.json]).toEqual([
    200,
    {
      address: 'blocked@example.org',
      reason: 'manual',
      topic: null,
      created_at: (added.json.suppression as { created_at: string }).created_at,
    },
  ]);
  const none = await owner.web.request('GET', `/api/suppressions/${encodeURIComponent('other9@example.net')}`);
  documented('/api/suppressions/{address}', 'get', none);
  expect([none.status, none.json.error]).toEqual([404, 'not_found']);
  const removed = await owner.web.request('DELETE', `/api/suppressions/${encodeURIComponent('blocked@example.org')}`);
  documented('/api/suppressions/{address}', 'delete', removed);
  expect(
    (await owner.web.request('DELETE', `/api/suppressions/${encodeURIComponent('blocked@example.org')}`)).status,
  ).toBe(404);
  expect((await owner.web.request('POST', '/api/suppressions', { address: 'nope' })).json.errors).toHaveProperty(
    'address',
  );
});

test('suppressions by topic: an entry per topic beside the all-mail one, each read and lifted with ?topic=', async () => {
  const owner = await signedIn();
  const address = encodeURIComponent('reader@example.org');
  const topical = await owner.web.request('POST', '/api/suppressions', {
    address: 'reader@example.org',
    topic: 'product-news',
  });
  documented('/api/suppressions', 'post', topical);
  expect([topical.status, topical.json.suppression]).toEqual([
    201,
    { address: 'reader@example.org', reason: 'manual', topic: 'product-news', created_at: expect.any(String) },
  ]);
  // The all-mail entry is another entry; without ?topic= it is the one asked for.
  expect((await owner.web.request('GET', `/api/suppressions/${address}`)).status).toBe(404);
  expect((await owner.web.request('POST', '/api/suppressions', { address: 'reader@example.org' })).status).toBe(201);
  const list = await owner.web.request('GET', '/api/suppressions?search=reader@');
  // Newest first.
  expect((list.json.suppressions as { topic: string | null }[]).map((e) => e.topic)).toEqual([null, 'product-news']);
  const lifted = await owner.web.request('DELETE', `/api/suppressions/${address}?topic=product-news`);
  documented('/api/suppressions/{address}', 'delete', lifted);
  expect(lifted.status).toBe(200);
  expect((await owner.web.request('GET', `/api/suppressions/${address}?topic=product-news`)).status).toBe(404);
  expect((await owner.web.request('GET', `/api/suppressions/${address}`)).json.topic).toBeNull();
  const bad = await owner.web.request('POST', '/api/suppressions', { address: 'reader@example.org', topic: 'No' });
  expect([bad.status, Object.keys(bad.json.errors as object)]).toEqual([400, ['topic']]);
  const badQuery = await owner.web.request('DELETE', `/api/suppressions/${address}?topic=No%20Such`);
  expect([badQuery.status, Object.keys(badQuery.json.errors as object)]).toEqual([400, ['topic']]);
});

test('usage: allowance and use per mode this month, and every day of the previous and current month', async () => {
  const owner = await signedIn('growth');
  const now = new Date();
  await setUsage(stack.db, owner.accountId, 'shared', 7, `${now.toISOString().slice(0, 7)}-01`);
  await stack
    .db('usage_daily')
    .insert({ account_id: owner.accountId, day: now.toISOString().slice(0, 10), mode: 'shared', count: 7 });
  const res = await owner.web.request('GET', '/api/usage');
  documented('/api/usage', 'get', res);
  expect(res.json).toMatchObject({
    plan: 'growth',
    month: now.toISOString().slice(0, 7),
    allowance: { shared: 50000, byoc: 50000 },
    used: { shared: 7, byoc: 0 },
  });
  const days = res.json.days as { day: string; shared: number }[];
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  expect(days[0]!.day).toBe(previous.toISOString().slice(0, 10));
  expect(days.find((d) => d.day === now.toISOString().slice(0, 10))!.shared).toBe(7);
  expect(days.every((d, i) => i === 0 || Date.parse(d.day) - Date.parse(days[i - 1]!.day) === 86_400_000)).toBe(true);
});

test('a send counts toward the day it was accepted in, in the same statement as the month', async () => {
  const sender = await createSender(stack.db);
  for (let i = 0; i < 3; i++)
    expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200);
  const [daily] = await stack
    .db('usage_daily')
    .where({ account_id: sender.account.id, mode: 'shared' })
    .select('count');
  const [monthly] = await stack
    .db('usage_counters')
    .where({ account_id: sender.account.id, mode: 'shared' })
    .select('count');
  expect([daily.count, monthly.count]).toEqual([3, 3]);
});

test('a path parameter PostgreSQL cannot hold (a NUL) is simply not found, never a 500', async () => {
  // Found by the fuzz suite: DELETE /api/domains/%00 reached PostgreSQL and failed with an encoding error.
  const { web } = await signedIn();
  for (const [method, path] of [
    ['DELETE', '/api/domains/%00'],
    ['GET', '/api/domains/%00'],
    ['POST', '/api/domains/a%00b.example/verify'],
    ['DELETE', '/api/suppressions/x%00%40example.org'],
  ] as const) {
    const res = await web.request(method, path);
    expect({ path, status: res.status, error: res.json.error }).toEqual({ path, status: 404, error: 'not_found' });
  }
});
