// Benchmark: the Temporal engine's floor for each of Postage's workflow shapes. Workflows with
// exactly the shape of a Postage send (bench/floorWorkflows.ts) whose steps return at once, on a
// fresh CLI dev server per run, a worker process of their own and the client in this process:
// CPU of the worker and of the Temporal server per completed workflow, from the first start to the
// last completion, at a burst (--burst workflows, --concurrency starts at a time) and at a steady
// --rate a second for --seconds; min / median / max over --runs. What Postage costs per message
// (pipeline.ts, phase 3) reads as a ratio to it: `pipeline.ts --stack dev --floor` prints both
// (bench/README.md, "`floor.ts`").
//
//   npm exec -- node --import tsx bench/floor.ts [--runs 3] [--burst 300] [--concurrency 16]
//        [--rate 10] [--seconds 20] [--temporal sqlite-wal|sqlite-default|memory]
//        [--shapes 'test send,real path,...'] [--modes burst,steady] [--signal-after-ms 1500]
//
// The shapes, read from workflows/sendEmail.ts as `npm run dev` runs it (started with
// `statusAttribute: 'where-needed'`, core/sending/acceptMessage.ts, so a message on its normal path
// writes no status; the demo endpoint subscribed to every event, tools/demoSeed.ts):
// - test send (`delivered@` the test domain): one workflow task, five local activities:
//   recordQueuedMessage (confirmAcceptance), the `email.sent` deliverWebhook (webhooks.fire, not
//   awaited), recordSent (simulateTestRecipient), recordOutcome (settleOutcome), the
//   `email.delivered` deliverWebhook; the workflow ends once both deliveries settled.
// - real path (the simulator's `success@` on the dev stack, whose outcome comes by the local SNS; a
//   real recipient's delivery takes the same steps): recordQueuedMessage; the `email.sent`
//   deliverWebhook, started just before sendViaSes, a regular activity (activityProxies.ts,
//   `provider`), so the two run side by side; the wait for its turn at SES is inside sendViaSes on an
//   idle SES (activities/sesTurn.ts: no timer); the outcome wait, a condition with
//   OUTCOME_TIMEOUT_SECONDS (72 h) as its timer, ended by the outcome's signal, which this process
//   sends --signal-after-ms after the SES call (LOCAL_SNS_DELAY_MS, the local SNS's delay);
//   recordOutcome and the `email.delivered` deliverWebhook.
// - the real path with the SES call as a local activity: the cheaper shape Postage could run.
// - one regular activity, for scale.
// Left out as Postage's own: the `lean-bookkeeping` patch marker and its TemporalChangeVersion upsert
// (two events, gone at the patch's last step), the start's search attributes and priority. So a
// floor history is two events shorter than Postage's (test send 10 against 12, real path 21
// against 23); the history lengths printed are each workflow's, to check the shape held.
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { toolsDir } from '../core/platform/devEnvironment';
import { SETTINGS } from '../core/platform/settings/table';
import { freePort } from '../tools/stack/processes';
import { startTemporalDevServer } from '../tools/stack/temporal';
import { formatTable } from './closedLoop';
import type { FloorReport } from './floorWorker';
import { outcomeSignal } from './floorWorkflows';
import { devServerStore } from './infra';
import { burst, offer, type Offered, type SendFn } from './load';
import { awaitCompletion, cpuSeconds, quantile, sleep, spread } from './stack';

export const FLOOR_SHAPES = ['test send', 'real path', 'real path with SES local', 'one regular activity'] as const;
export type FloorShape = (typeof FLOOR_SHAPES)[number];
export const FLOOR_MODES = ['burst', 'steady'] as const;
export type FloorMode = (typeof FLOOR_MODES)[number];

/** The workflow of each shape (bench/floorWorkflows.ts), and whether it waits for the outcome's signal. */
const SHAPES: Record<FloorShape, { workflow: string; waitsForOutcome: boolean }> = {
  'test send': { workflow: 'testSend', waitsForOutcome: false },
  'real path': { workflow: 'realPath', waitsForOutcome: true },
  'real path with SES local': { workflow: 'realPathSesLocal', waitsForOutcome: true },
  'one regular activity': { workflow: 'oneActivity', waitsForOutcome: false },
};

