// The send gates (docs/sending.md, "Processing order"): every 403/422/429/503 row of the error
// table (docs/errors-and-limits.md) provoked through HTTP, each checked for its status, its code,
// and that nothing was queued, staged or counted; then the documented order, by walking one
// account through every gate.
import { createAccount, updateAccount } from '../../core/accounts/accounts';
import { createApiKey } from '../../core/accounts/apiKeys';
import { utcMonthStart } from '../../core/platform/db';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import { setPlan } from '../../core/accounts/plans';
import { removeSuppression, suppressAddress } from '../../core/accounts/suppressions';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { addVerifiedDomain, configureByoc, setUsage, verifyOwnershipOnly } from './helpers/accounts';
import { send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { NO_TRACES, tracesOf } from './helpers/traces';

let stack: ServiceStack;
let documented: DocumentedCheck;
const thisMonth = utcMonthStart();

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  documented = await loadOpenApiCheck(stack.baseUrl);
  await setPlan(stack.db, 'shared-only', { sharedMonthly: 1000, byocMonthly: 0 });
});
afterAll(async () => stack?.stop());

async function expectRefused(res: ApiResponse, status: number, code: string, accountId: string): Promise<void> {
  expect({ status: res.status, body: res.json }).toEqual({
    status,
    body: { success: false, error: code, detail: expect.any(String) },
  });
  documented('/api/send/', 'post', res);
  expect(await tracesOf(stack, accountId)).toEqual(NO_TRACES);
}

const simulatorRecipient = () => `${uniqueName('success')}@${stack.config.simulatorDomain}`;

describe('403 unauthorized', () => {
  test('the account email is not verified', async () => {
    const s = await createSender(stack.db, { verified: false });
    await expectRefused(await send(stack, s.apiKey, testSendBody(stack, s.domain)), 403, 'unauthorized', s.account.id);
  });

  test('shared mode without a Growth or Pro subscription (free BYOC plan)', async () => {
    const s = await createSender(stack.db, { plan: null, mode: 'shared' });
    await expectRefused(await send(stack, s.apiKey, testSendBody(stack, s.domain)), 403, 'unauthorized', s.account.id);
  });

  test.each(['delivered', 'Bounce', 'complained'])(
    'a test-domain recipient (%s) on a BYOC domain: nothing queued, nothing billed',
    async (local) => {
      const s = await createSender(stack.db, { plan: null, mode: 'byoc' });
      await configureByoc(stack.db, s.account.id);
      const res = await send(
        stack,
        s.apiKey,
        testSendBody(stack, s.domain, { to: `Tester <${local}@${stack.config.testDomain.toUpperCase()}>` }),
      );
      await expectRefused(res, 403, 'unauthorized', s.account.id);
    },
  );
});

describe('403 domain_not_registered', () => {
  test('a domain nobody registered', async () => {
    const s = await createSender(stack.db);
    await expectRefused(
      await send(stack, s.apiKey, testSendBody(stack, `${uniqueName('nowhere')}.example.com`)),
      403,
      'domain_not_registered',
      s.account.id,
    );
  });

  test("another account's verified domain", async () => {
    const s = await createSender(stack.db);
    const other = await createSender(stack.db);
    await expectRefused(
      await send(stack, s.apiKey, testSendBody(stack, other.domain)),
      403,
      'domain_not_registered',
      s.account.id,
    );
    expect(await tracesOf(stack, other.account.id)).toEqual(NO_TRACES);
  });
});

test('403 domain_not_allowed: the key is scoped to another domain of the account', async () => {
  const s = await createSender(stack.db);
  const second = await addVerifiedDomain(stack.db, s.account.id, 'shared');
  const { secret } = await createApiKey(
    stack.db,
    { accountId: s.account.id, name: 'scoped', domainScope: [second] },
    'test',
  );
  await expectRefused(
    await send(stack, secret, testSendBody(stack, s.domain)),
    403,
    'domain_not_allowed',
    s.account.id,
  );
  // The same key may send from the domain in its scope.
  expect((await send(stack, secret, testSendBody(stack, second))).status).toBe(200);
});

test('403 sending_suspended', async () => {
  const s = await createSender(stack.db);
  await updateAccount(stack.db, s.account.id, { suspended: true, suspendedReason: 'bounce rate above 5%' }, 'test');
  await expectRefused(
    await send(stack, s.apiKey, testSendBody(stack, s.domain)),
    403,
    'sending_suspended',
    s.account.id,
  );
});

test('403 domain_not_verified: ownership not confirmed', async () => {
  const s = await createSender(stack.db, { domainVerified: false });
  await expectRefused(
    await send(stack, s.apiKey, testSendBody(stack, s.domain)),
    403,
    'domain_not_verified',
    s.account.id,
  );
});

test('403 dkim_not_verified: ownership confirmed, DKIM not', async () => {
  const s = await createSender(stack.db, { domainVerified: false });
  await verifyOwnershipOnly(stack.db, s.domain);
  await expectRefused(
    await send(stack, s.apiKey, testSendBody(stack, s.domain)),
    403,
    'dkim_not_verified',
    s.account.id,
  );
});

test("403 domain_mode_mismatch: the plan's allowance for the domain's mode is 0", async () => {
  const s = await createSender(stack.db, { plan: 'shared-only', mode: 'byoc' });
  await configureByoc(stack.db, s.account.id);
  await expectRefused(
    await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulatorRecipient() })),
    403,
    'domain_mode_mismatch',
    s.account.id,
  );
});

