// The API when a store it depends on is down or stalled: every outbound call has a deadline, so a
// request answers in bounded time in the documented shape, and one tenant's stalled sends never
// hold the connections other tenants need.
import type { Server } from 'node:http';
import path from 'node:path';
import Redis from 'ioredis';
import { createApp } from '../../api/app';
import { loadConfig } from '../../core/platform/config';
import { createDb, type Db } from '../../core/platform/db';
import { createLogger } from '../../core/platform/logger';
import { lazyTemporalClient } from '../../core/platform/temporal';
import { freePort, type ManagedProcess } from '../../tools/stack/processes';
import { startPrivateRedis } from '../../tools/stack/redis';
import { startApiProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { listenLocally, startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { inParallel, me, send, testSendBody } from './helpers/http';
import { loadOpenApiCheck } from './helpers/openApi';
import { startTcpProxy, type TcpProxy } from './helpers/tcpProxy';

async function timed<T>(request: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await request();
  return { result, ms: performance.now() - started };
}

describe('Redis stalled (CLIENT PAUSE)', () => {
  let redisProcess: ManagedProcess;
  let stack: ServiceStack;
  let admin: Redis;

  beforeAll(async () => {
    const dir = path.join(testInfra().runDir, `redis-paused-${await freePort()}`);
    const redis = await startPrivateRedis({
      dataDir: dir,
      port: await freePort(),
      logFile: path.join(dir, 'redis.log'),
      persistent: false,
    });
    redisProcess = redis.process;
    stack = await startServiceStack({ worker: false, env: { REDIS_URL: redis.url } });
    admin = new Redis(redis.url);
  });
  afterAll(async () => {
    admin?.disconnect();
    await stack?.stop();
    await redisProcess?.stop();
  });

  test('a send answers within 2 s, rate-limited in memory meanwhile', async () => {
    const sender = await createSender(stack.db);
    expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200); // Redis in use
    await admin.call('CLIENT', 'PAUSE', '4000', 'ALL');
    const { result, ms } = await timed(() => send(stack, sender.apiKey, testSendBody(stack, sender.domain)));
    expect(result.status).toBe(200);
    expect(result.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(ms).toBeLessThan(2000);
  });
});

describe('PostgreSQL unreachable', () => {
  let proxy: TcpProxy;
  let database: TestDatabase;
  let proxiedDb: Db;
  let server: Server;
  let baseUrl: string;
  let redis: Redis;

  beforeAll(async () => {
    database = await createTestDatabase();
    const pg = new URL(database.url);
    proxy = await startTcpProxy(`${pg.hostname}:${pg.port}`);
    pg.host = proxy.address;
    const env = testEnv({ DATABASE_URL: pg.toString() });
    const config = loadConfig(env);
    proxiedDb = createDb(config.databaseUrl, { timeouts: config.db });
    redis = new Redis(config.redisUrl);
    const app = createApp({
      config,
      db: proxiedDb,
      redis,
      temporal: lazyTemporalClient(config),
      logger: createLogger('silent', 'test'),
    });
    ({ server, baseUrl } = await listenLocally(app));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await proxiedDb?.destroy();
    redis?.disconnect();
    await proxy?.close();
    await database?.drop();
  });

  test('GET /api/me/ answers 503 service_unavailable in the documented shape within 5 s, and 200 once it is back', async () => {
    const sender = await createSender(database.db);
    expect((await me({ baseUrl }, sender.apiKey)).status).toBe(200);
    const documented = await loadOpenApiCheck(baseUrl);
    await proxy.cut();
    // First the pooled connection dies under the request, then new connections are refused.
    for (let i = 0; i < 2; i++) {
      const { result, ms } = await timed(() => me({ baseUrl }, sender.apiKey));
      expect(ms).toBeLessThan(5000);
      expect(result).toMatchObject({
        status: 503,
        json: { success: false, error: 'service_unavailable', detail: expect.any(String) },
      });
      expect(result.headers.get('Retry-After')).toBe('5');
      documented('/api/me/', 'get', result);
    }
    await proxy.restore();
    await eventually('the API to reach PostgreSQL again', async () =>
      (await me({ baseUrl }, sender.apiKey)).status === 200 ? true : undefined,
    );
  });
});

describe('Temporal stalled', () => {
  let proxy: TcpProxy;
  let stack: ServiceStack;

  beforeAll(async () => {
    proxy = await startTcpProxy(testInfra().temporalAddress);
    stack = await startServiceStack({
      worker: false,
      env: { TEMPORAL_ADDRESS: proxy.address, TEMPORAL_START_TIMEOUT_MS: '3000' },
    });
  });
  afterAll(async () => {
    proxy?.resume();
    await stack?.stop();
    await proxy?.close();
  });

  test("one account's sends waiting on Temporal leave other accounts' requests fast", async () => {
    const [busy, other] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
    expect((await me(stack, other.apiKey)).status).toBe(200); // connections warmed up
    proxy.stall();
    const sends = inParallel(30, () => send(stack, busy.apiKey, testSendBody(stack, busy.domain)));
    await new Promise((r) => setTimeout(r, 500)); // the sends are past their gates, waiting on the start
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { result, ms } = await timed(() => me(stack, other.apiKey));
      expect(result.status).toBe(200);
      latencies.push(ms);
    }
    const answered = await sends;
    proxy.resume();
    // Before the fix each of these waited for a pool connection and got 503 after 3 s. The bound
    // is well below that and well above what another test file's CPU use adds on two cores (an
    // absolute 100 ms, and then "100 ms over the same requests just before", each failed once in
    // CI at 110 and 217 ms).
    expect(Math.max(...latencies)).toBeLessThan(1000);
    // Nothing was queued while Temporal stalled: every send was told so, none was accepted.
    expect(new Set(answered.map((r) => `${r.status} ${String(r.json.error)}`))).toEqual(new Set(['502 queue_error']));
  });
});

describe('Temporal unreachable when the API starts', () => {
  let proxy: TcpProxy;
  let database: TestDatabase;
  let api: { baseUrl: string; stop(): Promise<void> };

  beforeAll(async () => {
    proxy = await startTcpProxy(testInfra().temporalAddress);
    await proxy.cut();
    database = await createTestDatabase();
    api = await startApiProcess(
      testEnv({ DATABASE_URL: database.url, TEMPORAL_ADDRESS: proxy.address, TEMPORAL_START_TIMEOUT_MS: '1000' }),
    );
  });
  afterAll(async () => {
    await api?.stop();
    await proxy?.close();
    await database?.drop();
  });

  test('the API starts anyway, answers sends 502 queue_error, and reconnects by itself', async () => {
    const sender = await createSender(database.db);
    const body = {
      from_email: `hello@${sender.domain}`,
      to: 'delivered@test.postage.dev',
      subject: 'Hi',
      message: 'Hello.',
    };
    expect((await me(api, sender.apiKey)).status).toBe(200);
    expect(await send(api, sender.apiKey, body)).toMatchObject({ status: 502, json: { error: 'queue_error' } });
    await proxy.restore();
    await eventually(
      'a send to be accepted once Temporal is reachable',
      async () => ((await send(api, sender.apiKey, body)).status === 200 ? true : undefined),
      60_000,
    );
  }, 90_000);
});
