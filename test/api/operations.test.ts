// What operators see: /readyz names the dependency that is down (its name and state only: the
// endpoint is public, the reason goes to the log) and recovers with it, /metrics
// exposes Postage's series (and the worker's, with the Temporal SDK's own), and SIGTERM lets
// requests and activities in flight finish, so nothing accepted is lost.
import { Client, Connection } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../../api/app';
import { acceptMessage } from '../../core/sending/acceptMessage';
import type { MessageWorkflows } from '../../core/model/workflowContract';
import { loadConfig } from '../../core/platform/config';
import { createDb, type Db } from '../../core/platform/db';
import { createLogger } from '../../core/platform/logger';
import { createRedis } from '../../core/platform/redis';
import { lazyTemporalClient } from '../../core/platform/temporal';
import { freePort, waitFor } from '../../tools/stack/processes';
import { startApiProcess, startWorkerProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { inParallel, send, testSendBody } from './helpers/http';
import { startTcpProxy, type TcpProxy } from './helpers/tcpProxy';
import { tracesOf } from './helpers/traces';

/** The value of one series in Prometheus' text format, whatever the order of its labels. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (
      Object.keys(found).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => found[k] === v)
    )
      return Number(match[3]);
  }
  return undefined;
}

describe('GET /readyz', () => {
  const proxies: Record<'postgres' | 'redis' | 'temporal', TcpProxy> = {} as Record<
    'postgres' | 'redis' | 'temporal',
    TcpProxy
  >;
  let database: TestDatabase;
  let db: Db;
  let server: Server;
  let baseUrl: string;
  let stopStores: () => Promise<void>;
  /** What the API logged, one parsed pino line each. */
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const pg = new URL(database.url);
    const redis = new URL(testInfra().redisUrl);
    proxies.postgres = await startTcpProxy(`${pg.hostname}:${pg.port}`);
    proxies.redis = await startTcpProxy(`${redis.hostname}:${redis.port}`);
    proxies.temporal = await startTcpProxy(testInfra().temporalAddress);
    pg.host = proxies.postgres.address;
    redis.host = proxies.redis.address;
    const config = loadConfig(
      testEnv({ DATABASE_URL: pg.toString(), REDIS_URL: redis.toString(), TEMPORAL_ADDRESS: proxies.temporal.address }),
    );
    db = createDb(config.databaseUrl, { timeouts: config.db });
    const redisClient = createRedis(config);
    const temporal = lazyTemporalClient(config);
    server = await new Promise((resolve) => {
      const logger = createLogger('warn', 'test', {
        write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>),
      });
      const s = createApp({ config, db, redis: redisClient, temporal, logger }).listen(0, '127.0.0.1', () =>
        resolve(s),
      );
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stopStores = async () => {
      // A readiness call that failed while Temporal was cut may still have a gRPC retry scheduled;
      // closing the channel under it would throw from that timer.
      await new Promise((r) => setTimeout(r, 3000));
      redisClient.disconnect();
      await temporal.connection.close();
      await db.destroy();
    };
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await stopStores?.();
    await Promise.all(Object.values(proxies).map((p) => p.close()));
    await database?.drop();
  });

  const readiness = async () => {
    const res = await fetch(`${baseUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as { ready: boolean; checks: Record<string, string> } };
  };

  // Redis holds only rate-limit windows (kept per process while it is away): reported, still ready.
  test.each([
    ['postgres', false],
    ['redis', true],
    ['temporal', false],
  ] as const)(
    'when %s stops it is named (the reason only in the log; ready all the same: %s), and ok again when it returns',
    async (name, stillReady) => {
      // Every check, not the first 200: Redis is reported while it (re)connects and still ready.
      await eventually(
        'all three ok',
        async () => (Object.values((await readiness()).body.checks).every((c) => c === 'ok') ? true : undefined),
        60_000,
      );
      expect((await readiness()).body).toEqual({
        ready: true,
        checks: { postgres: 'ok', redis: 'ok', temporal: 'ok' },
      });
      await proxies[name].cut();
      const down = await eventually(`${name} to be reported`, async () => {
        const r = await readiness();
        return r.body.checks[name] === 'unreachable' ? r : undefined;
      });
      // Names and states only: no driver text (addresses, ports, TLS or user names) in a public answer.
      expect(down).toEqual({
        status: stillReady ? 200 : 503,
        body: { ready: stillReady, checks: { postgres: 'ok', redis: 'ok', temporal: 'ok', [name]: 'unreachable' } },
      });
      const reasons = logged.filter((l) => l.msg === 'readiness check failed' && l.check === name);
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons[0]).toMatchObject({ level: 40, cause: { message: expect.any(String) } });
      await proxies[name].restore();
      await eventually(
        `ok again after ${name} returned`,
        async () => ((await readiness()).body.checks[name] === 'ok' ? true : undefined),
        60_000,
      );
      expect((await readiness()).status).toBe(200);
    },
    120_000,
  );
});

describe('GET /metrics', () => {
  let stack: ServiceStack;
  beforeAll(async () => {
    stack = await startServiceStack({ worker: false });
  });
  afterAll(async () => stack?.stop());

  test('after a few sends the API exposes requests, latency, accepted sends and refusals', async () => {
    const sender = await createSender(stack.db);
    for (let i = 0; i < 3; i++)
      expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200);
    expect((await send(stack, sender.apiKey, testSendBody(stack, 'unknown.example'))).status).toBe(403);
    const res = await fetch(`${stack.baseUrl}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(sample(text, 'postage_sends_accepted_total', { mode: 'shared', kind: 'test', process: 'api' })).toBe(3);
    expect(sample(text, 'postage_send_refusals_total', { code: 'domain_not_registered', process: 'api' })).toBe(1);
    expect(
      sample(text, 'postage_http_requests_total', {
        route: '/api/send/',
        method: 'POST',
        status: '200',
        outcome: 'queued',
        process: 'api',
      }),
    ).toBe(3);
    expect(
      sample(text, 'postage_http_request_duration_seconds_count', {
        route: '/api/send/',
        method: 'POST',
        process: 'api',
      }),
    ).toBe(4);
    expect(sample(text, 'postage_rate_limit_memory_fallbacks_total', { process: 'api' })).toBe(0);
  });

  test('requests for ever new ids, tokens and paths add no series: requests are counted by route pattern', async () => {
    const sender = await createSender(stack.db);
    const requestLines = async () =>
      (await (await fetch(`${stack.baseUrl}/metrics`)).text())
        .split('\n')
        .filter((line) => line.startsWith('postage_http_request')).length;
    const distinct = (i: number) =>
      Promise.all(
        [
          `/api/emails/${randomUUID()}`,
          `/t/c/${randomUUID()}`,
          `/u/${randomUUID()}`,
          `/no-such-endpoint-${i}`,
          `/emails/${randomUUID()}`,
        ].map((route) => fetch(`${stack.baseUrl}${route}`, { headers: { 'X-API-Key': sender.apiKey } })),
      );
    await distinct(0);
    await requestLines(); // its own route's series, counted once it has answered
    const before = await requestLines();
    for (let i = 1; i <= 20; i++) await distinct(i);
    expect(await requestLines()).toBe(before);
  });

  test('with METRICS_TOKEN set, /metrics needs it; in production without one it is off', async () => {
    const config = loadConfig(testEnv({ DATABASE_URL: stack.database.url, METRICS_TOKEN: 'scrape-me' }));
    const app = createApp({
      config,
      db: stack.db,
      redis: stack.redis,
      temporal: stack.temporal,
      logger: createLogger('silent', 'test'),
    });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(404);
      expect((await fetch(url, { headers: { Authorization: 'Bearer scrape-me' } })).status).toBe(200);
    } finally {
      server.close();
    }
    const production = loadConfig({
      ...testEnv({ DATABASE_URL: stack.database.url }),
      NODE_ENV: 'production',
      RELAY_AWS_ACCOUNT_ID: '210987654321',
    });
    const prodApp = createApp({
      config: production,
      db: stack.db,
      redis: stack.redis,
      temporal: stack.temporal,
      logger: createLogger('silent', 'test'),
    });
    const prodServer: Server = await new Promise((resolve) => {
      const s = prodApp.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      expect((await fetch(`http://127.0.0.1:${(prodServer.address() as AddressInfo).port}/metrics`)).status).toBe(404);
    } finally {
      prodServer.close();
    }
  });
});

