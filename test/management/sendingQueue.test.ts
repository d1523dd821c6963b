// GET /api/sending/queue (docs/sending.md, "Pace and fair shares"): each account sees its own
// messages waiting for their turn at SES, put there by the pacer itself, the pace and the expected
// wait; never another account's counts. Redis away: the documented 503.
import type { Server } from 'node:http';
import Redis from 'ioredis';
import { createApp } from '../../api/app';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createLogger } from '../../core/platform/logger';
import { sesPacerFor, type SendingAccount, type SendLane, type SesPacer } from '../../core/sending/sesPacing';
import { freePort } from '../../tools/stack/processes';
import { configureByoc } from '../api/helpers/accounts';
import type { ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { createSender, uniqueName } from '../helpers/fixtures';
import { listenLocally, startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { keyRequest } from './helpers';

let stack: ServiceStack;
let pacer: SesPacer;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  pacer = sesPacerFor(stack.redis, stack.config);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
});

interface Account {
  id: string;
  /** A full_access key: what reading the queue takes. */
  secret: string;
}

async function account(): Promise<Account> {
  const sender = await createSender(stack.db);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return { id: sender.account.id, secret };
}

function readQueue(who: Account, baseUrl = stack.baseUrl): Promise<ApiResponse> {
  return keyRequest(baseUrl, who.secret)('GET', '/api/sending/queue');
}

/** Messages of `accountId` that the pacer tells to wait (the sending account's turn is taken first). */
async function queueUp(at: SendingAccount, accountId: string, lane: SendLane, count: number): Promise<void> {
  await pacer.take(at, { messageId: uniqueName('ahead'), accountId: uniqueName('other'), lane: 'single' });
  for (let i = 0; i < count; i++) {
    const turn = await pacer.take(at, { messageId: uniqueName('waiting'), accountId, lane });
    if (turn.go) throw new Error('the pacer let a message go at once: the test expects it to wait');
  }
}

async function queues(who: Account): Promise<Record<string, unknown>> {
  const res = await readQueue(who);
  expect(res.status).toBe(200);
  documented('/api/sending/queue', 'get', res);
  return res.json;
}

test('an account sees its own messages waiting at the shared SES account, by lane, with the pace and its expected wait', async () => {
  const owner = await account();
  await queueUp('shared', owner.id, 'single', 2);
  await queueUp('shared', owner.id, 'bulk', 3);
  const { shared, byoc } = (await queues(owner)) as { shared: Record<string, unknown>; byoc: unknown };
  expect(shared).toEqual({
    waiting: { single: 2, bulk: 3 },
    pace_per_second: 0.95,
    send_rate_per_second: 1,
    expected_wait_seconds: expect.any(Number),
    last_throttled_at: null,
  });
  expect(shared.expected_wait_seconds).toBeGreaterThanOrEqual(3);
  expect(byoc).toBeNull();
});

test('an account never sees another account’s waiting messages, nor how many accounts wait', async () => {
  const busy = await account();
  const quiet = await account();
  await queueUp('shared', busy.id, 'bulk', 4);
  const { shared } = (await queues(quiet)) as { shared: Record<string, unknown> };
  expect(shared).toMatchObject({ waiting: { single: 0, bulk: 0 }, expected_wait_seconds: 0 });
  expect(shared).not.toHaveProperty('accounts_waiting');
});

test('an account with BYOC saved sees its queue at its own SES account too', async () => {
  const owner = await account();
  await configureByoc(stack.db, owner.id);
  await queueUp(`byoc:${owner.id}`, owner.id, 'single', 1);
  const { byoc } = (await queues(owner)) as { byoc: Record<string, unknown> };
  expect(byoc).toMatchObject({ waiting: { single: 1, bulk: 0 }, last_throttled_at: null });
});

test('a throttle within the hour is shown with its time, and the pace is below the send rate for a while', async () => {
  const owner = await account();
  const before = Date.now();
  await configureByoc(stack.db, owner.id);
  await pacer.throttled(`byoc:${owner.id}`);
  const { byoc } = (await queues(owner)) as {
    byoc: { pace_per_second: number; send_rate_per_second: number; last_throttled_at: string };
  };
  expect(Date.parse(byoc.last_throttled_at)).toBeGreaterThanOrEqual(before - 1000);
  expect(byoc.pace_per_second).toBeLessThan(byoc.send_rate_per_second);
});

describe('Redis unreachable', () => {
  let server: Server;
  let baseUrl: string;
  let deadRedis: Redis;

  beforeAll(async () => {
    deadRedis = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    deadRedis.on('error', () => undefined);
    const app = createApp({
      config: stack.config,
      db: stack.db,
      redis: deadRedis,
      temporal: stack.temporal,
      logger: createLogger('silent', 'test'),
    });
    ({ server, baseUrl } = await listenLocally(app));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    deadRedis?.disconnect();
  });

  test('the queue answers 503 service_unavailable in the documented shape, with Retry-After', async () => {
    const owner = await account();
    const res = await readQueue(owner, baseUrl);
    expect(res).toMatchObject({
      status: 503,
      json: { success: false, error: 'service_unavailable', detail: expect.any(String) },
    });
    expect(res.headers.get('Retry-After')).toBe('5');
    documented('/api/sending/queue', 'get', res);
  });
});