/** The outcome's wait in a real send: OUTCOME_TIMEOUT_SECONDS as `npm run dev` leaves it. */
const OUTCOME_TIMEOUT_MS = SETTINGS.outcomes.timeoutSeconds.spec.default * 1000;
/** Between SES accepting a message and its outcome's notification on `npm run dev` (LOCAL_SNS_DELAY_MS). */
export const DEV_SIGNAL_AFTER_MS = SETTINGS.dev.localSnsDelayMs.spec.default;
const DEV_SERVER_STORES = ['sqlite-wal', 'sqlite-default', 'memory'] as const;
/** Workflows of a shape run before each measurement (the worker's caches, the server's task queue). */
const WARM_UP = 5;

export interface FloorOptions {
  /** What to measure in each run, in order. */
  plan: { shape: FloorShape; mode: FloorMode }[];
  runs: number;
  burst: number;
  concurrency: number;
  rate: number;
  seconds: number;
  temporalStore: (typeof DEV_SERVER_STORES)[number];
  signalAfterMs: number;
}

/** One measurement: CPU ms per completed workflow, by process; `total` is the worker's and Temporal's. */
export interface FloorResult {
  shape: FloorShape;
  mode: FloorMode;
  run: number;
  started: number;
  completed: number;
  perSecond: number;
  worker: number;
  temporal: number;
  total: number;
  client: number;
  /** The history length of each completed workflow. */
  events: number[];
}

/** How a mode loads the engine, for the printed tables. */
export function floorLoad(mode: FloorMode, opts: Pick<FloorOptions, 'burst' | 'concurrency' | 'rate' | 'seconds'>) {
  return mode === 'burst'
    ? `burst of ${opts.burst}, ${opts.concurrency} at a time`
    : `${opts.rate.toFixed(1)}/s for ${opts.seconds} s`;
}

/** The worker process (bench/floorWorker.ts): the times workflows completed, and the outcome signals it triggers. */
interface FloorWorker {
  child: ChildProcess;
  completed: Map<string, number>;
  signalFailures: () => number;
  stop(): Promise<void>;
}

async function forkWorker(
  client: Client,
  address: string,
  taskQueue: string,
  bundlePath: string,
  signalAfterMs: number,
): Promise<FloorWorker> {
  const child = fork(path.join(__dirname, 'floorWorker.ts'), [address, taskQueue, bundlePath]);
  const completed = new Map<string, number>();
  const signals = new Set<Promise<void>>();
  let failures = 0;
  // As SNS posts the outcome to the API, which signals the workflow: some time after the SES call.
  const signalLater = (workflowId: string) =>
    setTimeout(() => {
      const sent: Promise<void> = client.workflow
        .getHandle(workflowId)
        .signal(outcomeSignal)
        .catch(() => void failures++)
        .finally(() => signals.delete(sent));
      signals.add(sent);
    }, signalAfterMs);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: FloorReport) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'sesCall') signalLater(message.workflowId);
      else completed.set(message.workflowId, performance.now());
    });
    void exited.then((code) => reject(new Error(`the floor's worker process exited with ${code}`)));
  });
  return {
    child,
    completed,
    signalFailures: () => failures,
    async stop() {
      await Promise.all(signals);
      if (child.connected) child.disconnect();
      // A worker that does not shut down within its in-flight tasks' time is ended.
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

/** The history length of each workflow, a few at a time (after the measurement: not counted). */
async function historyLengths(client: Client, workflowIds: string[]): Promise<number[]> {
  const lengths: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < workflowIds.length) {
        const history = await client.workflow.getHandle(workflowIds[next++]!).fetchHistory();
        lengths.push(history.events?.length ?? NaN);
      }
    }),
  );
  return lengths;
}

/** What one run's measurements share. */
interface RunContext {
  opts: FloorOptions;
  run: number;
  client: Client;
  taskQueue: string;
  worker: FloorWorker;
  temporalPid: number | undefined;
}

/** Starts the i-th workflow of a shape, its id `prefix-i`. */
function starter(ctx: RunContext, shape: FloorShape, prefix: string): SendFn {
  const { workflow, waitsForOutcome } = SHAPES[shape];
  return async (i) => {
    const t0 = performance.now();
    const workflowId = `${prefix}-${i}`;
    await ctx.client.workflow.start(workflow, {
      taskQueue: ctx.taskQueue,
      workflowId,
      args: waitsForOutcome ? [OUTCOME_TIMEOUT_MS] : [],
    });
    return { id: workflowId, ms: performance.now() - t0, status: 200 }; // 200: started
  };
}

