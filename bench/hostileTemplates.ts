// Benchmark: whether hostile templates slow everyone else down. The API runs as a deployment runs
// it (its own process, production mode, no worker); each round measures, side by side, GET
// /healthz and POST /api/send/ (a plain send to the simulator) p50 and p99, first quiet, then while
// --hostile clients (each its own account, so the per-account cap does not serialise them) preview
// hostile templates in a loop: ranges and sorts whose numbers come from variables, which no check
// before rendering sees, so each one holds a render thread until its budget or heap bound stops
// it. The preview rate limit is lifted so that the threads, not the limit, are what is measured.
// The target: p99 under hostile load within 2x of quiet. See bench/README.md.
//
//   npm exec -- node --import tsx bench/hostileTemplates.ts [--seconds 10] [--rounds 3] [--hostile 8] [--concurrency 4]
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createApiKey } from '../core/accounts/apiKeys';
import type { ManagedProcess } from '../tools/stack/processes';
import { formatTable, runClosedLoop, type LoopResult } from './closedLoop';
import { startBenchInfra } from './infra';
import { benchServiceEnv, seedSenders, startApi, type Sender } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    hostile: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '4' },
  },
});
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);

/** Templates each client previews in turn, with the variables that make them hostile. */
const HOSTILE: [string, string, Record<string, unknown>][] = [
  ['past-2-53', '{% for i in (from..to) %}{{ i }}{% endfor %}', { from: 9007199254740992, to: 9007199254740994 }],
  ['sort-natural', '{% assign a = (1..n) %}{% assign b = a | sort_natural %}', { n: 9900000 }],
];

async function post(baseUrl: string, path: string, key: string, body: unknown): Promise<Response> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res;
}

/** A full_access key of each hostile account, its templates created and published. */
async function hostileKeys(
  db: Parameters<typeof createApiKey>[0],
  baseUrl: string,
  senders: Sender[],
): Promise<string[]> {
  const keys: string[] = [];
  for (const sender of senders) {
    const { secret } = await createApiKey(
      db,
      { accountId: sender.accountId, name: 'hostile', permission: 'full_access' },
      'bench',
    );
    for (const [alias, html] of HOSTILE) {
      const created = await post(baseUrl, '/api/templates', secret, { name: alias, alias, subject: 'Hi', html });
      const published = await post(baseUrl, `/api/templates/${alias}/publish`, secret, {});
      if (created.status !== 201 || published.status !== 200)
        throw new Error(`creating ${alias}: ${created.status}, ${published.status}`);
    }
    keys.push(secret);
  }
  return keys;
}

/** Clients previewing hostile templates until `stop` resolves: answers by status, and their mean duration. */
async function hostileLoad(
  baseUrl: string,
  keys: string[],
  stop: Promise<void>,
): Promise<{ statuses: Record<string, number>; meanMs: number }> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const statuses: Record<string, number> = {};
  const durations: number[] = [];
  await Promise.all(
    keys.map(async (key, client) => {
      for (let i = client; !stopped; i++) {
        const [alias, , variables] = HOSTILE[i % HOSTILE.length]!;
        const t0 = performance.now();
        const status = await post(baseUrl, `/api/templates/${alias}/preview`, key, { variables }).then(
          (res) => String(res.status),
          () => 'error',
        );
        durations.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { statuses, meanMs: durations.reduce((a, b) => a + b, 0) / Math.max(1, durations.length) };
}

/** /healthz and POST /api/send/ measured at once, `concurrency` clients each, for `runSeconds`. */
async function measure(
  baseUrl: string,
  sender: Sender,
  runSeconds: number,
): Promise<{ health: LoopResult; send: LoopResult }> {
  const [health, send] = await Promise.all([
    runClosedLoop('healthz', { concurrency, seconds: runSeconds }, async () => {
      const res = await fetch(`${baseUrl}/healthz`);
      await res.arrayBuffer();
      return res.status === 200 ? 'ok' : `HTTP ${res.status}`;
    }),
    runClosedLoop('send', { concurrency, seconds: runSeconds }, async (i) => {
      const res = await post(baseUrl, '/api/send/', sender.apiKey, {
        from_email: `bench@${sender.domain}`,
        to: `success+${i}@simulator.amazonses.com`,
        subject: `Benchmark ${i}`,
        message: 'Hello.',
      });
      return res.status === 200 ? 'ok' : `HTTP ${res.status}`;
    }),
  ]);
  return { health, send };
}

const ms = (v: number) => v.toFixed(1);
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0]!.toFixed(2)} / ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} / ${sorted[sorted.length - 1]!.toFixed(2)}`;
};

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say);
  let api: ManagedProcess | undefined;
  try {
    const hostileCount = Number(args.hostile);
    say(`seeding 1 measured account and ${hostileCount} hostile accounts`);
    const [measured, ...hostile] = await seedSenders(infra.db, 1 + hostileCount, 1);
    const env = { ...benchServiceEnv(infra), TEMPLATE_PREVIEWS_PER_MINUTE: '1000000000' };
    const started = await startApi(env, path.join(infra.runDir, 'logs'));
    api = started.process;
    const keys = await hostileKeys(infra.db, started.baseUrl, hostile);
    say('warming up');
    await measure(started.baseUrl, measured!, 2);

    const rows: string[][] = [];
    const ratios: Record<'health' | 'send', number[]> = { health: [], send: [] };
    const hostileRows: string[] = [];
    for (let round = 1; round <= Number(args.rounds); round++) {
      say(`round ${round}: quiet`);
      const quiet = await measure(started.baseUrl, measured!, seconds);
      say(`round ${round}: ${hostileCount} hostile clients`);
      let release!: () => void;
      const stop = new Promise<void>((resolve) => (release = resolve));
      const load = hostileLoad(started.baseUrl, keys, stop);
      await new Promise((r) => setTimeout(r, 1000)); // the threads busy before measuring
      const loaded = await measure(started.baseUrl, measured!, seconds);
      release();
      const answered = await load;
      for (const [phase, m] of [
        ['quiet', quiet],
        ['hostile', loaded],
      ] as const) {
        rows.push([
          `${round} ${phase}`,
          ms(m.health.p50Ms),
          ms(m.health.p99Ms),
          ms(m.send.p50Ms),
          ms(m.send.p99Ms),
          m.send.perSecond.toFixed(0),
        ]);
      }
      ratios.health.push(loaded.health.p99Ms / quiet.health.p99Ms);
      ratios.send.push(loaded.send.p99Ms / quiet.send.p99Ms);
      hostileRows.push(
        `${round}: ${Object.entries(answered.statuses)
          .map(([status, n]) => `${n} x ${status}`)
          .join(', ')}, ${answered.meanMs.toFixed(0)} ms each on average`,
      );
    }
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `${concurrency} clients on /healthz and ${concurrency} on POST /api/send/ at once, ${seconds} s a phase; hostile: ${hostileCount} clients, one account each`,
    );
    console.log(
      formatTable(['round, phase', 'healthz p50 ms', 'healthz p99 ms', 'send p50 ms', 'send p99 ms', 'sends/s'], rows),
    );
    console.log('');
    console.log(`hostile previews answered (400: refused past a bound): ${hostileRows.join('; ')}`);
    console.log(
      `p99 hostile / quiet, min / median / max: healthz ${stats(ratios.health)}, send ${stats(ratios.send)} (target: at most 2)`,
    );
  } finally {
    await api?.stop();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
