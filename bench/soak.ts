// Benchmark: flat over an hour. Offers half the pipeline's ceiling (test sends, open loop) for
// --minutes and prints, every minute, each process's memory (API, worker, Temporal, PostgreSQL,
// Redis), the Node processes' heap and event-loop delay p99 (read from their own /metrics every
// 10 s: prom-client's default series), and the backlog (accepted, webhook not yet arrived). At
// the end: the growth of each process's memory and heap from minute --from to the last minute.
//
// The ceiling is --rate when given (messages/s, e.g. a pipeline.ts figure), else measured as
// pipeline.ts's phase 1 does: a closed loop of --concurrency clients for --ceiling-seconds.
//
//   node --import tsx bench/soak.ts [--minutes 60] [--from 10] [--rate N] [--ceiling-seconds 20]
//        [--concurrency 16] [--accounts 10] [--temporal sqlite-wal|sqlite-default|memory]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatTable } from './closedLoop';
import type { BenchTemporalStore } from './infra';
import { closedLoop, offer, type Offered } from './load';
import { sendOne, sleep, startPipelineStack, testMessage, treeMemoryMiB, type Sender } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    from: { type: 'string', default: '10' },
    rate: { type: 'string' },
    'ceiling-seconds': { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    accounts: { type: 'string', default: '10' },
    // The dev server's in-memory store keeps every history, so its memory grows by design; SQLite as `npm run dev`.
    temporal: { type: 'string', default: 'sqlite-wal' },
  },
});
const minutes = Number(args.minutes);
/** The minute growth is measured from: --from, or the first minute of a run too short for it. */
const fromMinute = Number(args.from) < minutes ? Number(args.from) : 1;

/** What a Node process says of itself on /metrics (prom-client's default series, `postage_` prefix). */
interface NodeFigures {
  heapMiB: number;
  /** Memory outside the V8 heap that V8 knows of: Buffers and ArrayBuffers. */
  externalMiB: number;
  /** Event-loop delay p99 since the previous reading (prom-client resets its histogram on each). */
  loopP99Ms: number;
}

