// Benchmark: how fast a Temporal dev server starts workflows with each way of keeping its state:
// SQLite's defaults (rollback journal, a sync per write), SQLite in WAL mode with
// synchronous=normal (what `npm run dev` uses), and memory (what the tests and the other
// benchmarks use). Same machine, same run, the stores take turns, --runs rounds; min/median/max.
//
//   node --import tsx bench/temporalStore.ts [--runs 3] [--seconds 10] [--concurrency 32]
import { Client, Connection } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toolsDir } from '../core/platform/devEnvironment';
import { messageWorkflows } from '../workflows/client';
import { freePort } from '../tools/stack/processes';
import { startTemporalDevServer } from '../tools/stack/temporal';
import { runClosedLoop } from './closedLoop';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
  },
});
const STORES = ['sqlite-default', 'sqlite-wal', 'memory'] as const;

async function startsPerSecond(
  store: (typeof STORES)[number],
  dir: string,
): Promise<{ perSecond: number; p99Ms: number }> {
  const dbFile = path.join(dir, `temporal-${store}-${randomUUID()}.sqlite`);
  const server = await startTemporalDevServer({
    port: await freePort(),
    logFile: path.join(dir, `temporal-${store}.log`),
    ...(store === 'memory' ? {} : { dbFile, sqlitePragmas: store === 'sqlite-wal' }),
  });
  const connection = await Connection.connect({ address: server.address });
  try {
    const workflows = messageWorkflows(new Client({ connection }), `bench-${randomUUID()}`);
    const start = () =>
      workflows
        .startSend(
          {
            messageId: randomUUID(),
            accountId: randomUUID(),
            mode: 'shared',
            kind: 'simulator',
            outcomeTimeoutSeconds: 60,
          },
          Date.now() + 10_000,
        )
        .then(() => 'ok');
    await runClosedLoop('warm-up', { concurrency: 8, seconds: 2 }, start);
    const r = await runClosedLoop(
      store,
      { concurrency: Number(args.concurrency), seconds: Number(args.seconds) },
      start,
    );
    return { perSecond: r.perSecond, p99Ms: r.p99Ms };
  } finally {
    await connection.close();
    await server.process.stop();
    fs.rmSync(dbFile, { force: true });
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(toolsDir(), 'bench-store-'));
  const results = new Map<string, { perSecond: number; p99Ms: number }[]>(STORES.map((s) => [s, []]));
  try {
    for (let run = 1; run <= Number(args.runs); run++) {
      for (const store of STORES) {
        const r = await startsPerSecond(store, dir);
        results.get(store)!.push(r);
        console.log(`[bench] run ${run}: ${store} ${r.perSecond.toFixed(0)} starts/s, p99 ${r.p99Ms.toFixed(0)} ms`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const stats = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return `${s[0]!.toFixed(0)} / ${s[Math.floor(s.length / 2)]!.toFixed(0)} / ${s[s.length - 1]!.toFixed(0)}`;
  };
  const median = (store: string) =>
    [...results.get(store)!.map((r) => r.perSecond)].sort((a, b) => a - b)[Math.floor(Number(args.runs) / 2)]!;
  console.log('');
  console.log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}; concurrency ${args.concurrency}, ${args.seconds} s per run`,
  );
  console.log('| store | starts/s min / median / max | p99 ms min / median / max | median vs SQLite defaults |');
  console.log('|---|---|---|---|');
  for (const store of STORES) {
    const rs = results.get(store)!;
    console.log(
      `| ${store} | ${stats(rs.map((r) => r.perSecond))} | ${stats(rs.map((r) => r.p99Ms))} | ${(median(store) / median('sqlite-default')).toFixed(2)} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
