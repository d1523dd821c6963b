// Nothing accepted is lost or sent twice when processes die (docs/operations.md, "Fault
// tolerance"). A stack of its own, every part a real process: PostgreSQL, Redis, the Temporal dev
// server (on a SQLite file, so it can restart), the SES emulator behind a proxy that can make SES
// slow or throttle, the API and the worker. Careful clients send a steady stream from several
// accounts (test recipients, simulator recipients through SES, attachments, scheduled sends,
// batches of 5), retrying with their idempotency keys after timeouts, 5xx answers and 409
// in-progress. Careful sending mail servers deliver to the MX listener process at the same time
// (test/faults/inboundTraffic.ts), to inbound domains whose catch-all rule announces each received
// message to an endpoint of the test. Meanwhile the worker is killed with SIGKILL ten times (some
// while SES is slow, so mid-sendViaSes), the MX listener twice, and Temporal, PostgreSQL and Redis
// are restarted three times each (PostgreSQL once after 20 s away). The API and the worker reach
// PostgreSQL, Redis, Temporal, SES and the webhook endpoint through Toxiproxy, and beside the kills
// a seeded plan of network cases (test/faults/networkFaults.ts) slows, throttles, half-opens, cuts
// and partitions those links. Then every promise is checked and the figures printed, with a table
// of the network cases and what the clients saw during each.
//
// FAULT_SEED replays the fault schedule and the traffic mix (the seed is printed).
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createAccount } from '../../core/accounts/accounts';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import { createDb, migrateLatest, type Db } from '../../core/platform/db';
import { toolsDir } from '../../core/platform/devEnvironment';
import { startPrivatePostgres, ensureDatabase } from '../../tools/stack/postgres';
import { freePort, startProcess, stopAll, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { startPrivateRedis } from '../../tools/stack/redis';
import { startSesEmulator } from '../../tools/stack/sesEmulator';
import { startTemporalDevServer } from '../../tools/stack/temporal';
import { startWorkerProcess } from '../helpers/apiProcess';
import { startSesFaultProxy, type SesFaultProxy } from '../helpers/sesFaults';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { planCases, runCases, startToxiproxies, type CaseRun, type Link } from './networkFaults';
import {
  accountInbound,
  carefulSmtpClient,
  drain,
  seedReceiving,
  startHookLog,
  type FaultSpan,
  type HookLog,
  type SmtpFigures,
  type SmtpMessage,
} from './inboundTraffic';

const SEED = process.env.FAULT_SEED ? Number(process.env.FAULT_SEED) : randomInt(2 ** 31);
const TRAFFIC_SECONDS = Number(process.env.FAULT_TRAFFIC_SECONDS ?? 90);
const CLIENTS = 6;
/** Sending mail servers delivering to the MX listener alongside the API clients. */
const SMTP_CLIENTS = 2;
/** The longest a single request may take: the API's own deadlines (the start 5 s; a send's statements 5 s each, 7 s on a silent connection) and margin. */
const REQUEST_BOUND_MS = 20_000;
/**
 * How long the checks wait for the backlog: until it is worked off, or nothing settled for 90 s
 * (longer than a worker restart, a heartbeat timeout, the 1-minute attempt of a receive step
 * whose worker died, and the relay's 30 s), at most 6 minutes.
 */
const DRAIN = { stallMs: 90_000, capMs: 360_000 };
const LONG_PG_OUTAGE_MS = 20_000;
const ROOT = path.resolve(__dirname, '..', '..');
const SECRET = 'ab'.repeat(32);

/** A small seeded generator (mulberry32), so a run's schedule and mix can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(SEED);
// Their own streams, so the SMTP traffic and the fault schedule do not shift the API traffic's mix.
const smtpRandom = seeded(SEED ^ 0x51a7e);
const faultRandom = seeded(SEED ^ 0xfa17);
const networkRandom = seeded(SEED ^ 0x7e7);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outcome {
  key: string;
  accountId: string;
  kind: 'test' | 'simulator';
  messageId?: string;
  refusal?: number;
  /** What the client met on the way: each answer's status (or timeout/network), and a refusal's body, so a failure says why. */
  answers: (number | string)[];
  refusedWith?: unknown;
}