describe('503 byoc_not_configured', () => {
  test('no BYOC configuration at all', async () => {
    const s = await createSender(stack.db, { plan: null, mode: 'byoc' });
    await expectRefused(
      await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulatorRecipient() })),
      503,
      'byoc_not_configured',
      s.account.id,
    );
  });

  test('a configuration that never passed validation', async () => {
    const s = await createSender(stack.db, { plan: null, mode: 'byoc' });
    await configureByoc(stack.db, s.account.id, { validated: false });
    await expectRefused(
      await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulatorRecipient() })),
      503,
      'byoc_not_configured',
      s.account.id,
    );
  });

  test('the relay found the role unusable', async () => {
    const s = await createSender(stack.db, { plan: 'growth', mode: 'byoc' });
    await configureByoc(stack.db, s.account.id, { unusable: 'AccessDenied: could not assume role' });
    await expectRefused(
      await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulatorRecipient() })),
      503,
      'byoc_not_configured',
      s.account.id,
    );
  });
});

describe('422 recipient_suppressed', () => {
  test('a real recipient on the list, whatever the case of the address', async () => {
    const s = await createSender(stack.db);
    await suppressAddress(stack.db, { accountId: s.account.id, address: 'gone@example.org', reason: 'bounce' });
    const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: 'Gone <GONE@Example.org>' }));
    await expectRefused(res, 422, 'recipient_suppressed', s.account.id);
  });

  test('a test send passes the same gate', async () => {
    const s = await createSender(stack.db);
    await suppressAddress(stack.db, {
      accountId: s.account.id,
      address: `complaint@${stack.config.testDomain}`,
      reason: 'complaint',
    });
    await expectRefused(
      await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: `complaint@${stack.config.testDomain}` })),
      422,
      'recipient_suppressed',
      s.account.id,
    );
  });
});

test('429 usage_limit_exceeded: the monthly quota is used up, also for test sends', async () => {
  const s = await createSender(stack.db, { plan: 'growth' });
  await setUsage(stack.db, s.account.id, 'shared', 50_000, thisMonth);
  const res = await send(stack, s.apiKey, testSendBody(stack, s.domain));
  expect({ status: res.status, body: res.json }).toEqual({
    status: 429,
    body: { success: false, error: 'usage_limit_exceeded', detail: expect.any(String) },
  });
  documented('/api/send/', 'post', res);
  const traces = await tracesOf(stack, s.account.id);
  expect(traces).toEqual({ ...NO_TRACES, counted: 50_000 });
});

test('the gates run in the documented order: one BYOC account walked through all of them', async () => {
  const account = await createAccount(
    stack.db,
    { email: `${uniqueName('walk')}@example.com`, plan: 'shared-only', verified: false },
    'test',
  );
  const domain = `${uniqueName('walk')}.example.com`;
  const elsewhere = `${uniqueName('walk-other')}.example.com`;
  await addDomain(stack.db, { accountId: account.id, name: domain, mode: 'byoc' }, 'test');
  await addDomain(stack.db, { accountId: account.id, name: elsewhere, mode: 'byoc' }, 'test');
  await updateAccount(stack.db, account.id, { suspended: true }, 'test');
  const scoped = (
    await createApiKey(stack.db, { accountId: account.id, name: 'scoped', domainScope: [elsewhere] }, 'test')
  ).secret;
  const open = (await createApiKey(stack.db, { accountId: account.id, name: 'open' }, 'test')).secret;
  const recipient = simulatorRecipient();
  await suppressAddress(stack.db, { accountId: account.id, address: recipient, reason: 'complaint' });
  await setUsage(stack.db, account.id, 'byoc', 50_000, thisMonth);

  let key = scoped;
  let body = testSendBody(stack, `${uniqueName('unregistered')}.example.com`, {
    to: `delivered@${stack.config.testDomain}`,
  });
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['domain_not_registered', async () => (body = { ...body, from_email: `hello@${domain}` })],
    ['domain_not_allowed', async () => (key = open)],
    ['unauthorized', () => updateAccount(stack.db, account.id, { verified: true }, 'test')],
    ['unauthorized', async () => (body = { ...body, to: recipient })], // test recipient on BYOC
    ['sending_suspended', () => updateAccount(stack.db, account.id, { suspended: false }, 'test')],
    ['domain_not_verified', () => verifyOwnershipOnly(stack.db, domain)],
    ['dkim_not_verified', () => markDomainVerified(stack.db, domain, 'test')],
    ['domain_mode_mismatch', () => updateAccount(stack.db, account.id, { plan: 'growth' }, 'test')],
    ['byoc_not_configured', () => configureByoc(stack.db, account.id)],
    ['recipient_suppressed', () => removeSuppression(stack.db, account.id, recipient)],
    ['usage_limit_exceeded', () => stack.db('usage_counters').where({ account_id: account.id }).delete()],
  ];
  const seen: string[] = [];
  for (const [, fix] of steps) {
    const res = await send(stack, key, body);
    seen.push(String(res.json.error));
    await fix();
  }
  expect(seen).toEqual(steps.map(([code]) => code));
  const traces = await tracesOf(stack, account.id);
  expect(traces).toEqual(NO_TRACES);

  const accepted = await send(stack, key, body);
  expect(accepted.status).toBe(200);
  expect(accepted.json).toMatchObject({ success: true, mode: 'byoc' });
  expect(await tracesOf(stack, account.id)).toEqual({ ...NO_TRACES, counted: 1, staged: 1, workflows: 1 });
});
