// GET /api/me/: exactly the nine fields, scoped to the key's account, usage from the counters
// sending uses (current UTC month, 0 without a row), and no secrets; GET /api/me/key: the key itself.
import { createApiKey } from '../../core/accounts/apiKeys';
import { createWebhookEndpoint } from '../../core/webhooks/webhookEndpoints';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { addVerifiedDomain, configureByoc, verifyOwnershipOnly } from './helpers/accounts';
import { call, me, send, testSendBody } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

test('a Growth account with one verified shared domain and no sends yet', async () => {
  const s = await createSender(stack.db, { plan: 'growth' });
  const res = await me(stack, s.apiKey);
  expect(res.status).toBe(200);
  documented('/api/me/', 'get', res);
  expect(res.json).toEqual({
    name: 'Test account',
    email: s.account.email,
    is_verified: true,
    current_plan: 'growth',
    byoc_usage_current_month: 0,
    shared_usage_current_month: 0,
    byoc_configured: false,
    verified_byoc_domains: [],
    verified_shared_domains: [s.domain],
  });
});

test('a free BYOC account: empty plan, BYOC status, only fully verified domains, sorted', async () => {
  const s = await createSender(stack.db, { plan: null, mode: 'byoc', verified: false });
  const names = ['b', 'a', 'c'].map((p) => `${p}-${uniqueName('d')}.example.com`);
  await addDomain(stack.db, { accountId: s.account.id, name: names[0]!, mode: 'byoc' }, 'test');
  await markDomainVerified(stack.db, names[0]!, 'test');
  await addDomain(stack.db, { accountId: s.account.id, name: names[1]!, mode: 'shared' }, 'test');
  await markDomainVerified(stack.db, names[1]!, 'test');
  await addDomain(stack.db, { accountId: s.account.id, name: names[2]!, mode: 'byoc' }, 'test');
  await verifyOwnershipOnly(stack.db, names[2]!); // DKIM pending: not listed

  const before = await me(stack, s.apiKey);
  expect(before.json).toMatchObject({
    is_verified: false,
    current_plan: '',
    byoc_configured: false,
    verified_byoc_domains: [names[0], s.domain].sort(),
    verified_shared_domains: [names[1]],
  });
  await configureByoc(stack.db, s.account.id);
  expect((await me(stack, s.apiKey)).json.byoc_configured).toBe(true);
  await stack
    .db('byoc_configs')
    .where({ account_id: s.account.id })
    .update({ unusable_reason: 'AccessDenied', unusable_at: stack.db.fn.now() });
  expect((await me(stack, s.apiKey)).json.byoc_configured).toBe(false);
});

test('usage counts the sends of this month, per mode, from the same counters as sending', async () => {
  const s = await createSender(stack.db, { plan: 'growth' });
  const byocDomain = await addVerifiedDomain(stack.db, s.account.id, 'byoc');
  await configureByoc(stack.db, s.account.id);
  for (let i = 0; i < 2; i++) expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(200);
  expect(
    (await send(stack, s.apiKey, testSendBody(stack, byocDomain, { to: `x@${stack.config.simulatorDomain}` }))).status,
  ).toBe(200);
  expect(await send(stack, s.apiKey, testSendBody(stack, `${uniqueName('nope')}.example.com`))).toMatchObject({
    status: 403,
  }); // refused: not counted
  const res = await me(stack, s.apiKey);
  expect(res.json).toMatchObject({ byoc_usage_current_month: 1, shared_usage_current_month: 2 });
});

test('each key sees only its own account', async () => {
  const [a, b] = [await createSender(stack.db), await createSender(stack.db)];
  await send(stack, a.apiKey, testSendBody(stack, a.domain));
  const [ra, rb] = [await me(stack, a.apiKey), await me(stack, b.apiKey)];
  expect(ra.json).toMatchObject({
    email: a.account.email,
    verified_shared_domains: [a.domain],
    shared_usage_current_month: 1,
  });
  expect(rb.json).toMatchObject({
    email: b.account.email,
    verified_shared_domains: [b.domain],
    shared_usage_current_month: 0,
  });
});

test('no secret of any kind is returned', async () => {
  const s = await createSender(stack.db);
  await configureByoc(stack.db, s.account.id);
  const { signingSecret } = await createWebhookEndpoint(
    stack.db,
    stack.config.secretKey,
    { accountId: s.account.id, url: 'http://127.0.0.1:9/postage-hooks', events: ['email.delivered'] },
    'test',
    {
      allowedPrivateAddresses: stack.config.webhooks.allowedPrivateAddresses,
    },
  );
  const byoc = await stack
    .db('byoc_configs')
    .where({ account_id: s.account.id })
    .first<{ external_id: string; role_arn: string }>();
  const text = JSON.stringify((await me(stack, s.apiKey)).json);
  for (const secret of [
    s.apiKey,
    s.apiKey.split('_')[2]!,
    signingSecret,
    byoc!.external_id,
    byoc!.role_arn,
    stack.config.secretKey,
  ]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/pk_|arn:|secret|external/i);
});

test('GET /api/me/key: a sending key reads its own permission and domain scope, as the key list shows it, never its secret', async () => {
  const s = await createSender(stack.db);
  const scoped = await createSender(stack.db);
  const key = await createApiKey(
    stack.db,
    { accountId: scoped.account.id, name: 'scoped app', permission: 'sending', domainScope: [scoped.domain] },
    'test',
  );
  for (const [secret, expected] of [
    [s.apiKey, { name: 'test key', permission: 'sending', domains: [], state: 'active' }],
    [key.secret, { name: 'scoped app', permission: 'sending', domains: [scoped.domain], state: 'active' }],
  ] as const) {
    const res = await call(`${stack.baseUrl}/api/me/key`, { headers: { 'X-API-Key': secret } });
    expect(res.status).toBe(200);
    documented('/api/me/key', 'get', res);
    expect(res.json).toMatchObject({ ...expected, prefix: secret.split('_').slice(0, 2).join('_') });
    expect(JSON.stringify(res.json)).not.toContain(secret);
  }
});