async function nodeFigures(metricsUrl: string, token?: string): Promise<NodeFigures> {
  const res = await fetch(metricsUrl, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`${metricsUrl}: HTTP ${res.status}`);
  const text = await res.text();
  const value = (name: string) =>
    Number(new RegExp(`^postage_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    heapMiB: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    externalMiB: value('nodejs_external_memory_bytes') / 2 ** 20,
    loopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

const NOT_READ: NodeFigures = { heapMiB: NaN, externalMiB: NaN, loopP99Ms: NaN };

/**
 * /metrics is read every 10 s. Heap used at one instant is mostly garbage not yet collected (it
 * swings by half between two readings), so a minute's figure is its lowest reading, the nearest
 * to the live heap; the event-loop delay p99 is the highest of its 10-s windows.
 */
const READS_PER_MINUTE = 6;

/** The minute's figures from its readings (emptied for the next minute). */
function ofTheMinute(list: NodeFigures[]): NodeFigures {
  const read = list.splice(0).filter((f) => Number.isFinite(f.heapMiB));
  if (!read.length) return NOT_READ;
  return {
    heapMiB: Math.min(...read.map((f) => f.heapMiB)),
    externalMiB: Math.min(...read.map((f) => f.externalMiB)),
    loopP99Ms: Math.max(...read.map((f) => f.loopP99Ms)),
  };
}

interface Row {
  minute: number;
  offered: number;
  accepted: number;
  delivered: number;
  backlog: number;
  memory: Record<'API' | 'worker' | 'Temporal' | 'PostgreSQL' | 'Redis', number>;
  api: NodeFigures;
  worker: NodeFigures;
}

const HEADER = [
  'min',
  'offered',
  'accepted',
  'delivered',
  'backlog',
  'API rss',
  'heap',
  'ext',
  'loop p99',
  'worker rss',
  'heap',
  'ext',
  'loop p99',
  'Temporal',
  'PostgreSQL',
  'Redis',
];

function cells(r: Row): string[] {
  const mib = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
  const node = (f: NodeFigures) => [mib(f.heapMiB), mib(f.externalMiB), ms(f.loopP99Ms)];
  return [
    String(r.minute),
    String(r.offered),
    String(r.accepted),
    String(r.delivered),
    String(r.backlog),
    mib(r.memory.API),
    ...node(r.api),
    mib(r.memory.worker),
    ...node(r.worker),
    mib(r.memory.Temporal),
    mib(r.memory.PostgreSQL),
    mib(r.memory.Redis),
  ];
}

/** One row as it comes (the final table repeats them aligned). */
const liveLine = (values: string[]) => values.map((v, i) => v.padStart(Math.max(HEADER[i]!.length, 6))).join('  ');

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const stack = await startPipelineStack(say, {
    accounts: Number(args.accounts),
    keys: 2,
    temporalStore: args.temporal as BenchTemporalStore,
  });
  const { infra, senders, api, worker, receiver } = stack;
  const sender = (i: number): Sender => senders[i % senders.length]!;
  try {
    say('warming up (5 s)');
    for (let i = 0; i < 20; i++) await sendOne(api.baseUrl, sender(i), testMessage(i));
    await sleep(5000);

    let ceiling: number;
    if (args.rate !== undefined) ceiling = Number(args.rate);
    else {
      say(`ceiling: closed loop of ${args.concurrency} clients for ${args['ceiling-seconds']} s`);
      const measured = await closedLoop((i) => sendOne(api.baseUrl, sender(i), testMessage(i)), receiver.arrivals, {
        concurrency: Number(args.concurrency),
        seconds: Number(args['ceiling-seconds']),
      });
      ceiling = Math.max(1, measured.deliveredPerSecond);
    }
    const rate = ceiling / 2;

    const soak: Offered = { sent: new Map(), refused: 0, start: performance.now() };
    let offered = 0;
    const before = { offered: 0, accepted: 0, delivered: 0 };
    const readings = { api: [] as NodeFigures[], worker: [] as NodeFigures[] };
    const read = async () => {
      const [apiFigures, workerFigures] = await Promise.all([
        nodeFigures(`${api.baseUrl}/metrics`, stack.env.METRICS_TOKEN).catch(() => NOT_READ),
        nodeFigures(`${worker.healthUrl}/metrics`).catch(() => NOT_READ),
      ]);
      readings.api.push(apiFigures);
      readings.worker.push(workerFigures);
    };
    const sample = (minute: number): Row => {
      let delivered = 0;
      for (const id of soak.sent.keys()) if (receiver.arrivals.has(id)) delivered++;
      const row: Row = {
        minute,
        offered: offered - before.offered,
        accepted: soak.sent.size - before.accepted,
        delivered: delivered - before.delivered,
        backlog: soak.sent.size - delivered,
        memory: {
          API: treeMemoryMiB(api.process.child.pid),
          worker: treeMemoryMiB(worker.child.pid),
          Temporal: treeMemoryMiB(infra.pids.temporal),
          PostgreSQL: treeMemoryMiB(infra.pids.postgres),
          Redis: treeMemoryMiB(infra.pids.redis),
        },
        api: ofTheMinute(readings.api),
        worker: ofTheMinute(readings.worker),
      };
      Object.assign(before, { offered, accepted: soak.sent.size, delivered });
      console.log(liveLine(cells(row)));
      return row;
    };

    say(`soak: ${rate.toFixed(1)}/s offered (half of ${ceiling.toFixed(1)}/s) for ${minutes} min`);
    console.log(liveLine(HEADER));
    await read();
    const rows: Row[] = [sample(0)];
    const soakStart = performance.now();
    await Promise.all([
      offer(
        rate,
        minutes * 60,
        (i) => {
          offered++;
          return sendOne(api.baseUrl, sender(i), testMessage(5_000_000 + i));
        },
        soak,
      ),
      (async () => {
        for (let m = 1; m <= minutes; m++) {
          for (let k = 1; k <= READS_PER_MINUTE; k++) {
            await sleep(soakStart + (m - 1 + k / READS_PER_MINUTE) * 60_000 - performance.now());
            await read();
          }
          rows.push(sample(m));
        }
      })(),
    ]);
    say('draining (up to 60 s)');
    const drainStart = performance.now();
    while (performance.now() - drainStart < 60_000 && [...soak.sent.keys()].some((id) => !receiver.arrivals.has(id)))
      await sleep(500);
    const undelivered = [...soak.sent.keys()].filter((id) => !receiver.arrivals.has(id)).length;

    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `infrastructure: PostgreSQL ${infra.origin.postgres}, Redis ${infra.origin.redis}, Temporal ${infra.origin.temporal}; one API and one worker process`,
    );
    console.log(
      `offered ${rate.toFixed(1)}/s (half of the ceiling, ${ceiling.toFixed(1)}/s${args.rate !== undefined ? ', given' : ', measured'}) for ${minutes} min: ${offered} offered, ${soak.sent.size} accepted, ${soak.refused} refused, ${undelivered} not delivered 60 s after the last send`,
    );
    console.log(
      "per minute: sends offered, accepted and delivered (webhook arrived) in that minute; backlog at its end (accepted, not yet delivered); memory in MiB (RSS; PostgreSQL: PSS summed over its processes); from each Node process's /metrics read every 10 s: heap used and external memory in MiB, the lowest of the minute (nearest the live heap), and event-loop delay p99 in ms, the worst 10 s of the minute",
    );
    console.log('');
    console.log(formatTable(HEADER, rows.map(cells)));

    const [a, b] = [rows[fromMinute], rows[rows.length - 1]];
    if (!a || !b || a === b) return;
    const growth: string[][] = [];
    const line = (what: string, x: number, y: number) => {
      const pct = (100 * (y - x)) / x;
      growth.push([
        what,
        x.toFixed(0),
        y.toFixed(0),
        `${pct >= 0 ? '+' : ''}${pct.toFixed(1)} %`,
        pct <= 10 ? 'yes' : 'NO',
      ]);
    };
    for (const name of Object.keys(a.memory) as (keyof Row['memory'])[]) {
      line(`${name} memory`, a.memory[name], b.memory[name]);
      if (name === 'API') line('API heap used (lowest)', a.api.heapMiB, b.api.heapMiB);
      if (name === 'worker') line('worker heap used (lowest)', a.worker.heapMiB, b.worker.heapMiB);
    }
    console.log('');
    console.log(`growth from minute ${a.minute} to minute ${b.minute} (target: at most +10 % each):`);
    console.log(
      formatTable(['process, measure', `min ${a.minute} MiB`, `min ${b.minute} MiB`, 'growth', 'within'], growth),
    );
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
