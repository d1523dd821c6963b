// Monthly quota: per account, per mode, per UTC calendar month, from the plans table; the free
// BYOC plan allows 50 BYOC sends; counting is atomic under real parallel requests.
import { utcMonthStart } from '../../core/platform/db';
import { setPlan } from '../../core/accounts/plans';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { addVerifiedDomain, configureByoc, setUsage } from './helpers/accounts';
import { inParallel, me, send, testSendBody, type ApiResponse } from './helpers/http';
import { tracesOf } from './helpers/traces';

let stack: ServiceStack;
const thisMonth = utcMonthStart();
const lastMonth = (() => {
  const d = new Date();
  return utcMonthStart(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 15)));
})();

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
});
afterAll(async () => stack?.stop());

const simulator = () => `${uniqueName('success')}@${stack.config.simulatorDomain}`;
const statuses = (rs: ApiResponse[]) => rs.map((r) => (r.status === 200 ? 200 : `${r.status} ${String(r.json.error)}`));

async function usage(stackKey: string): Promise<{ byoc: unknown; shared: unknown }> {
  const res = await me(stack, stackKey);
  return { byoc: res.json.byoc_usage_current_month, shared: res.json.shared_usage_current_month };
}

test('the free BYOC plan allows exactly 50 BYOC sends a month (50 sent in parallel, the 51st refused)', async () => {
  const s = await createSender(stack.db, { plan: null, mode: 'byoc' });
  await configureByoc(stack.db, s.account.id);
  const responses = await inParallel(50, () =>
    send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulator() })),
  );
  expect(statuses(responses)).toEqual(Array(50).fill(200));
  const over = await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulator() }));
  expect({ status: over.status, error: over.json.error }).toEqual({ status: 429, error: 'usage_limit_exceeded' });
  expect(await usage(s.apiKey)).toEqual({ byoc: 50, shared: 0 });
  expect(await tracesOf(stack, s.account.id)).toMatchObject({ counted: 50, staged: 50, workflows: 50 });
});

test('with one send left, 50 concurrent sends admit exactly one', async () => {
  await setPlan(stack.db, 'edge', { sharedMonthly: 10, byocMonthly: 10 });
  const s = await createSender(stack.db, { plan: 'edge' });
  await setUsage(stack.db, s.account.id, 'shared', 9, thisMonth);
  const responses = await inParallel(50, (i) =>
    send(stack, s.apiKey, testSendBody(stack, s.domain, { subject: `#${i}` })),
  );
  const tally = statuses(responses).reduce<Record<string, number>>(
    (acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }),
    {},
  );
  expect(tally).toEqual({ 200: 1, '429 usage_limit_exceeded': 49 });
  expect(await tracesOf(stack, s.account.id)).toMatchObject({ counted: 10, staged: 1, workflows: 1 });
});

test('quotas are counted per mode: a full shared month does not stop BYOC sends, and the reverse', async () => {
  const s = await createSender(stack.db, { plan: 'growth', mode: 'shared' });
  const byocDomain = await addVerifiedDomain(stack.db, s.account.id, 'byoc');
  await configureByoc(stack.db, s.account.id);

  await setUsage(stack.db, s.account.id, 'shared', 50_000, thisMonth);
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).json.error).toBe('usage_limit_exceeded');
  expect((await send(stack, s.apiKey, testSendBody(stack, byocDomain, { to: simulator() }))).status).toBe(200);

  await setUsage(stack.db, s.account.id, 'shared', 0, thisMonth);
  await setUsage(stack.db, s.account.id, 'byoc', 50_000, thisMonth);
  expect((await send(stack, s.apiKey, testSendBody(stack, byocDomain, { to: simulator() }))).json.error).toBe(
    'usage_limit_exceeded',
  );
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(200);
  expect(await usage(s.apiKey)).toEqual({ byoc: 50_000, shared: 1 });
});

test('quotas are per UTC calendar month: last month at the limit does not count', async () => {
  const s = await createSender(stack.db, { plan: null, mode: 'byoc' });
  await configureByoc(stack.db, s.account.id);
  await setUsage(stack.db, s.account.id, 'byoc', 50, lastMonth);
  expect(await usage(s.apiKey)).toEqual({ byoc: 0, shared: 0 });
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulator() }))).status).toBe(200);
  const rows = await stack
    .db('usage_counters')
    .where({ account_id: s.account.id })
    .orderBy('month')
    .select('month', 'count');
  expect(rows.map((r: { month: Date; count: number }) => r.count)).toEqual([50, 1]);
  expect(await usage(s.apiKey)).toEqual({ byoc: 1, shared: 0 });
});

test("the allowance is read from the plans table: raising a plan's quota lets the next send through", async () => {
  const plan = uniqueName('tiny');
  await setPlan(stack.db, plan, { sharedMonthly: 2, byocMonthly: 0 });
  const s = await createSender(stack.db, { plan });
  for (let i = 0; i < 2; i++) expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(200);
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).json.error).toBe('usage_limit_exceeded');
  await setPlan(stack.db, plan, { sharedMonthly: 3 });
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).status).toBe(200);
  expect(await usage(s.apiKey)).toEqual({ byoc: 0, shared: 3 });
});