interface Figures {
  requests: number;
  /** Each request's span and answer, for what the clients saw during each network case. */
  tries: { from: number; to: number; answer: number | string }[];
  statuses: Map<number, number>;
  longestWaitMs: number;
  faults: Record<string, number>;
}

test(
  'no accepted message is lost, counted twice or sent twice while processes die',
  async () => {
    const began = Date.now();
    process.stdout.write(
      `faults: seed ${SEED}, ${TRAFFIC_SECONDS} s of traffic from ${CLIENTS} clients (replay: FAULT_SEED=${SEED})\n`,
    );
    fs.mkdirSync(path.join(toolsDir(), 'test-runs'), { recursive: true });
    const runDir = fs.mkdtempSync(path.join(toolsDir(), 'test-runs', 'faults-'));
    fs.chmodSync(runDir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
    const logs = path.join(runDir, 'logs');
    const processes: Record<string, ManagedProcess> = {};
    let db: Db | undefined;
    let ses: SesFaultProxy | undefined;
    let hooks: HookLog | undefined;
    let zone: TestZone | undefined;
    try {
      // --- The stack ------------------------------------------------------------------------
      const ports = {
        pg: await freePort(),
        redis: await freePort(),
        temporal: await freePort(),
        ses: await freePort(),
        api: await freePort(),
        health: await freePort(),
        mx: await freePort(),
        mxHealth: await freePort(),
      };
      const startPg = async () =>
        (processes.pg = (
          await startPrivatePostgres({
            dataDir: path.join(runDir, 'pg'),
            port: ports.pg,
            logFile: path.join(logs, 'postgres.log'),
          })
        ).process);
      const startRedis = async () =>
        (processes.redis = (
          await startPrivateRedis({
            dataDir: path.join(runDir, 'redis'),
            port: ports.redis,
            logFile: path.join(logs, 'redis.log'),
            persistent: true,
          })
        ).process);
      const startTemporal = async () =>
        (processes.temporal = (
          await startTemporalDevServer({
            port: ports.temporal,
            dbFile: path.join(runDir, 'temporal.sqlite'),
            logFile: path.join(logs, 'temporal.log'),
          })
        ).process);
      await Promise.all([startPg(), startRedis(), startTemporal()]);
      const databaseUrl = await ensureDatabase(`postgres://postgres@127.0.0.1:${ports.pg}`, 'postage');
      db = createDb(databaseUrl);
      await migrateLatest(db);
      const emulator = await startSesEmulator({ port: ports.ses, logFile: path.join(logs, 'ses-emulator.log') });
      processes.ses = emulator.process;
      ses = await startSesFaultProxy(emulator.endpoint);
      // Received mail's sender checks resolve here (unknown names: NXDOMAIN at once), not on the machine's resolver.
      zone = await startTestZone();
      hooks = await startHookLog();
      const hostPort = (url: string) => new URL(url).host;
      const upstreams: Record<Link, string> = {
        'api→postgres': `127.0.0.1:${ports.pg}`,
        'api→redis': `127.0.0.1:${ports.redis}`,
        'api→temporal': `127.0.0.1:${ports.temporal}`,
        'worker→temporal': `127.0.0.1:${ports.temporal}`,
        'worker→postgres': `127.0.0.1:${ports.pg}`,
        'worker→ses': hostPort(ses.endpoint),
        'worker→webhook': hostPort(hooks.url),
      };
      const net = await startToxiproxies(logs, upstreams);
      processes.toxiproxy = net.process;
      const viaProxy = (link: Link) => net.address(link);
      const proxiedDb = (link: Link) => databaseUrl.replace(`127.0.0.1:${ports.pg}`, viaProxy(link));

      const env = {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        POSTAGE_SECRET_KEY: SECRET,
        DATABASE_URL: databaseUrl,
        REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
        TEMPORAL_ADDRESS: `127.0.0.1:${ports.temporal}`,
        SES_ENDPOINT: ses.endpoint,
        SES_ACCESS_KEY_ID: 'local',
        SES_SECRET_ACCESS_KEY: 'local',
        SES_SEND_TIMEOUT_MS: '10000',
        OUTCOME_TIMEOUT_SECONDS: '5',
        RATE_LIMIT_PER_MINUTE: '100000',
        API_PORT: String(ports.api),
        WORKER_HEALTH_PORT: String(ports.health),
        DNS_SERVERS: zone.server,
        // The endpoint that gets email.received listens on loopback.
        WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1',
        MX_HOST: '127.0.0.1',
        MX_PORT: String(ports.mx),
        MX_HEALTH_PORT: String(ports.mxHealth),
        MX_MESSAGES_PER_MINUTE_PER_IP: '100000',
      };
      // The API and the worker reach every dependency through its link's proxy; the MX listener
      // (not one of the links) directly.
      const apiEnv = {
        ...env,
        DATABASE_URL: proxiedDb('api→postgres'),
        REDIS_URL: `redis://${viaProxy('api→redis')}`,
        TEMPORAL_ADDRESS: viaProxy('api→temporal'),
      };
      const workerEnv = {
        ...env,
        DATABASE_URL: proxiedDb('worker→postgres'),
        TEMPORAL_ADDRESS: viaProxy('worker→temporal'),
        SES_ENDPOINT: `http://${viaProxy('worker→ses')}`,
      };
      const apiUrl = `http://127.0.0.1:${ports.api}`;
      const startApi = async () => {
        processes.api = startProcess(
          'api',
          process.execPath,
          ['--import', 'tsx', path.join(ROOT, 'api', 'server.ts')],
          { logFile: path.join(logs, 'api.log'), env: apiEnv, cwd: ROOT },
        );
        await waitFor(
          'the API',
          async () => (await fetch(`${apiUrl}/healthz`).catch(() => undefined))?.ok === true,
          60_000,
          processes.api,
        );
      };
      let workerRound = 0;
      const startWorker = async () => {
        workerRound += 1;
        processes.worker = startWorkerProcess(workerEnv, path.join(logs, `worker-${workerRound}.log`));
        await waitFor(
          'the worker',
          async () => (await fetch(`http://127.0.0.1:${ports.health}/healthz`).catch(() => undefined))?.ok === true,
          120_000,
          processes.worker,
        );
      };
      let mxRound = 0;
      const startMx = async () => {
        mxRound += 1;
        processes.mx = startProcess('mx', process.execPath, ['--import', 'tsx', path.join(ROOT, 'mx', 'main.ts')], {
          logFile: path.join(logs, `mx-${mxRound}.log`),
          env,
          cwd: ROOT,
        });
        await waitFor(
          'the MX listener',
          async () => (await fetch(`http://127.0.0.1:${ports.mxHealth}/healthz`).catch(() => undefined))?.ok === true,
          60_000,
          processes.mx,
        );
      };
      await Promise.all([startApi(), startWorker(), startMx()]);

      // --- Accounts -------------------------------------------------------------------------
      const senders = await Promise.all(
        [0, 1, 2].map(async (i) => {
          const account = await createAccount(
            db!,
            { email: `faults-${i}-${randomUUID()}@example.com`, name: `Faults ${i}`, plan: 'growth', verified: true },
            'test',
          );
          const domain = `faults-${i}-${randomUUID().slice(0, 8)}.example.com`;
          await addDomain(db!, { accountId: account.id, name: domain, mode: 'shared' }, 'test');
          await markDomainVerified(db!, domain, 'test');
          const { secret } = await createApiKey(db!, { accountId: account.id, name: 'faults' }, 'test');
          return { accountId: account.id, domain, apiKey: secret };
        }),
      );
      // The endpoint's URL is its link's proxy.
      const hookViaProxy = `http://${viaProxy('worker→webhook')}${new URL(hooks.url).pathname}`;
      const receiving = await Promise.all(senders.map((sender) => seedReceiving(db!, SECRET, sender, hookViaProxy)));

      // --- Careful clients ------------------------------------------------------------------
      const figures: Figures = { requests: 0, tries: [], statuses: new Map(), longestWaitMs: 0, faults: {} };
      const outcomes: Outcome[] = [];
      let sending = true;

      async function attempt(
        sender: (typeof senders)[number],
        body: Record<string, unknown>,
        path = '/api/send/',
      ): Promise<{ status: number; json: Record<string, unknown> } | 'timeout' | 'network'> {
        const started = Date.now();
        figures.requests += 1;
        try {
          const res = await fetch(`${apiUrl}${path}`, {
            method: 'POST',
            headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(REQUEST_BOUND_MS),
          });
          const json = (await res.json()) as Record<string, unknown>;
          figures.statuses.set(res.status, (figures.statuses.get(res.status) ?? 0) + 1);
          figures.longestWaitMs = Math.max(figures.longestWaitMs, Date.now() - started);
          figures.tries.push({ from: started, to: Date.now(), answer: res.status });
          return { status: res.status, json };
        } catch (err) {
          figures.longestWaitMs = Math.max(figures.longestWaitMs, Date.now() - started);
          const answer = (err as { name?: string }).name === 'TimeoutError' ? 'timeout' : 'network';
          figures.tries.push({ from: started, to: Date.now(), answer });
          return answer;
        }
      }

      /** One email with its own idempotency key: test or simulator recipients, 30% with an attachment, 10% scheduled a few seconds ahead. */
      function message(
        sender: (typeof senders)[number],
        n: number,
      ): { body: Record<string, unknown>; outcome: Outcome } {
        const key = `faults-${SEED}-${n}-${randomUUID()}`;
        const kind = random() < 0.5 ? 'test' : 'simulator';
        const to =
          kind === 'test'
            ? ['delivered', 'bounce', 'complaint'][Math.floor(random() * 3)]! + '@test.postage.dev'
            : `success+${n}@simulator.amazonses.com`;
        const body: Record<string, unknown> = {
          from_email: `hello@${sender.domain}`,
          to,
          subject: `Fault run ${n}`,
          message: 'Hello.',
          idempotency_key: key,
        };
        if (random() < 0.3)
          body.attachments = [
            { filename: 'note.txt', content: Buffer.from(`attachment of ${key}`).toString('base64') },
          ];
        // Far enough ahead that a retry of a request that was never accepted is still in the window.
        if (random() < 0.1) body.scheduled_at = new Date(Date.now() + 30_000 + random() * 10_000).toISOString();
        const outcome: Outcome = { key, accountId: sender.accountId, kind, answers: [] };
        outcomes.push(outcome);
        return { body, outcome };
      }

      /**
       * A batch of 5 (each email with its own key), sent again whole after a timeout, a 5xx or an
       * email refused for a reason that passes: the emails already accepted replay, the others
       * are tried again, until each is accepted or refused for good.
       */
      async function sendBatch(sender: (typeof senders)[number], n: number): Promise<void> {
        const items = Array.from({ length: 5 }, (_, k) => message(sender, n * 10 + k));
        for (let tries = 0; ; tries++) {
          const pending = items.filter((i) => i.outcome.messageId === undefined && i.outcome.refusal === undefined);
          if (pending.length === 0) return;
          const answer = await attempt(sender, { emails: pending.map((i) => i.body) }, '/api/send/batch');
          for (const i of pending) i.outcome.answers.push(typeof answer === 'string' ? answer : answer.status);
          if (typeof answer !== 'string' && answer.status === 200) {
            (answer.json.data as { index: number; success: boolean; message_id?: string; error?: string }[]).forEach(
              (d) => {
                const item = pending[d.index]!;
                if (d.success) item.outcome.messageId = d.message_id!;
                else if (
                  ![
                    'queue_error',
                    'service_unavailable',
                    'attachment_upload_failed',
                    'idempotency_key_in_progress',
                  ].includes(d.error ?? '')
                ) {
                  item.outcome.refusal = 422;
                  item.outcome.refusedWith = d;
                }
              },
            );
          } else if (typeof answer !== 'string' && answer.status < 500 && answer.status !== 429) {
            for (const i of pending) Object.assign(i.outcome, { refusal: answer.status, refusedWith: answer.json });
            return;
          }
          if (tries > 400) {
            for (const i of pending) i.outcome.refusal ??= -1;
            return;
          }
          await sleep(Math.min(2000, 200 * 2 ** Math.min(tries, 4)));
        }
      }

      /** One message, retried with the same key until it is accepted or refused for good. */
      async function sendOne(sender: (typeof senders)[number], n: number): Promise<void> {
        const { body, outcome } = message(sender, n);
        for (let tries = 0; ; tries++) {
          const answer = await attempt(sender, body);
          outcome.answers.push(typeof answer === 'string' ? answer : answer.status);
          if (typeof answer !== 'string' && answer.status === 200) {
            outcome.messageId = answer.json.message_id as string;
            return;
          }
          const retry =
            typeof answer === 'string' || answer.status === 409 || answer.status === 429 || answer.status >= 500;
          if (!retry || tries > 400) {
            outcome.refusal = typeof answer === 'string' ? -1 : answer.status;
            if (typeof answer !== 'string') outcome.refusedWith = answer.json;
            return;
          }
          await sleep(Math.min(2000, 200 * 2 ** Math.min(tries, 4)));
        }
      }

      let counter = 0;
      const clients = Array.from({ length: CLIENTS }, async (_, c) => {
        while (sending) {
          // One request in eight is a batch.
          if (random() < 0.125) await sendBatch(senders[c % senders.length]!, counter++);
          else await sendOne(senders[c % senders.length]!, counter++);
          await sleep(50 + random() * 150);
        }
      });

      const smtpFigures: SmtpFigures = { tries: 0, answers: new Map(), longestWaitMs: 0 };
      const smtpMessages: SmtpMessage[] = [];
      const smtpClients = Array.from({ length: SMTP_CLIENTS }, (_, client) =>
        carefulSmtpClient({
          client,
          port: ports.mx,
          accounts: receiving,
          random: smtpRandom,
          sending: () => sending,
          messages: smtpMessages,
          figures: smtpFigures,
        }),
      );

      // --- Faults ---------------------------------------------------------------------------
      const count = (name: string) => void (figures.faults[name] = (figures.faults[name] ?? 0) + 1);
      /** When each fault happened, for telling which webhooks sent twice fall in the documented window. */
      const spans: FaultSpan[] = [];
      const restart = async (name: 'pg' | 'redis' | 'temporal', start: () => Promise<unknown>, downMs: number) => {
        const from = Date.now();
        await processes[name]!.stop();
        await sleep(downMs);
        await start();
        spans.push({ kind: `${name} restart`, from, to: Date.now() });
        count(`${name} restarts`);
      };
      const kill = async (name: 'worker' | 'mx', start: () => Promise<void>) => {
        const at = Date.now();
        processes[name]!.child.kill('SIGKILL');
        await new Promise((r) => processes[name]!.child.once('exit', r));
        spans.push({ kind: `${name} SIGKILL`, from: at, to: at });
        count(`${name} SIGKILLs`);
        await sleep(500 + faultRandom() * 2000);
        await start();
      };
      const killWorker = () => kill('worker', startWorker);
      const schedule: (() => Promise<void>)[] = [
        ...Array.from({ length: 10 }, (_, i) => async () => {
          // Half of the kills while SES answers slowly: the worker dies inside sendViaSes.
          if (i % 2 === 0) {
            ses!.setWeather({ kind: 'slow', ms: 3000 });
            count('SES slow periods');
            await sleep(1500 + faultRandom() * 1500);
          }
          await killWorker();
          ses!.setWeather({ kind: 'fair' });
        }),
        // Mid-transaction for some senders: between the commit and the 250 is SMTP's own window.
        ...Array.from({ length: 2 }, () => () => kill('mx', startMx)),
        ...Array.from({ length: 3 }, () => () => restart('temporal', startTemporal, 2000)),
        // One outage outlasts the bounded retries of a step (a received message's parse gives up
        // after 5 tries, about 15 s): nothing may be lost, emptied or left for the relay by it.
        ...Array.from({ length: 3 }, (_, i) => () => restart('pg', startPg, i === 0 ? LONG_PG_OUTAGE_MS : 1000)),
        ...Array.from({ length: 3 }, () => () => restart('redis', startRedis, 1000)),
        async () => {
          ses!.setWeather({ kind: 'throttle', share: 0.5 });
          count('SES throttling periods');
          await sleep(8000);
          ses!.setWeather({ kind: 'fair' });
        },
      ];
      for (let i = schedule.length - 1; i > 0; i--) {
        const j = Math.floor(faultRandom() * (i + 1));
        [schedule[i], schedule[j]] = [schedule[j]!, schedule[i]!];
      }
      // The network cases run beside the kills, in the same traffic time (their own seeded stream,
      // so the kills' schedule is what it was).
      const trafficFrom = Date.now();
      const network = runCases(net, planCases(networkRandom), networkRandom, TRAFFIC_SECONDS * 1000);
      // The long outage comes out of the traffic time, so the suite takes as long as before.
      const gap = (TRAFFIC_SECONDS * 1000 - LONG_PG_OUTAGE_MS) / (schedule.length + 1);
      for (const fault of schedule) {
        await sleep(gap * (0.5 + faultRandom()));
        await fault();
      }
      const cases = await network;
      for (const c of cases) {
        spans.push({ kind: `${c.link} ${c.kind}`, from: c.from, to: c.to });
        count(`network cases (${c.kind})`);
      }
      sending = false;
      await Promise.all([...clients, ...smtpClients]);
      ses.setWeather({ kind: 'fair' });

      // --- Drain and check ------------------------------------------------------------------
      const accepted = outcomes.filter((o) => o.messageId !== undefined);
      const acceptedIds = new Set(accepted.map((o) => o.messageId!));
      const final = new Set(['sent', 'delivered', 'bounced', 'complained', 'failed']);
      const pg = new PgClient({ connectionString: databaseUrl });
      await pg.connect();
      try {
        const [{ rows, drainMs }, inbound] = await Promise.all([
          waitForRows(pg, [...acceptedIds], final),
          accountInbound(pg, {
            messages: smtpMessages,
            accounts: receiving,
            hooks: hooks!,
            faults: spans,
            endpointFaults: cases.filter((c) => c.link === 'worker→webhook'),
            figures: smtpFigures,
            drain: DRAIN,
          }),
        ]);
        const counted = (
          await pg.query<{ account_id: string; count: string }>(
            'SELECT account_id, sum(count) AS count FROM usage_counters GROUP BY account_id',
          )
        ).rows;
        const logRows = (await pg.query<{ message_id: string }>('SELECT message_id FROM email_log')).rows;
        const copies = ses.copies();
        const recorded = new Map(
          (
            await pg.query<{ message_id: string; provider_message_id: string | null }>(
              'SELECT message_id, provider_message_id FROM email_log WHERE message_id = ANY($1::uuid[])',
              [[...copies.keys()]],
            )
          ).rows.map((r) => [r.message_id, r.provider_message_id]),
        );
        const duplicates = [...copies.entries()].filter(([, sesIds]) => sesIds.length > 1);
        // A copy SES accepted but whose id the worker never recorded (it died before it read or
        // heartbeated the answer) is the documented window (docs/decisions.md, "Sending twice"):
        // then the id recorded is the last copy's. A copy sent after the one whose id was recorded
        // would have been preventable.
        const preventable = duplicates.filter(
          ([messageId, sesIds]) => recorded.get(messageId) !== sesIds[sesIds.length - 1],
        );

        const lost = accepted.filter((o) => !rows.has(o.messageId!));
        const stuck = [...rows.entries()].filter(([, status]) => !final.has(status));
        const simulatorIds = accepted.filter((o) => o.kind === 'simulator').map((o) => o.messageId!);
        const neverSent = simulatorIds.filter((id) => (copies.get(id)?.length ?? 0) === 0 && rows.get(id) !== 'failed');
        const testSent = accepted.filter((o) => o.kind === 'test' && copies.has(o.messageId!));
        const orphans = logRows.filter((r) => !acceptedIds.has(r.message_id));
        // The clients that met a 5xx, a timeout or a dropped connection and retried with their key.
        const retried = outcomes.filter((o) => o.answers.some((a) => typeof a === 'string' || a >= 500));

        const statusLine = [...figures.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ');
        process.stdout.write(
          [
            `faults: ${figures.requests} requests (${statusLine}), ${outcomes.length} messages, ${accepted.length} accepted, ${outcomes.length - accepted.length} refused`,
            `faults: injected ${Object.entries(figures.faults)
              .map(([k, v]) => `${v} ${k}`)
              .join(', ')}`,
            `faults: lost ${lost.length}, left unsettled ${stuck.length} (drain ${Math.round(drainMs / 1000)} s), duplicated ${preventable.length} preventable + ${duplicates.length - preventable.length} in the documented SES window, longest wait ${figures.longestWaitMs} ms`,
            `faults: ${retried.length} messages met a 5xx, a timeout or a dropped connection and were retried with their key: ${retried.filter((o) => o.messageId !== undefined && rows.has(o.messageId)).length} ended with exactly one message`,
            ...inbound.lines,
            ...caseTable(cases, figures.tries, trafficFrom),
            `faults: seed ${SEED}, ${Math.round((Date.now() - began) / 1000)} s until the checks`,
            '',
          ].join('\n'),
        );

        expect(outcomes.filter((o) => o.refusal !== undefined)).toEqual([]); // careful clients get every message accepted
        expect([...figures.statuses.keys()].filter((s) => ![200, 409, 429, 502, 503].includes(s))).toEqual([]);
        expect(figures.longestWaitMs).toBeLessThan(REQUEST_BOUND_MS);
        expect(cases).toHaveLength(14);
        expect(lost).toEqual([]);
        expect(stuck).toEqual([]);
        expect(orphans).toEqual([]); // no log row without a 200
        expect(neverSent).toEqual([]);
        expect(testSent).toEqual([]);
        expect(preventable).toEqual([]);
        // Received mail: every 250 stored once, recorded, announced once by us and counted.
        expect(inbound.problems).toEqual(Object.fromEntries(Object.keys(inbound.problems).map((k) => [k, []])));
        expect(
          [...smtpFigures.answers.keys()].filter(
            (a) => !['250', '421', '450', '451', 'no answer', 'refused connection'].includes(a),
          ),
        ).toEqual([]);
        expect(smtpFigures.longestWaitMs).toBeLessThan(REQUEST_BOUND_MS);
        for (const sender of senders) {
          const mine = accepted.filter((o) => o.accountId === sender.accountId).length;
          expect({
            account: sender.accountId,
            counted: Number(counted.find((c) => c.account_id === sender.accountId)?.count ?? 0),
          }).toEqual({ account: sender.accountId, counted: mine });
        }
      } finally {
        await pg.end();
      }
    } finally {
      await db?.destroy();
      await ses?.close();
      await hooks?.close();
      await zone?.close();
      await stopAll(Object.values(processes).reverse());
    }
  },
  15 * 60_000,
);

/** Waits until every accepted message has a log row with a final status (or none settles for a while: DRAIN). */
async function waitForRows(
  pg: PgClient,
  ids: string[],
  final: Set<string>,
): Promise<{ rows: Map<string, string>; drainMs: number }> {
  let rows = new Map<string, string>();
  const drainMs = await drain(async () => {
    const result = await pg.query<{ message_id: string; status: string }>(
      'SELECT message_id, status FROM email_log WHERE message_id = ANY($1::uuid[])',
      [ids],
    );
    rows = new Map(result.rows.map((r) => [r.message_id, r.status]));
    const settled = [...rows.values()].filter((s) => final.has(s)).length;
    return { done: settled === ids.length, settled };
  }, DRAIN);
  return { rows, drainMs };
}

/** The network cases as a table: link, what was injected, its window, and the answers of the requests that overlapped it. */
function caseTable(cases: CaseRun[], tries: Figures['tries'], trafficFrom: number): string[] {
  const rows = cases.map((c) => {
    const during = tries.filter((t) => t.to >= c.from && t.from <= c.to);
    const answers = new Map<string, number>();
    for (const t of during) answers.set(String(t.answer), (answers.get(String(t.answer)) ?? 0) + 1);
    const longest = Math.max(0, ...during.map((t) => t.to - t.from));
    const seen = [...answers.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([a, n]) => `${a}: ${n}`)
      .join(', ');
    const window = `${((c.from - trafficFrom) / 1000).toFixed(1)}–${((c.to - trafficFrom) / 1000).toFixed(1)} s`;
    const stuck = c.removalStuck ? ' (Toxiproxy did not confirm the removal: networkFaults.ts, removeToxic)' : '';
    return `| ${c.link} | ${c.kind}: ${c.detail}${stuck} | ${window} | ${seen || 'no request'}; longest ${longest} ms |`;
  });
  return [
    'faults: network cases (window from the start of the traffic):',
    '| link | case | window | what the API clients saw |',
    '|---|---|---|---|',
    ...rows,
  ];
}