/**
 * One shape at one load: a few workflows first (not counted) and a pause, then CPU by process from
 * the first start until the last workflow completed, divided by the workflows completed.
 */
async function measure(ctx: RunContext, shape: FloorShape, mode: FloorMode): Promise<FloorResult> {
  const { opts, worker } = ctx;
  const slug = `${shape.replace(/\W+/g, '-')}-${mode}`;
  const warm = await burst(WARM_UP, 1, starter(ctx, shape, `${slug}-warm-up`));
  await awaitCompletion([...warm.sent.keys()], worker.completed, 30_000 + opts.signalAfterMs, 50);
  await sleep(2000);

  const cpu = () => cpuSeconds({ worker: worker.child.pid, client: process.pid }, {}, { Temporal: ctx.temporalPid });
  const before = cpu();
  const start = starter(ctx, shape, slug);
  const offered: Offered =
    mode === 'burst' ? await burst(opts.burst, opts.concurrency, start) : await offer(opts.rate, opts.seconds, start);
  const ids = [...offered.sent.keys()];
  await awaitCompletion(ids, worker.completed, 60_000 + opts.signalAfterMs, 20);
  const after = cpu();

  const done = ids.filter((id) => worker.completed.has(id));
  const perWorkflow = (label: string) => (1000 * ((after.get(label) ?? 0) - (before.get(label) ?? 0))) / done.length;
  const last = Math.max(...done.map((id) => worker.completed.get(id)!));
  return {
    shape,
    mode,
    run: ctx.run,
    started: ids.length + offered.refused,
    completed: done.length,
    perSecond: done.length / ((last - offered.start) / 1000),
    worker: perWorkflow('worker'),
    temporal: perWorkflow('Temporal'),
    total: perWorkflow('worker') + perWorkflow('Temporal'),
    client: perWorkflow('client'),
    events: await historyLengths(ctx.client, done),
  };
}

/** One run: a fresh dev server and worker process, then every measurement of the plan. */
async function floorRun(
  say: (line: string) => void,
  opts: FloorOptions,
  run: number,
  dir: string,
  bundlePath: string,
): Promise<FloorResult[]> {
  const server = await startTemporalDevServer({
    port: await freePort(),
    logFile: path.join(dir, `temporal-${run}.log`),
    ...devServerStore(opts.temporalStore, path.join(dir, `temporal-${run}.sqlite`)),
  });
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  const taskQueue = `floor-${run}`;
  let worker: FloorWorker | undefined;
  try {
    worker = await forkWorker(client, server.address, taskQueue, bundlePath, opts.signalAfterMs);
    const ctx: RunContext = { opts, run, client, taskQueue, worker, temporalPid: server.process.child.pid };
    const results: FloorResult[] = [];
    for (const { shape, mode } of opts.plan) {
      const r = await measure(ctx, shape, mode);
      results.push(r);
      say(
        `run ${run}, ${shape}, ${floorLoad(mode, opts)}: ${r.completed} of ${r.started} completed, ${r.perSecond.toFixed(1)}/s; CPU ms per workflow: worker ${r.worker.toFixed(1)}, Temporal ${r.temporal.toFixed(1)}, total ${r.total.toFixed(1)} (client ${r.client.toFixed(1)}); history events ${eventCounts(r.events)}`,
      );
    }
    if (worker.signalFailures()) say(`run ${run}: ${worker.signalFailures()} outcome signals failed`);
    return results;
  } finally {
    await worker?.stop();
    await connection.close();
    await server.process.stop();
  }
}

/**
 * Measures the floor: the workflows bundled once, then --runs runs of the plan, each on a fresh dev
 * server (its state under .tools/bench/floor-*, removed afterwards unless POSTAGE_KEEP_BENCH_RUN).
 */
