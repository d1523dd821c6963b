// 60 requests per minute per API key on /api/send/, shared by every API process through Redis;
// the 429 has no `error` code and carries Retry-After and X-RateLimit-* headers.
import Redis from 'ioredis';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createApp } from '../../api/app';
import { createLogger } from '../../core/platform/logger';
import { freePort } from '../../tools/stack/processes';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { inParallel, me, send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { NO_TRACES, tracesOf } from './helpers/traces';

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

/** A body every gate refuses at once (unregistered domain): cheap, and it leaves nothing behind. */
const refusedBody = () => testSendBody(stack, `${uniqueName('nowhere')}.example.com`);

function expectRateLimited(res: ApiResponse): void {
  expect(res.status).toBe(429);
  expect(res.json).toEqual({ success: false, detail: expect.any(String) });
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  expect(res.headers.get('X-RateLimit-Remaining')).toBe('0');
  documented('/api/send/', 'post', res);
}

test('the 61st request of a minute gets 429 without an error code; nothing is queued', async () => {
  const s = await createSender(stack.db);
  const before = Math.floor(Date.now() / 1000);
  const responses = await inParallel(60, () => send(stack, s.apiKey, refusedBody()));
  const after = Date.now();
  expect(responses.every((r) => r.status === 403)).toBe(true);
  expect(responses.every((r) => r.headers.get('X-RateLimit-Limit') === '60')).toBe(true);
  const remaining = responses.map((r) => Number(r.headers.get('X-RateLimit-Remaining'))).sort((a, b) => a - b);
  expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
  const reset = Number(responses[0]!.headers.get('X-RateLimit-Reset'));
  // The 60-second window began with the first counted request, somewhere between `before` and
  // `after`; Reset is its end, rounded up to a whole second.
  expect(reset).toBeGreaterThanOrEqual(before + 60);
  expect(reset).toBeLessThanOrEqual(Math.ceil(after / 1000) + 60);

  const limited = await send(stack, s.apiKey, testSendBody(stack, s.domain));
  expectRateLimited(limited);
  expect(await tracesOf(stack, s.account.id)).toEqual(NO_TRACES);
  // Checked before the body is read: a broken body is refused for the rate, not for its JSON.
  expectRateLimited(await send(stack, s.apiKey, '{"to":'));
  // Only /api/send/ is limited.
  expect((await me(stack, s.apiKey)).status).toBe(200);
});

test('every key has its own ceiling', async () => {
  const s = await createSender(stack.db);
  const { secret: second } = await createApiKey(stack.db, { accountId: s.account.id, name: 'second' }, 'test');
  await inParallel(60, () => send(stack, s.apiKey, refusedBody()));
  expectRateLimited(await send(stack, s.apiKey, refusedBody()));
  const other = await send(stack, second, testSendBody(stack, s.domain));
  expect(other.status).toBe(200);
  expect(other.headers.get('X-RateLimit-Remaining')).toBe('59');
});

async function listen(app: ReturnType<typeof createApp>): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

test('the limit is shared by every API process', async () => {
  const redis = new Redis(stack.config.redisUrl);
  const second = await listen(
    createApp({
      config: stack.config,
      db: stack.db,
      redis,
      temporal: stack.temporal,
      logger: createLogger('silent', 'second'),
    }),
  );
  try {
    const s = await createSender(stack.db);
    const results = await inParallel(60, (i) => send(i % 2 ? second : stack, s.apiKey, refusedBody()));
    expect(results.every((r) => r.status === 403)).toBe(true);
    expectRateLimited(await send(second, s.apiKey, refusedBody()));
    expectRateLimited(await send(stack, s.apiKey, refusedBody()));
  } finally {
    await second.close();
    redis.disconnect();
  }
});

test('with Redis unreachable, sending goes on and the limit is kept per process', async () => {
  const deadRedis = `redis://127.0.0.1:${await freePort()}`;
  const redis = new Redis(deadRedis, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const config = { ...stack.config, api: { ...stack.config.api, rateLimitPerMinute: 3 } };
  const api = await listen(
    createApp({ config, db: stack.db, redis, temporal: stack.temporal, logger: createLogger('silent', 'no-redis') }),
  );
  try {
    const s = await createSender(stack.db);
    const results: ApiResponse[] = [];
    for (let i = 0; i < 4; i++) results.push(await send(api, s.apiKey, testSendBody(stack, s.domain)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(results.map((r) => r.headers.get('X-RateLimit-Remaining'))).toEqual(['2', '1', '0', '0']);
  } finally {
    await api.close();
    redis.disconnect();
  }
});
