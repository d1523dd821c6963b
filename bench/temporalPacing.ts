// Benchmark: what Temporal's own task-queue features (Server 1.29) give toward pacing SES calls,
// next to the Redis pacer Postage uses (core/sending/sesPacing.ts): a rate limit on an activity
// task queue (the worker's maxTaskQueueActivitiesPerSecond, or the queue's own limit set by
// UpdateTaskQueueConfig), priority keys, fairness keys, a rate limit per fairness key. A private
// CLI dev server per server setting (dynamic config is read at start), two activity workers in two
// processes, a trivial activity that reports when it started; every scenario on a task queue of
// its own, the scenarios of one server side by side. See bench/README.md.
//
//   npm exec -- node --import tsx bench/temporalPacing.ts [--runs 3] [--rate 10]
import {
  bundleWorkflowCode,
  DefaultLogger,
  makeTelemetryFilterString,
  NativeConnection,
  Runtime,
  Worker,
} from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import { Context } from '@temporalio/activity';
import type { Priority } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { toolsDir } from '../core/platform/devEnvironment';
import { freePort, requireToolPath, startProcess, waitFor } from '../tools/stack/processes';
import { isTemporalReachable } from '../tools/stack/temporal';

const run = promisify(execFile);
const say = (line: string) => console.log(`[bench] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WORKER_ENV = 'BENCH_TEMPORAL_PACING_WORKER';

/** One activity start as a worker saw it. */
interface Start {
  taskQueue: string;
  label: string;
  scheduledMs: number;
  startedMs: number;
  worker: number;
}
type Command =
  { cmd: 'start'; address: string; taskQueue: string; rate: number | null } | { cmd: 'stop'; taskQueue: string };
type Report = { type: 'started' | 'stopped'; taskQueue: string } | ({ type: 'start' } & Start);

/**
 * Errors only: each worker warns that it has no workflows (or no activities), and completions of
 * the activities of a terminated backlog warn that their workflow is gone.
 */
function quietRuntime(): void {
  Runtime.install({
    logger: new DefaultLogger('ERROR'),
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR', other: 'ERROR' }) } },
  });
}

// ---------------------------------------------------------------------------------------------
// The worker processes: one activity worker per task queue, on the parent's command.

function workerProcess(): void {
  const id = Number(process.env[WORKER_ENV]);
  quietRuntime();
  const send = (report: Report) => process.send!(report);
  const workers = new Map<string, { worker: Worker; running: Promise<void>; connection: NativeConnection }>();
  const activities = {
    // Returns at once: the figures are about when the server hands out the tasks.
    async record(label: string): Promise<void> {
      const info = Context.current().info;
      send({
        type: 'start',
        taskQueue: info.taskQueue,
        label,
        scheduledMs: info.currentAttemptScheduledTimestampMs,
        startedMs: Date.now(),
        worker: id,
      });
    },
  };
  process.on('message', (command: Command) => {
    void (async () => {
      if (command.cmd === 'start') {
        const connection = await NativeConnection.connect({ address: command.address });
        const worker = await Worker.create({
          connection,
          taskQueue: command.taskQueue,
          activities,
          ...(command.rate === null ? {} : { maxTaskQueueActivitiesPerSecond: command.rate }),
        });
        workers.set(command.taskQueue, { worker, running: worker.run(), connection });
      } else {
        const w = workers.get(command.taskQueue);
        workers.delete(command.taskQueue);
        if (w) {
          w.worker.shutdown();
          await w.running;
          await w.connection.close();
        }
      }
      send({ type: command.cmd === 'start' ? 'started' : 'stopped', taskQueue: command.taskQueue });
    })().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// The parent: servers, the workflow worker, scenarios, figures.

const { values: args } = process.env[WORKER_ENV]
  ? { values: { runs: '0', rate: '0' } }
  : parseArgs({ options: { runs: { type: 'string', default: '3' }, rate: { type: 'string', default: '10' } } });
const R = Number(args.rate);

/** The workflow that queues activities: one workflow task schedules them all at once. */
const WORKFLOW_SOURCE = `
const { proxyActivities } = require('@temporalio/workflow');
exports.queueActivities = async function queueActivities(taskQueue, label, count, priority) {
  const { record } = proxyActivities({
    taskQueue,
    startToCloseTimeout: '1 minute',
    retry: { maximumAttempts: 1 },
    ...(priority ? { priority } : {}),
  });
  await Promise.all(Array.from({ length: count }, () => record(label)));
};
`;

/** Dev-server settings compared: dynamic config, which the dev server reads at start. */
const SERVERS = {
  classic: {},
  useNewMatcher: { 'matching.useNewMatcher': 'true' },
  enableFairness: { 'matching.enableFairness': 'true' },
  '1 partition': { 'matching.numTaskqueueReadPartitions': '1', 'matching.numTaskqueueWritePartitions': '1' },
} satisfies Record<string, Record<string, string>>;
type ServerName = keyof typeof SERVERS;

interface Bench {
  address: string;
  client: Client;
  workflowQueue: string;
  children: ChildProcess[];
  starts: Map<string, Start[]>;
}

/** A figure of one run; `censored`: the scenario stopped before it happened (the value is a floor). */
interface Figure {
  value: number;
  censored?: boolean;
}
type Figures = Record<string, Figure>;

async function startDevServer(dir: string, name: ServerName): Promise<{ address: string; stop(): Promise<void> }> {
  const port = await freePort();
  const argv = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--headless',
    '--log-level',
    'warn',
  ];
  for (const [key, value] of Object.entries(SERVERS[name])) argv.push('--dynamic-config-value', `${key}=${value}`);
  const proc = startProcess('temporal', requireToolPath('POSTAGE_TEMPORAL_CLI'), argv, {
    logFile: path.join(dir, `temporal-${name.replace(/\W/g, '-')}.log`),
    stopSignal: 'SIGINT',
  });
  const address = `127.0.0.1:${port}`;
  await waitFor('the Temporal dev server', () => isTemporalReachable(address), 60_000, proc);
  return { address, stop: () => proc.stop() };
}

function command(child: ChildProcess, cmd: Command): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (report: Report) => {
      if (report.type !== 'start' && report.taskQueue === cmd.taskQueue) {
        child.off('message', onMessage);
        resolve();
      }
    };
    child.on('message', onMessage);
    child.send(cmd);
  });
}

/** Activity workers on a new task queue, polling before anything is queued. */
async function workersOn(bench: Bench, count: number, rate: number | null): Promise<string> {
  const taskQueue = `pacing-${randomUUID()}`;
  bench.starts.set(taskQueue, []);
  for (const child of bench.children.slice(0, count))
    await command(child, { cmd: 'start', address: bench.address, taskQueue, rate });
  await waitFor(
    'the activity pollers',
    async () => {
      const { pollers } = await bench.client.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: taskQueue },
        taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
      });
      return (pollers ?? []).length >= count;
    },
    20_000,
  );
  return taskQueue;
}

async function stopWorkers(bench: Bench, taskQueue: string, handles: string[]): Promise<void> {
  // The backlog a scenario leaves (it stops once it has its figure) goes with its workflows.
  await Promise.all(
    handles.map((id) =>
      bench.client.workflow
        .getHandle(id)
        .terminate()
        .catch(() => undefined),
    ),
  );
  for (const child of bench.children) await command(child, { cmd: 'stop', taskQueue });
}

async function queue(
  bench: Bench,
  taskQueue: string,
  label: string,
  count: number,
  priority?: Priority,
): Promise<string> {
  const workflowId = `${label}-${randomUUID()}`;
  await bench.client.workflow.start('queueActivities', {
    taskQueue: bench.workflowQueue,
    workflowId,
    args: [taskQueue, label, count, priority ?? null],
  });
  return workflowId;
}

const startsOf = (bench: Bench, taskQueue: string, label?: string) =>
  (bench.starts.get(taskQueue) ?? []).filter((s) => label === undefined || s.label === label);

/** Waits until `done` or `maxMs`; true when done. */
async function until(done: () => boolean, maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (done()) return true;
    await sleep(100);
  }
  return done();
}

/** The most starts within any 1 s. */
function maxPerSecond(times: number[]): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j]! - t[i]! >= 1000) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

/** Starts a second over [fromMs, toMs). */
const rateBetween = (times: number[], fromMs: number, toMs: number) =>
  times.filter((t) => t >= fromMs && t < toMs).length / ((toMs - fromMs) / 1000);

async function partitions(bench: Bench, taskQueue: string): Promise<number> {
  const { stdout } = await run(requireToolPath('POSTAGE_TEMPORAL_CLI'), [
    'task-queue',
    'list-partition',
    '--address',
    bench.address,
    '--task-queue',
    taskQueue,
    '--output',
    'json',
  ]);
  const parsed = JSON.parse(stdout) as { activityTaskQueuePartitions?: unknown[] };
  return parsed.activityTaskQueuePartitions?.length ?? 0;
}

/** The queue's rate limit as the server reports it (DescribeTaskQueue with its config). */
async function effectiveLimit(bench: Bench, taskQueue: string): Promise<number> {
  const { effectiveRateLimit } = await bench.client.workflowService.describeTaskQueue({
    namespace: 'default',
    taskQueue: { name: taskQueue },
    taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
    reportConfig: true,
  });
  return effectiveRateLimit?.requestsPerSecond ?? Number.NaN;
}

async function taskQueueConfig(bench: Bench, taskQueue: string, flags: string[]): Promise<void> {
  await run(requireToolPath('POSTAGE_TEMPORAL_CLI'), [
    'task-queue',
    'config',
    'set',
    '--address',
    bench.address,
    '--task-queue',
    taskQueue,
    '--task-queue-type',
    'activity',
    ...flags,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Scenarios. Each returns its figures for one run.

/** 1. 300 activities queued at once on a queue limited to R a second by its workers. */
async function pace(bench: Bench, workers: number): Promise<Figures> {
  const total = 300;
  const tq = await workersOn(bench, workers, R);
  const id = await queue(bench, tq, 'bulk', total);
  const queuedAt = Date.now();
  const done = await until(() => startsOf(bench, tq).length >= total, (total / R) * 1000 * 2 + 10_000);
  const starts = startsOf(bench, tq);
  const times = starts.map((s) => s.startedMs).sort((a, b) => a - b);
  const first = times[0]!;
  const last = times[times.length - 1]!;
  const figures: Figures = {
    'started (of 300)': { value: times.length },
    'all started after s': { value: ((done ? last : Date.now()) - queuedAt) / 1000, censored: !done },
    'max starts in any 1 s': { value: maxPerSecond(times) },
    'max in any 1 s after the first 2 s': { value: maxPerSecond(times.filter((t) => t >= first + 2000)) },
    'starts in the first second': { value: times.filter((t) => t < first + 1000).length },
    'rate after the first second /s': { value: rateBetween(times, first + 1000, last + 1) },
    partitions: { value: await partitions(bench, tq) },
    "the server's effective limit /s": { value: await effectiveLimit(bench, tq) },
  };
  if (workers > 1) figures["second worker's share"] = { value: starts.filter((s) => s.worker === 1).length / total };
  await stopWorkers(bench, tq, [id]);
  return figures;
}

/** 2. A's 500 (priority key 4), then B's 3 singles (priority key 2) 2 s later: B's wait. */
async function priority(bench: Bench): Promise<Figures> {
  const capMs = 15_000;
  const tq = await workersOn(bench, 2, R);
  const ids = [await queue(bench, tq, 'A', 500, { priorityKey: 4 })];
  await sleep(2000);
  for (let i = 0; i < 3; i++) ids.push(await queue(bench, tq, 'B', 1, { priorityKey: 2 }));
  const queuedAt = Date.now();
  const done = await until(() => startsOf(bench, tq, 'B').length >= 3, capMs);
  const waits = startsOf(bench, tq, 'B')
    .map((s) => s.startedMs - s.scheduledMs)
    .sort((a, b) => a - b);
  // A wait not seen yet is at least as long as the scenario lasted.
  while (waits.length < 3) waits.push(Date.now() - queuedAt);
  const figures: Figures = {
    "B's wait p50 s": { value: waits[1]! / 1000, censored: !done && startsOf(bench, tq, 'B').length < 2 },
    "B's wait max s": { value: waits[2]! / 1000, censored: !done },
    "A's backlog when B was queued": {
      value: 500 - startsOf(bench, tq, 'A').filter((s) => s.startedMs < queuedAt).length,
    },
  };
  await stopWorkers(bench, tq, ids);
  return figures;
}

/** 3. A's 500 and, 2 s later, C's 20, same priority, each its own fairness key. */
async function fairness(bench: Bench): Promise<Figures> {
  const capMs = 20_000;
  const tq = await workersOn(bench, 2, R);
  const ids = [await queue(bench, tq, 'A', 500, { fairnessKey: 'account-A' })];
  await sleep(2000);
  ids.push(await queue(bench, tq, 'C', 20, { fairnessKey: 'account-C' }));
  const queuedAt = Date.now();
  const c = () => startsOf(bench, tq, 'C');
  const done = await until(() => c().length >= 20, capMs);
  const cScheduled = Math.min(...c().map((s) => s.scheduledMs), queuedAt);
  const cLast = done ? Math.max(...c().map((s) => s.startedMs)) : Date.now();
  const figures: Figures = {
    "C's 20 all started after s": { value: (cLast - cScheduled) / 1000, censored: !done },
    "C's started within the scenario": { value: c().length },
    "A's started meanwhile": {
      value: startsOf(bench, tq, 'A').filter((s) => s.startedMs >= cScheduled && s.startedMs <= cLast).length,
    },
  };
  await stopWorkers(bench, tq, ids);
  return figures;
}

/** (d) A rate per fairness key: the queue's default per-key limit, scaled by each task's weight. */
async function perKeyRate(bench: Bench): Promise<Figures> {
  const perKey = 2;
  const tq = await workersOn(bench, 2, null);
  await taskQueueConfig(bench, tq, ['--fairness-key-rps-limit-default', String(perKey)]);
  await sleep(1000); // the config reaches the partitions as task-queue user data
  const ids = [
    await queue(bench, tq, 'X', 60, { fairnessKey: 'byoc-X', fairnessWeight: 1 }),
    await queue(bench, tq, 'Y', 150, { fairnessKey: 'byoc-Y', fairnessWeight: 3 }),
  ];
  const t0 = Date.now();
  await sleep(12_000);
  const times = (label: string) => startsOf(bench, tq, label).map((s) => s.startedMs);
  const figures: Figures = {
    [`X /s (weight 1; default ${perKey}/s)`]: { value: rateBetween(times('X'), t0 + 2000, t0 + 12_000) },
    [`Y /s (weight 3; default ${perKey}/s)`]: { value: rateBetween(times('Y'), t0 + 2000, t0 + 12_000) },
    'X max in any 1 s': { value: maxPerSecond(times('X')) },
    'Y max in any 1 s': { value: maxPerSecond(times('Y')) },
  };
  await stopWorkers(bench, tq, ids);
  return figures;
}

/** (e) Lowering the pace for a while: the queue's own limit (it overrides the workers') set from R to R/2. */
async function retune(bench: Bench): Promise<Figures> {
  const tq = await workersOn(bench, 2, R);
  const id = await queue(bench, tq, 'bulk', 300);
  const t0 = Date.now();
  await sleep(10_000);
  const changed = Date.now();
  await taskQueueConfig(bench, tq, ['--queue-rps-limit', String(R / 2), '--queue-rps-limit-reason', 'throttled']);
  await sleep(12_000);
  const times = startsOf(bench, tq).map((s) => s.startedMs);
  // When the pace first held at R/2 (from the call's start): every 2 s window of the next 8 s at most R/2 + 1 a second.
  let settledAt = Number.NaN;
  for (let t = changed; t < changed + 10_000; t += 100)
    if ([0, 2000, 4000, 6000].every((o) => rateBetween(times, t + o, t + o + 2000) <= R / 2 + 1)) {
      settledAt = t;
      break;
    }
  const figures: Figures = {
    'rate before /s': { value: rateBetween(times, t0 + 2000, changed) },
    'rate from 2 s after /s': { value: rateBetween(times, changed + 2000, changed + 12_000) },
    'took effect after s': { value: (settledAt - changed) / 1000 },
  };
  await stopWorkers(bench, tq, [id]);
  return figures;
}

const PLAN: Record<ServerName, Record<string, (bench: Bench) => Promise<Figures>>> = {
  classic: {
    'pace, 1 worker': (b) => pace(b, 1),
    'pace, 2 workers': (b) => pace(b, 2),
    priority,
    'fairness keys': fairness,
  },
  useNewMatcher: { 'pace, 2 workers': (b) => pace(b, 2), priority, 'fairness keys': fairness },
  enableFairness: {
    'pace, 2 workers': (b) => pace(b, 2),
    priority,
    'fairness keys': fairness,
    'rate per fairness key': perKeyRate,
    'queue limit lowered': retune,
  },
  '1 partition': { 'pace, 2 workers': (b) => pace(b, 2) },
};

/**
 * Two servers at a time, to keep the run near four minutes; each pair is at most eight task
 * queues at R a second, which two cores keep up with (a lone '1 partition' drains at R).
 */
const SIDE_BY_SIDE: ServerName[][] = [
  ['classic', '1 partition'],
  ['useNewMatcher', 'enableFairness'],
];

// ---------------------------------------------------------------------------------------------

function forkWorkers(bench: Pick<Bench, 'starts'>): ChildProcess[] {
  return [0, 1].map((id) => {
    const child = fork(__filename, [], { env: { ...process.env, [WORKER_ENV]: String(id) } });
    child.on('message', (report: Report) => {
      if (report.type === 'start') bench.starts.get(report.taskQueue)?.push(report);
    });
    child.on('exit', (code) => {
      if (code) {
        console.error(`[bench] worker process ${id} exited with ${code}`);
        process.exit(1);
      }
    });
    return child;
  });
}

async function onServer(
  dir: string,
  name: ServerName,
  workflowBundle: { code: string },
  children: ChildProcess[],
  starts: Map<string, Start[]>,
) {
  const server = await startDevServer(dir, name);
  const connection = await Connection.connect({ address: server.address });
  const native = await NativeConnection.connect({ address: server.address });
  const workflowQueue = `pacing-workflows-${randomUUID()}`;
  const workflowWorker = await Worker.create({ connection: native, taskQueue: workflowQueue, workflowBundle });
  const running = workflowWorker.run();
  const bench: Bench = { address: server.address, client: new Client({ connection }), workflowQueue, children, starts };
  try {
    const scenarios = Object.entries(PLAN[name]);
    const results = await Promise.all(scenarios.map(([, scenario]) => scenario(bench)));
    return new Map(scenarios.map(([scenario], i) => [scenario, results[i]!]));
  } finally {
    workflowWorker.shutdown();
    await running;
    await native.close();
    await connection.close();
    await server.stop();
  }
}

function stats(figures: Figure[]): string {
  const show = (f: Figure) => `${f.censored ? '>' : ''}${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)}`;
  const sorted = [...figures].sort((a, b) => a.value - b.value);
  if (sorted.length < 3) return sorted.map(show).join(' / ');
  return [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted[sorted.length - 1]!].map(show).join(' / ');
}

async function main(): Promise<void> {
  quietRuntime();
  const dir = fs.mkdtempSync(path.join(toolsDir(), 'bench-pacing-'));
  const started = Date.now();
  const starts = new Map<string, Start[]>();
  const children = forkWorkers({ starts });
  const all = new Map<string, Figure[]>();
  try {
    // The workflow is plain JavaScript written beside the run, so that its bundle resolves
    // @temporalio/workflow from the project's node_modules.
    const workflowsPath = path.join(dir, 'workflows.js');
    fs.writeFileSync(workflowsPath, WORKFLOW_SOURCE);
    const workflowBundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
    for (let runNo = 1; runNo <= Number(args.runs); runNo++) {
      for (const pair of SIDE_BY_SIDE) {
        const t = Date.now();
        const results = await Promise.all(pair.map((name) => onServer(dir, name, workflowBundle, children, starts)));
        say(`run ${runNo}, ${pair.join(' and ')}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
        for (const [i, name] of pair.entries())
          for (const [scenario, figures] of results[i]!)
            for (const [figure, value] of Object.entries(figures)) {
              const key = `| ${name} | ${scenario} | ${figure} |`;
              all.set(key, [...(all.get(key) ?? []), value]);
              console.log(`  ${key} ${stats([value])}`);
            }
      }
    }
  } finally {
    for (const child of children) child.disconnect();
    if (!process.env.POSTAGE_KEEP_BENCH_RUN) fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log('');
  console.log(
    `R = ${R}/s; ${args.runs} runs; ${((Date.now() - started) / 1000).toFixed(0)} s in all; ">" a floor (stopped before it happened)`,
  );
  console.log('| server | scenario | figure | min / median / max |');
  console.log('|---|---|---|---|');
  for (const [key, figures] of all) console.log(`${key} ${stats(figures)} |`);
}

if (process.env[WORKER_ENV]) workerProcess();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