describe('the worker process', () => {
  test("serves /readyz and /metrics (its own series and the Temporal SDK's), and a SIGTERM while sends arrive exits cleanly and loses none", async () => {
    const database = await createTestDatabase();
    const [healthPort, sdkPort] = [await freePort(), await freePort()];
    const env = testEnv({
      DATABASE_URL: database.url,
      WORKER_HEALTH_PORT: String(healthPort),
      WORKER_SDK_METRICS_ADDRESS: `127.0.0.1:${sdkPort}`,
    });
    const worker = startWorkerProcess(env, path.join(testInfra().runDir, 'logs', `worker-${healthPort}.log`));
    const api = await startApiProcess({ ...env, DATABASE_URL: database.url });
    try {
      await waitFor(
        'the worker to be ready',
        async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined))?.status === 200,
        120_000,
        worker,
      );
      const sender = await createSender(database.db);
      const res = await send(api, sender.apiKey, {
        from_email: `hello@${sender.domain}`,
        to: 'bounce@test.postage.dev',
        subject: 'Hi',
        message: 'Hello.',
      });
      expect(res.status).toBe(200);
      const own = await eventually('the outcome to be counted', async () => {
        const text = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
        return sample(text, 'postage_outcomes_total', { status: 'bounced', process: 'worker' }) === 1
          ? text
          : undefined;
      });
      expect(own).toMatch(/^postage_process_cpu_seconds_total\{process="worker"\} /m);
      const sdk = await (await fetch(`http://127.0.0.1:${sdkPort}/metrics`)).text();
      expect(sdk).toMatch(/^temporal_\w+/m);

      // SIGTERM while sends are arriving: every accepted message still reaches its final status.
      const burst = inParallel(10, (i) =>
        send(api, sender.apiKey, {
          from_email: `hello@${sender.domain}`,
          to: 'delivered@test.postage.dev',
          subject: `Burst ${i}`,
          message: 'Hello.',
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
      const stopped = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
      worker.child.kill('SIGTERM');
      expect(await stopped).toBe(0);
      const answers = await burst;
      const accepted = answers.filter((a) => a.status === 200).map((a) => a.json.message_id as string);
      expect(accepted).toHaveLength(10); // the API keeps accepting: the workflows wait for a worker
      const again = startWorkerProcess(env, path.join(testInfra().runDir, 'logs', `worker-${healthPort}-2.log`));
      try {
        await eventually(
          'every accepted message to settle',
          async () => {
            const rows = await database.db('email_log').whereIn('message_id', accepted).select('status');
            return rows.length === accepted.length && rows.every((r: { status: string }) => r.status === 'delivered')
              ? true
              : undefined;
          },
          90_000,
        );
      } finally {
        await again.stop();
      }
    } finally {
      await api.stop();
      if (worker.child.exitCode === null) await worker.stop();
      await database.drop();
    }
  }, 240_000);

  test('a worker started while Temporal does not answer waits for it instead of exiting, and polls once it is back', async () => {
    const database = await createTestDatabase();
    const healthPort = await freePort();
    // Connections to Temporal are taken and never answered (a partition, a silent connection).
    const temporal = await startTcpProxy(testInfra().temporalAddress);
    temporal.stall();
    const env = testEnv({
      DATABASE_URL: database.url,
      WORKER_HEALTH_PORT: String(healthPort),
      TEMPORAL_ADDRESS: temporal.address,
    });
    const worker = startWorkerProcess(env, path.join(testInfra().runDir, 'logs', `worker-${healthPort}-wait.log`));
    try {
      // Longer than its connect deadline (5 s): a worker that gave up has exited by now.
      await new Promise((r) => setTimeout(r, 8000));
      expect(worker.child.exitCode).toBeNull();
      // The silent connections dropped, and new ones go through again.
      await temporal.cut();
      temporal.resume();
      await temporal.restore();
      await waitFor(
        'the worker to be ready',
        async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined))?.status === 200,
        120_000,
        worker,
      );
    } finally {
      if (worker.child.exitCode === null) await worker.stop();
      await temporal.close();
      await database.drop();
    }
  }, 180_000);

  test('the worker relays a message the API committed but never started (it died in between)', async () => {
    const database = await createTestDatabase();
    const healthPort = await freePort();
    const env = testEnv({
      DATABASE_URL: database.url,
      WORKER_HEALTH_PORT: String(healthPort),
      ACCEPT_RELAY_AFTER_SECONDS: '1',
    });
    const worker = startWorkerProcess(env, path.join(testInfra().runDir, 'logs', `worker-${healthPort}-relay.log`));
    try {
      await waitFor(
        'the worker to be ready',
        async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined))?.status === 200,
        120_000,
        worker,
      );
      const sender = await createSender(database.db);
      const config = loadConfig(env);
      let messageId = '';
      // The start never returns: to everyone else, this API process died right after its commit.
      const unused = () => Promise.reject(new Error('not used here'));
      const died: MessageWorkflows = {
        startSend: () => new Promise<never>(() => undefined),
        signalOutcome: unused,
        signalSchedule: unused,
        startLateOutcome: unused,
        signalEngagement: unused,
        startUnsubscribeAnnouncement: unused,
      };
      void acceptMessage(
        { db: database.db, config, workflows: died },
        {
          accountId: sender.account.id,
          monthlyLimit: 100,
          workflow: { mode: 'shared', kind: 'test', testOutcome: 'delivered' },
          content: {
            to: { address: 'delivered@test.postage.dev', name: '' },
            from: { address: `hi@${sender.domain}`, name: '' },
            subject: 'Relayed',
            text: 'hello',
          },
          attachments: [],
          response: (id) => ({ message_id: (messageId = id) }),
        },
      );
      await eventually(
        'the relayed message to be delivered',
        async () =>
          messageId && (await database.db('email_log').where({ message_id: messageId, status: 'delivered' }).first())
            ? true
            : undefined,
        60_000,
      );
      expect(await database.db('accept_outbox').count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);
      const metrics = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
      expect(metrics).toMatch(/^postage_accept_relayed_total\{process="worker"\} 1$/m);
    } finally {
      await worker.stop();
      await database.drop();
    }
  }, 180_000);

  test('SIGTERM to the API finishes the requests in flight: every answered send was accepted and counted once', async () => {
    const database = await createTestDatabase();
    const api = await startApiProcess(testEnv({ DATABASE_URL: database.url }));
    try {
      const sender = await createSender(database.db);
      const body = {
        from_email: `hello@${sender.domain}`,
        to: 'delivered@test.postage.dev',
        subject: 'Hi',
        message: 'Hello.',
      };
      const requests = inParallel(20, () =>
        send(api, sender.apiKey, body).catch((err: unknown) => ({ status: 0, error: String(err) })),
      );
      await new Promise((r) => setTimeout(r, 50));
      await api.stop(); // SIGTERM, then waits for the exit
      const answers = await requests;
      const accepted = answers.filter((a) => a.status === 200);
      // Requests the server had taken got their answer; the rest were refused at connect.
      expect(
        answers.every(
          (a) =>
            a.status === 200 || (a.status === 0 && /ECONNREFUSED|fetch failed/.test((a as { error: string }).error)),
        ),
      ).toBe(true);
      expect(accepted.length).toBeGreaterThan(0);
      const connection = await Connection.connect({ address: testInfra().temporalAddress });
      try {
        expect(
          await tracesOf({ db: database.db, temporal: new Client({ connection }) }, sender.account.id),
        ).toMatchObject({
          counted: accepted.length,
          staged: accepted.length,
          workflows: accepted.length,
        });
      } finally {
        await connection.close();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