export async function measureFloor(say: (line: string) => void, opts: FloorOptions): Promise<FloorResult[]> {
  fs.mkdirSync(path.join(toolsDir(), 'bench'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(toolsDir(), 'bench', 'floor-'));
  try {
    const bundle = await bundleWorkflowCode({
      workflowsPath: path.join(__dirname, 'floorWorkflows.ts'),
      logger: new DefaultLogger('WARN'),
    });
    const bundlePath = path.join(dir, 'floor-workflows.js');
    fs.writeFileSync(bundlePath, bundle.code);
    const results: FloorResult[] = [];
    for (let run = 1; run <= opts.runs; run++) results.push(...(await floorRun(say, opts, run, dir, bundlePath)));
    return results;
  } finally {
    if (!process.env.POSTAGE_KEEP_BENCH_RUN) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** History lengths seen, with how many workflows had each when they differ ("21" or "21 ×290, 18 ×10"). */
export function eventCounts(events: number[]): string {
  const counts = new Map<number, number>();
  for (const e of events) counts.set(e, (counts.get(e) ?? 0) + 1);
  if (counts.size <= 1) return String([...counts.keys()][0] ?? '-');
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([length, n]) => `${length} ×${n}`)
    .join(', ');
}

/** The figures of each shape and mode over the runs. */
export function floorTable(results: FloorResult[], opts: FloorOptions): string {
  const rows = opts.plan.map(({ shape, mode }) => {
    const of = results.filter((r) => r.shape === shape && r.mode === mode);
    const median = (pick: (r: FloorResult) => number) => quantile(of.map(pick), 0.5).toFixed(1);
    return [
      shape,
      floorLoad(mode, opts),
      eventCounts(of.flatMap((r) => r.events)),
      `${of.reduce((n, r) => n + r.completed, 0)} of ${of.reduce((n, r) => n + r.started, 0)}`,
      median((r) => r.perSecond),
      median((r) => r.worker),
      median((r) => r.temporal),
      spread(of.map((r) => r.total)),
      median((r) => r.client),
    ];
  });
  return formatTable(
    [
      'shape',
      'load',
      'history events',
      'completed',
      'completed/s',
      'worker',
      'Temporal',
      'total (min / median / max)',
      'client',
    ],
    rows,
  );
}

/** A comma-separated option's values, each one of `known`. */
function listOption<T extends string>(name: string, value: string, known: readonly T[]): T[] {
  const values = value.split(',').map((v) => v.trim());
  const unknown = values.find((v) => !(known as readonly string[]).includes(v));
  if (unknown !== undefined) throw new Error(`--${name}: ${unknown} is not one of ${known.join(', ')}`);
  return values as T[];
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      burst: { type: 'string', default: '300' },
      concurrency: { type: 'string', default: '16' },
      rate: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '20' },
      temporal: { type: 'string', default: 'sqlite-wal' },
      shapes: { type: 'string', default: FLOOR_SHAPES.join(',') },
      modes: { type: 'string', default: FLOOR_MODES.join(',') },
      'signal-after-ms': { type: 'string', default: String(DEV_SIGNAL_AFTER_MS) },
    },
  });
  const [temporalStore, ...more] = listOption('temporal', args.temporal, DEV_SERVER_STORES);
  if (!temporalStore || more.length) throw new Error(`--temporal is one of ${DEV_SERVER_STORES.join(', ')}`);
  const shapes = listOption('shapes', args.shapes, FLOOR_SHAPES);
  const modes = listOption('modes', args.modes, FLOOR_MODES);
  const opts: FloorOptions = {
    plan: shapes.flatMap((shape) => modes.map((mode) => ({ shape, mode }))),
    runs: Number(args.runs),
    burst: Number(args.burst),
    concurrency: Number(args.concurrency),
    rate: Number(args.rate),
    seconds: Number(args.seconds),
    temporalStore,
    signalAfterMs: Number(args['signal-after-ms']),
  };
  const loadBefore = os.loadavg();
  const results = await measureFloor((line) => console.log(`[bench] ${line}`), opts);
  console.log('');
  console.log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `engine: a fresh Temporal CLI dev server (${opts.temporalStore}) and worker process per run, activities that return at once, the outcome signalled ${opts.signalAfterMs} ms after the SES call; ${opts.runs} runs`,
  );
  console.log('');
  console.log(
    'CPU ms per completed workflow, from its first start to its last completion (medians but for the total; total: worker and Temporal; client: this process, starts and signals, not in the total):',
  );
  console.log(floorTable(results, opts));
}

if (require.main === module)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
