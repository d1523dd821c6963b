// Benchmark: the whole pipeline as a customer feels it, from POST /api/send/ to the
// `email.delivered` webhook, with the worker running. Test recipients (delivered@ the test
// domain): every stage runs (accept, workflow, log, timeline, webhook) except SES itself.
//
// Phase 1 finds the ceiling: a closed loop (--concurrency clients) for --seconds, counting the
// webhooks that arrive. Phase 2 sends at 25 %, 50 % and 100 % of that ceiling, open loop (a
// fixed schedule, so a slow pipeline cannot slow the offered load), each for --seconds, and
// reports accept p50/p99, accept -> webhook p50/p99 and the completion rate. Phase 3 offers a
// fixed rate (--cpu-rate, else 50 % of the ceiling) for --seconds of each of four kinds of send
// (test, simulator, templated, SMTP) and reports the CPU milliseconds per completed message of
// every process. Then the history length of one test send and one simulator send, and the
// resident memory of the API and worker.
//
//   node --import tsx bench/pipeline.ts [--seconds 20] [--concurrency 16] [--accounts 10]
//        [--temporal memory|sqlite-wal|sqlite-default|postgres [--shards 4]] [--cpu-rate N]
//        [--cpu-only --cpu-rate N] [--kinds test,simulator,templated,smtp]
// (--cpu-only: phase 3 alone; --kinds: only those kinds in phase 3, for a longer sitting of one)
// (--temporal postgres: the Temporal server itself on a PostgreSQL of its own, built on first use;
// bench/README.md, "A real Temporal server")
//
// --stack dev drives `npm run dev`'s own stack instead (bench/devStack.ts; bench/README.md,
// "`pipeline.ts --stack dev`"): a burst, a steady rate, CPU per delivered test send (in the burst and
// at a steady rate) and simulator send, history lengths; with --floor, then the engine's floor of
// each (bench/floor.ts) and the ratio.
//
//   node --import tsx bench/pipeline.ts --stack dev [--burst 600] [--concurrency 16] [--rate 20]
//        [--seconds 20] [--cpu-rate N] [--dev-env NAME=value ...] [--demo-events all|email.delivered,...]
//        [--dev-pg dev|fast] [--floor]
import { Client, Connection } from '@temporalio/client';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { createApiKey } from '../core/accounts/apiKeys';
import { sendWorkflowId } from '../core/model/workflowContract';
import { formatTable } from './closedLoop';
import { BENCH_TEMPORAL_STORES, type BenchTemporalStore } from './infra';
import { burst, closedLoop, offer, summarise, type Offered, type PhaseResult, type SendFn } from './load';
import { createDb } from '../core/platform/db';
import { DEMO_DOMAIN } from '../tools/demoSeed';
import { DEMO_WEBHOOK_PATH } from '../tools/demoReceiver';
import fs from 'node:fs';
import path from 'node:path';
import { toolsDir } from '../core/platform/devEnvironment';
import { ensureDatabase, startPrivatePostgres } from '../tools/stack/postgres';
import { freePort, type ManagedProcess } from '../tools/stack/processes';
import { startDevStack } from './devStack';
import {
  DEV_SIGNAL_AFTER_MS,
  eventCounts,
  floorLoad,
  measureFloor,
  type FloorMode,
  type FloorOptions,
  type FloorShape,
} from './floor';
import {
  awaitCompletion,
  cpuSeconds,
  residentMiB,
  serverCpuLabels,
  sendOne,
  sleep,
  startPipelineStack,
  type PipelineStack,
  startRelay,
  testMessage,
  TEST_DOMAIN,
  type Sender,
} from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    accounts: { type: 'string', default: '10' },
    temporal: { type: 'string', default: 'memory' },
    shards: { type: 'string', default: '4' },
    'cpu-rate': { type: 'string' },
    'cpu-only': { type: 'boolean', default: false },
    kinds: { type: 'string', default: 'test,simulator,templated,smtp' },
    stack: { type: 'string', default: 'bench' },
    burst: { type: 'string', default: '600' },
    rate: { type: 'string', default: '20' },
    'dev-env': { type: 'string', multiple: true, default: [] },
    'demo-events': { type: 'string', default: 'all' },
    'dev-pg': { type: 'string', default: 'dev' },
    floor: { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
if (args['cpu-only'] && args['cpu-rate'] === undefined) throw new Error('--cpu-only needs --cpu-rate');
/** Phase 3's kinds by their short names, in the order given. */
const CPU_KINDS = ['test', 'simulator', 'templated', 'smtp'] as const;
const cpuKinds = args.kinds.split(',').map((k) => k.trim());
for (const k of cpuKinds)
  if (!CPU_KINDS.includes(k as (typeof CPU_KINDS)[number])) throw new Error(`--kinds takes ${CPU_KINDS.join(', ')}`);
if (!BENCH_TEMPORAL_STORES.includes(args.temporal as BenchTemporalStore))
  throw new Error(`--temporal is one of ${BENCH_TEMPORAL_STORES.join(', ')}`);
// The dev stack's shapes are the floor's (bench/floor.ts); the benchmark's own stack has others.
if (args.floor && args.stack !== 'dev') throw new Error('--floor goes with --stack dev');
if (!Number.isInteger(Number(args.shards)) || Number(args.shards) < 1)
  throw new Error('--shards is a whole number of history shards, 1 or more');

/**
 * One kind of send for the CPU phase. A message is complete when its `email.delivered` webhook
 * arrives (`done` is the receiver's arrivals), or, with `poll`, when the poll has seen it complete.
 */
interface CpuKind {
  label: string;
  send: SendFn;
  done: Map<string, number>;
  poll?: (sinceIso: string) => Promise<void>;
}

/** Processes shown per message but not in the total: the load generator (and webhook receiver), and SES's stand-in. */
const NOT_COUNTED = new Set(['benchmark client', 'SES emulator']);
const CPU_COLUMNS = ['API', 'worker', 'Temporal', "Temporal's PostgreSQL", 'PostgreSQL', 'Redis', 'SMTP relay'];

/** One row of the CPU table: its cells, and the figures per message the floor's table reads. */
interface CpuRow {
  cells: string[];
  /** CPU ms per completed message of every counted process. */
  total: number;
  perMessage: (label: string) => number;
}

/** Each process's CPU between two readings, per message completed, as a row of the CPU table. */
function cpuRow(
  label: string,
  offered: Offered,
  completed: number,
  [before, after]: [Map<string, number>, Map<string, number>],
  columns: string[],
): CpuRow {
  const perMessage = (process: string) => (1000 * ((after.get(process) ?? 0) - (before.get(process) ?? 0))) / completed;
  const counted = [...after.keys()].filter((process) => !NOT_COUNTED.has(process));
  const total = counted.reduce((sum, process) => sum + perMessage(process), 0);
  const cell = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
  return {
    cells: [
      label,
      String(offered.sent.size + offered.refused),
      String(offered.sent.size),
      String(completed),
      ...columns.map((process) => (after.has(process) ? cell(perMessage(process)) : '-')),
      cell(total),
      ...[...NOT_COUNTED].map((process) => cell(perMessage(process))),
    ],
    total,
    perMessage,
  };
}

/**
 * Offers `rate` messages of one kind a second for --seconds and divides each process's CPU, from
 * the first send until the last message completed, by the messages completed. Before it: one send
 * per sender (connections, caches; not counted), then a pause for everything earlier to finish
 * (simulator workflows close OUTCOME_TIMEOUT_SECONDS, 2 s, after `sent`).
 */
async function cpuPerMessage(
  kind: CpuKind,
  rate: number,
  senderCount: number,
  cpu: () => Map<string, number>,
  columns = CPU_COLUMNS,
): Promise<CpuRow> {
  await Promise.all(Array.from({ length: senderCount }, (_, k) => kind.send(9_000_000 + k)));
  await sleep(3000);
  const since = new Date(Date.now() - 1000).toISOString();
  const before = cpu();
  const offered = await offer(rate, seconds, kind.send);
  const ids = [...offered.sent.keys()];
  const poll = kind.poll;
  await awaitCompletion(ids, kind.done, 60_000, poll ? 500 : 100, poll && (() => poll(since)));
  const after = cpu();
  const completed = ids.filter((id) => kind.done.has(id)).length;
  return cpuRow(kind.label, offered, completed, [before, after], columns);
}

/**
 * Simulator sends (`success@simulator.amazonses.com`) get no SNS events here, so their workflow
 * ends at `sent`, and `email.sent` fires before the SES call: a simulator message is complete once
 * the email log shows it past `queued`. The log is read through the API (GET /api/emails with a
 * full_access key, every account's rows since the phase began, pages of 100), and only after the
 * phase's last send, every 500 ms: the poll's CPU in the API and PostgreSQL is a few requests.
 */
function emailLogPoll(
  baseUrl: string,
  manageKeys: string[],
  done: Map<string, number>,
): (sinceIso: string) => Promise<void> {
  return async (sinceIso) => {
    for (const key of manageKeys) {
      let cursor: string | null = null;
      do {
        const res = await fetch(
          `${baseUrl}/api/emails?since=${encodeURIComponent(sinceIso)}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          { headers: { 'X-API-Key': key } },
        );
        const page = (await res.json()) as {
          emails?: { message_id: string; status: string }[];
          next_cursor?: string | null;
        };
        for (const email of page.emails ?? [])
          if (email.status !== 'queued' && !done.has(email.message_id)) done.set(email.message_id, performance.now());
        cursor = page.next_cursor ?? null;
      } while (cursor);
    }
  };
}

/** A management call with a full_access key; its JSON answer. */
async function manage<T>(baseUrl: string, key: string, method: string, route: string, body?: object): Promise<T> {
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function table(results: PhaseResult[]): string {
  const header = [
    'run',
    'offered',
    'accepted',
    'refused',
    'accept p50',
    'accept p99',
    'delivered/s',
    'to webhook p50',
    'p99',
    'unfinished',
  ];
  const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(0)} ms`);
  const rows = results.map((r) => [
    r.label,
    String(r.offered),
    String(r.accepted),
    String(r.refused),
    ms(r.acceptP50),
    ms(r.acceptP99),
    r.deliveredPerSecond.toFixed(1),
    ms(r.endToEndP50),
    ms(r.endToEndP99),
    String(r.unfinished),
  ]);
  return formatTable(header, rows);
}

/** Phases 1 and 2: the ceiling (closed loop) and 25, 50 and 100 % of it (open loop). */
async function ceilingAndShares(
  { api, receiver }: PipelineStack,
  sender: (i: number) => Sender,
  cpu: () => Map<string, number>,
): Promise<{ results: PhaseResult[]; cpuShares: string[]; rate: number }> {
  const results: PhaseResult[] = [];
  say(`phase 1: ceiling, closed loop of ${args.concurrency} clients for ${seconds} s`);
  const cpuBefore = cpu();
  const ceilingStart = performance.now();
  const ceiling = await closedLoop((i) => sendOne(api.baseUrl, sender(i), testMessage(i)), receiver.arrivals, {
    concurrency: Number(args.concurrency),
    seconds,
  });
  const cpuAfter = cpu();
  const ceilingSeconds = (performance.now() - ceilingStart) / 1000;
  const cpuShares = [...cpuAfter]
    .filter(([label]) => label !== 'SES emulator')
    .map(([label, s]) => `${label} ${((100 * (s - (cpuBefore.get(label) ?? 0))) / ceilingSeconds).toFixed(0)} %`);
  results.push(ceiling);
  const rate = Math.max(1, ceiling.deliveredPerSecond);
  for (const share of [0.25, 0.5, 1]) {
    say(`phase 2: ${share * 100} % of ${rate.toFixed(1)}/s for ${seconds} s`);
    const offered = await offer(rate * share, seconds, (i) =>
      sendOne(api.baseUrl, sender(i), testMessage(1_000_000 + i)),
    );
    results.push(
      await summarise(
        `${share * 100} % of ceiling: ${(rate * share).toFixed(1)}/s offered`,
        offered,
        receiver.arrivals,
        {
          seconds,
          graceMs: 60_000,
        },
      ),
    );
  }
  return { results, cpuShares, rate };
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const stack = await startPipelineStack(say, {
    accounts: Number(args.accounts),
    keys: 2,
    temporalStore: args.temporal as BenchTemporalStore,
    temporalShards: Number(args.shards),
  });
  const { infra, senders, api, receiver } = stack;
  const sender = (i: number): Sender => senders[i % senders.length]!;
  let connection: Connection | undefined;
  let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
  const transports: ReturnType<typeof nodemailer.createTransport>[] = [];
  try {
    say('warming up (5 s)');
    for (let i = 0; i < 20; i++) await sendOne(api.baseUrl, sender(i), testMessage(i));
    await sleep(5000);

    // The servers this run started by pid (with their children: PostgreSQL's backends), so that
    // another run's servers on the machine are not counted; those it did not start by command name.
    const cpu = () =>
      cpuSeconds(
        {
          API: api.process.child.pid,
          worker: stack.worker.child.pid,
          'SMTP relay': relay?.process.child.pid,
          'benchmark client': process.pid,
          'SES emulator': stack.ses.child.pid,
        },
        ...serverCpuLabels(infra.pids),
      );
    const { results, cpuShares, rate } = args['cpu-only']
      ? { results: [], cpuShares: ['not measured (--cpu-only)'], rate: 0 }
      : await ceilingAndShares(stack, sender, cpu);

    // Phase 3: CPU per message of four kinds of send. Per account: a full_access key (templates,
    // the email log) and one published template; the SMTP relay, and one pooled Nodemailer
    // transport per sender as an application's mailer keeps one (STARTTLS and AUTH once a connection).
    const cpuRate = args['cpu-rate'] !== undefined ? Number(args['cpu-rate']) : rate * 0.5;
    const accounts = [...new Set(senders.map((s) => s.accountId))];
    const manageKeys = new Map<string, string>();
    const templates = new Map<string, string>();
    for (const accountId of accounts) {
      const key = (
        await createApiKey(infra.db, { accountId, name: 'bench manage', permission: 'full_access' }, 'bench')
      ).secret;
      manageKeys.set(accountId, key);
      const { id } = await manage<{ id: string }>(api.baseUrl, key, 'POST', '/api/templates', {
        name: 'Pipeline benchmark',
        subject: 'Hello {{ name }}',
        html: '<p>Hello {{ name }},</p><p>this is message {{ n }} of the pipeline benchmark.</p>',
      });
      await manage(api.baseUrl, key, 'POST', `/api/templates/${id}/publish`);
      templates.set(accountId, id);
    }
    relay = await startRelay(stack.env, stack.logDir, infra.runDir);
    for (const s of senders) {
      transports.push(
        nodemailer.createTransport({
          host: 'localhost',
          port: relay.port,
          secure: false,
          requireTLS: true,
          pool: true,
          maxConnections: 4,
          auth: { user: 'bench', pass: s.apiKey },
          tls: { ca: relay.ca },
        }),
      );
    }
    const simulatorDone = new Map<string, number>();
    const kinds: CpuKind[] = [
      {
        label: 'test send',
        done: receiver.arrivals,
        send: (i) => sendOne(api.baseUrl, sender(i), testMessage(2_000_000 + i)),
      },
      {
        label: 'simulator send (to `sent`)',
        done: simulatorDone,
        poll: emailLogPoll(api.baseUrl, [...manageKeys.values()], simulatorDone),
        send: (i) => sendOne(api.baseUrl, sender(i), testMessage(i, 'success@simulator.amazonses.com')),
      },
      {
        label: 'templated send',
        done: receiver.arrivals,
        send: (i) =>
          sendOne(api.baseUrl, sender(i), {
            to: `delivered+${3_000_000 + i}@${TEST_DOMAIN}`,
            template: { id: templates.get(sender(i).accountId), variables: { name: 'Reader', n: i } },
          }),
      },
      {
        label: 'SMTP send',
        done: receiver.arrivals,
        async send(i) {
          const t0 = performance.now();
          const s = sender(i);
          const info = (await transports[i % transports.length]!.sendMail({
            from: `bench@${s.domain}`,
            to: `delivered+${4_000_000 + i}@${TEST_DOMAIN}`,
            subject: `Pipeline ${i}`,
            text: 'Hello from the pipeline benchmark.',
          })) as { response: string };
          const id = /^250 2\.6\.0 Queued 1 message: (\S+)$/.exec(info.response)?.[1];
          return { ...(id ? { id } : {}), ms: performance.now() - t0, status: Number(info.response.slice(0, 3)) };
        },
      },
    ];
    const cpuRows: string[][] = [];
    for (const kind of cpuKinds.map((k) => kinds[CPU_KINDS.indexOf(k as (typeof CPU_KINDS)[number])]!)) {
      say(`phase 3: CPU per message, ${kind.label}, ${cpuRate.toFixed(1)}/s for ${seconds} s`);
      cpuRows.push((await cpuPerMessage(kind, cpuRate, senders.length, cpu)).cells);
    }

    // History length of one test send and of one simulator send (the latter ends `sent` after OUTCOME_TIMEOUT_SECONDS).
    connection = await Connection.connect({ address: infra.temporalAddress });
    const client = new Client({ connection });
    const testSend = await sendOne(api.baseUrl, senders[0]!, testMessage(9_999_001));
    const simSend = await sendOne(api.baseUrl, senders[0]!, testMessage(9_999_002, `success@simulator.amazonses.com`));
    const history = async (id: string | undefined) => {
      if (!id) return NaN;
      const handle = client.workflow.getHandle(sendWorkflowId(id));
      await handle.result().catch(() => undefined);
      return (await handle.fetchHistory()).events?.length ?? NaN;
    };
    const [testEvents, simEvents] = [await history(testSend.id), await history(simSend.id)];

    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `infrastructure: PostgreSQL ${infra.origin.postgres}, Redis ${infra.origin.redis}, Temporal ${infra.origin.temporal}; one API and one worker process`,
    );
    console.log('');
    console.log(table(results));
    console.log('');
    console.log(
      `CPU during the ceiling phase (100 % = one core of ${os.cpus().length}, until its last webhook): ${cpuShares.join(', ')}`,
    );
    console.log('');
    console.log(
      `CPU ms per completed message, ${cpuRate.toFixed(1)}/s offered for ${seconds} s of each kind, from its first send to its last message completed (total: without the last two columns):`,
    );
    console.log(
      formatTable(['kind', 'offered', 'accepted', 'completed', ...CPU_COLUMNS, 'total', ...NOT_COUNTED], cpuRows),
    );
    console.log('');
    console.log(`history events: test send ${testEvents}, simulator send ${simEvents}`);
    console.log(
      `resident memory: API ${residentMiB(api.process.child.pid).toFixed(0)} MiB, worker ${residentMiB(stack.worker.child.pid).toFixed(0)} MiB`,
    );
  } finally {
    for (const t of transports) t.close();
    await connection?.close();
    await relay?.process.stop();
    await stack.stop();
  }
}

/** The dev stack's processes, as columns; the dev command hosts the demo receiver, the local SNS, the SES recorder and the log relay. */
const DEV_CPU_COLUMNS = ['API', 'worker', 'Temporal', 'PostgreSQL', 'Redis', 'SMTP relay', 'MX', 'npm run dev'];

/**
 * --stack dev: `npm run dev` as a user starts it, the rate limit lifted the user's way
 * (RATE_LIMIT_PER_MINUTE), sending with the demo key to the demo account (whose endpoint gets
 * every event at the demo receiver); a message is complete when the receiver logs its verified
 * `email.delivered`. A burst of --burst test sends at --concurrency (with its CPU per delivered
 * message), then --rate test sends a second for --seconds (open loop), then CPU per delivered
 * message of a test send and of a simulator send (the real path: SES emulator, then the local SNS
 * posts the outcome), and the history length of each; with --floor, the floor's figures after it.
 */
async function mainDev(): Promise<void> {
  const loadBefore = os.loadavg();
  const extraEnv = Object.fromEntries(
    (args['dev-env'] ?? []).map((kv) => {
      const eq = kv.indexOf('=');
      if (eq < 1) throw new Error(`--dev-env takes NAME=value, not ${kv}`);
      return [kv.slice(0, eq), kv.slice(eq + 1)];
    }),
  );
  // A switch: PostgreSQL without fsync (the benchmark stack's), started here and handed over as
  // DATABASE_URL, which the dev command then uses instead of its own durable one.
  let fastPg: { process: ManagedProcess; dir: string; url: string } | undefined;
  const stopFastPg = async () => {
    await fastPg?.process.stop();
    if (fastPg) fs.rmSync(fastPg.dir, { recursive: true, force: true });
  };
  if (args['dev-pg'] === 'fast') {
    fs.mkdirSync(path.join(toolsDir(), 'bench'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(toolsDir(), 'bench', 'pg-'));
    fs.chmodSync(dir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
    const pg = await startPrivatePostgres({
      dataDir: path.join(dir, 'pg'),
      port: await freePort(),
      logFile: path.join(dir, 'postgres.log'),
      fast: true,
    });
    fastPg = { process: pg.process, dir, url: '' };
    fastPg.url = await ensureDatabase(pg.serverUrl, 'postage').catch(async (err: unknown) => {
      await stopFastPg();
      throw err;
    });
  }
  const dev = await startDevStack(say, {
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...extraEnv,
    ...(fastPg ? { DATABASE_URL: fastPg.url } : {}),
  }).catch(async (err: unknown) => {
    await stopFastPg();
    throw err;
  });
  let connection: Connection | undefined;
  let costs: DevCosts | undefined;
  try {
    if (args['demo-events'] !== 'all') {
      // A switch for finding what costs what: the demo endpoint subscribed to fewer events.
      const db = createDb(dev.serviceEnv.DATABASE_URL!);
      await db('webhook_endpoints')
        .where('url', 'like', `%${DEMO_WEBHOOK_PATH}`)
        .update({ events: args['demo-events']!.split(',') });
      await db.destroy();
    }
    const demo: Sender = { accountId: '', domain: DEMO_DOMAIN, apiKey: dev.demoKey };
    const send = (body: Record<string, unknown>) => sendOne(dev.apiUrl, demo, body);
    say('warming up (5 s)');
    for (let i = 0; i < 20; i++) await send(testMessage(i));
    await sleep(5000);

    const cpu = () => {
      const p = dev.pids();
      return cpuSeconds(
        {
          API: p.API,
          worker: p.worker,
          'SMTP relay': p['SMTP relay'],
          MX: p.MX,
          'npm run dev': p.dev,
          'SES emulator': p['SES emulator'],
          'benchmark client': process.pid,
        },
        {},
        { PostgreSQL: p.PostgreSQL ?? fastPg?.process.child.pid, Redis: p.Redis, Temporal: p.Temporal },
      );
    };
    const count = Number(args.burst);
    const results: PhaseResult[] = [];
    say(`burst: ${count} test sends, ${args.concurrency} at a time`);
    const cpuBeforeBurst = cpu();
    const burstStart = performance.now();
    const b = await burst(count, Number(args.concurrency), (i) => send(testMessage(10_000 + i)));
    const acceptSeconds = (performance.now() - burstStart) / 1000;
    results.push(
      await summarise(
        `burst of ${count}, ${args.concurrency} clients (accepted at ${(b.sent.size / acceptSeconds).toFixed(1)}/s)`,
        b,
        dev.delivered,
        { seconds: 0, graceMs: 120_000 },
      ),
    );
    const burstRow = cpuRow(
      `test send, the burst of ${count}`,
      b,
      [...b.sent.keys()].filter((id) => dev.delivered.has(id)).length,
      [cpuBeforeBurst, cpu()],
      DEV_CPU_COLUMNS,
    );
    const rate = Number(args.rate);
    say(`steady: ${rate}/s offered for ${seconds} s`);
    const steady = await offer(rate, seconds, (i) => send(testMessage(1_000_000 + i)));
    results.push(await summarise(`steady: ${rate}/s offered`, steady, dev.delivered, { seconds, graceMs: 60_000 }));

    const cpuRate = args['cpu-rate'] !== undefined ? Number(args['cpu-rate']) : rate / 2;
    const kinds: CpuKind[] = [
      { label: 'test send', done: dev.delivered, send: (i) => send(testMessage(2_000_000 + i)) },
      {
        label: 'simulator send (SES, then the outcome by SNS)',
        done: dev.delivered,
        send: (i) => send(testMessage(i, 'success@simulator.amazonses.com')),
      },
    ];
    const cpuRows: CpuRow[] = [];
    for (const kind of kinds) {
      say(`CPU per message, ${kind.label}, ${cpuRate.toFixed(1)}/s for ${seconds} s`);
      cpuRows.push(await cpuPerMessage(kind, cpuRate, 1, cpu, DEV_CPU_COLUMNS));
    }

    connection = await Connection.connect({ address: dev.temporalAddress });
    const client = new Client({ connection });
    const history = async (id: string | undefined) => {
      if (!id) return NaN;
      const handle = client.workflow.getHandle(sendWorkflowId(id));
      await handle.result().catch(() => undefined);
      return (await handle.fetchHistory()).events?.length ?? NaN;
    };
    const testEvents = await history((await send(testMessage(9_999_001))).id);
    const simEvents = await history((await send(testMessage(9_999_002, 'success@simulator.amazonses.com'))).id);
    const p = dev.pids();
    costs = { burst: burstRow, test: cpuRows[0]!, simulator: cpuRows[1]!, testEvents, simEvents, cpuRate };

    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `stack: npm run dev as started (RATE_LIMIT_PER_MINUTE lifted${fastPg ? ', PostgreSQL without fsync' : ''}${
        Object.keys(extraEnv).length
          ? `, ${Object.entries(extraEnv)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}`
          : ''
      }); demo key, demo endpoint events: ${args['demo-events']}`,
    );
    console.log('');
    console.log(table(results));
    console.log('');
    console.log(
      `CPU ms per delivered message: the burst above, from its first send to its last email.delivered at the demo receiver, then ${cpuRate.toFixed(1)}/s offered for ${seconds} s of each kind, until its last (total: without the last two columns; "npm run dev" is the dev command: demo receiver, local SNS, SES recorder, log relay):`,
    );
    console.log(
      formatTable(
        ['kind', 'offered', 'accepted', 'completed', ...DEV_CPU_COLUMNS, 'total', ...NOT_COUNTED],
        [burstRow, ...cpuRows].map((row) => row.cells),
      ),
    );
    console.log('');
    console.log(`history events: test send ${testEvents}, simulator send ${simEvents}`);
    console.log(
      `resident memory: API ${residentMiB(p.API).toFixed(0)} MiB, worker ${residentMiB(p.worker).toFixed(0)} MiB, npm run dev ${residentMiB(p.dev).toFixed(0)} MiB`,
    );
  } finally {
    await connection?.close();
    await dev.stop();
    await stopFastPg();
  }
  if (args.floor && costs) await printAgainstFloor(costs, Number(extraEnv.LOCAL_SNS_DELAY_MS ?? DEV_SIGNAL_AFTER_MS));
}

/** What the dev stack's messages cost (CPU per delivered message), for the floor's table. */
interface DevCosts {
  burst: CpuRow;
  test: CpuRow;
  simulator: CpuRow;
  testEvents: number;
  simEvents: number;
  cpuRate: number;
}

/**
 * --floor: the engine's floor (bench/floor.ts) of each kind's shape at the kind's own load, measured
 * once the stack stopped (one run), and each cost as a ratio to it: of all processes, and of the
 * worker and Temporal alone (the floor's own two).
 */
async function printAgainstFloor(costs: DevCosts, signalAfterMs: number): Promise<void> {
  const simulator = 'simulator send (the real path)';
  const comparisons: { kind: string; row: CpuRow; events: number; shape: FloorShape; mode: FloorMode }[] = [
    { kind: 'test send', row: costs.burst, events: costs.testEvents, shape: 'test send', mode: 'burst' },
    { kind: 'test send', row: costs.test, events: costs.testEvents, shape: 'test send', mode: 'steady' },
    { kind: simulator, row: costs.simulator, events: costs.simEvents, shape: 'real path', mode: 'steady' },
    {
      kind: simulator,
      row: costs.simulator,
      events: costs.simEvents,
      shape: 'real path with SES local',
      mode: 'steady',
    },
  ];
  const opts: FloorOptions = {
    plan: comparisons.map(({ shape, mode }) => ({ shape, mode })),
    runs: 1,
    burst: Number(args.burst),
    concurrency: Number(args.concurrency),
    rate: costs.cpuRate,
    seconds,
    temporalStore: 'sqlite-wal',
    signalAfterMs,
  };
  say('the floor (bench/floor.ts): the same shapes and loads on a fresh dev server, the stack stopped');
  const floor = await measureFloor(say, opts);
  const rows = comparisons.map(({ kind, row, events, shape, mode }, i) => {
    const f = floor[i]!;
    const engine = row.perMessage('worker') + row.perMessage('Temporal');
    return [
      kind,
      floorLoad(mode, opts),
      row.total.toFixed(1),
      engine.toFixed(1),
      shape,
      f.total.toFixed(1),
      (row.total / f.total).toFixed(2),
      (engine / f.total).toFixed(2),
      `${events}, ${eventCounts(f.events)}`,
    ];
  });
  console.log('');
  console.log(
    `Postage against the engine's floor (bench/floor.ts: its shapes with steps that return at once, a fresh dev server (${opts.temporalStore}) and worker, the outcome signalled ${signalAfterMs} ms after the SES call; CPU ms per delivered message or completed workflow; floor: worker and Temporal):`,
  );
  console.log(
    formatTable(
      [
        'kind',
        'load',
        'Postage',
        'of which worker + Temporal',
        'floor shape',
        'floor',
        'ratio',
        'worker + Temporal / floor',
        'history events (Postage, floor)',
      ],
      rows,
    ),
  );
}

(args.stack === 'dev' ? mainDev() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
