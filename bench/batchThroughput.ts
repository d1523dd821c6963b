// Benchmark: messages accepted per second through POST /api/send/batch (batches of 100) next to
// single POST /api/send/ requests, in one run against the same stack, alternating, so the two
// compare side by side. No worker runs: the figures are about accepting. Besides messages per
// second it prints the CPU each loop cost per accepted message in the API, PostgreSQL and Temporal
// (their own process trees only, so other work on a shared machine does not count). See
// bench/README.md.
//
//   npm exec -- node --import tsx bench/batchThroughput.ts [--seconds 10] [--rounds 3] [--concurrency 32] [--batch-concurrency 4]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ManagedProcess } from '../tools/stack/processes';
import { runClosedLoop } from './closedLoop';
import { startBenchInfra } from './infra';
import { benchServiceEnv, cpuSeconds, seedSenders, startApi, type Sender } from './stack';
const say = (line: string) => console.log(`[bench] ${line}`);

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '32' },
    'batch-concurrency': { type: 'string', default: '4' },
  },
});
const seconds = Number(args.seconds);

const email = (sender: Sender, i: number) => ({
  from_email: `bench@${sender.domain}`,
  to: `success+${i}@simulator.amazonses.com`,
  subject: `Benchmark ${i}`,
  message: 'Hello from the benchmark.',
});

/** CPU seconds of each labelled process with its children (a postmaster and its backends). */
const treeCpuSeconds = (roots: Record<string, number | undefined>): Record<string, number> =>
  Object.fromEntries([...Object.keys(roots).map((label) => [label, 0] as const), ...cpuSeconds({}, {}, roots)]);

/** Messages accepted per second by `concurrency` clients each sending `size` emails a request (1: single sends). */
async function measure(
  baseUrl: string,
  senders: Sender[],
  size: number,
  concurrency: number,
  runSeconds: number,
  cpuRoots: Record<string, number | undefined> = {},
): Promise<{ perSecond: number; p50Ms: number; failed: number; cpuMsPerMessage: Record<string, number> }> {
  let accepted = 0;
  const cpuBefore = treeCpuSeconds(cpuRoots);
  let failed = 0;
  const result = await runClosedLoop(
    size === 1 ? 'single' : `batch ${size}`,
    { concurrency, seconds: runSeconds },
    async (i) => {
      const sender = senders[i % senders.length]!;
      const single = size === 1;
      const res = await fetch(`${baseUrl}${single ? '/api/send/' : '/api/send/batch'}`, {
        method: 'POST',
        headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(
          single ? email(sender, i) : { emails: Array.from({ length: size }, (_, k) => email(sender, i * size + k)) },
        ),
      });
      const body = (await res.json()) as { data?: { success: boolean }[] };
      if (res.status !== 200) return `HTTP ${res.status}`;
      const ok = single ? 1 : (body.data ?? []).filter((d) => d.success).length;
      accepted += ok;
      failed += (single ? 1 : size) - ok;
      return 'ok';
    },
  );
  const cpuAfter = treeCpuSeconds(cpuRoots);
  const cpuMsPerMessage = Object.fromEntries(
    Object.keys(cpuRoots).map((label) => [
      label,
      (1000 * ((cpuAfter[label] ?? 0) - (cpuBefore[label] ?? 0))) / Math.max(accepted, 1),
    ]),
  );
  return { perSecond: accepted / result.seconds, p50Ms: result.p50Ms, failed, cpuMsPerMessage };
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say);
  let api: ManagedProcess | undefined;
  try {
    const env = { ...benchServiceEnv(infra), MAX_BODY_BYTES: String(15 * 1024 * 1024) };
    say('seeding 20 accounts x 5 keys');
    const senders = await seedSenders(infra.db, 20, 5);
    const started = await startApi(env, path.join(infra.runDir, 'logs'));
    api = started.process;
    say('warming up');
    await measure(started.baseUrl, senders, 1, Number(args.concurrency), 2);
    await measure(started.baseUrl, senders, 100, Number(args['batch-concurrency']), 2);
    const rows: string[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const cpuRoots = { API: api.child.pid, PostgreSQL: infra.pids.postgres, Temporal: infra.pids.temporal };
    const cpuText = (ms: Record<string, number>) =>
      `${Object.entries(ms)
        .map(([label, v]) => `${label} ${v.toFixed(2)}`)
        .join(', ')}; total ${Object.values(ms)
        .reduce((a, b) => a + b, 0)
        .toFixed(2)}`;
    const cpuTotal = (ms: Record<string, number>) => Object.values(ms).reduce((a, b) => a + b, 0);
    for (let round = 1; round <= Number(args.rounds); round++) {
      const single = await measure(started.baseUrl, senders, 1, Number(args.concurrency), seconds, cpuRoots);
      const batch = await measure(started.baseUrl, senders, 100, Number(args['batch-concurrency']), seconds, cpuRoots);
      ratios.push(batch.perSecond / single.perSecond);
      cpuRatios.push(cpuTotal(batch.cpuMsPerMessage) / cpuTotal(single.cpuMsPerMessage));
      rows.push(
        `${round}  singles ${single.perSecond.toFixed(0)}/s (p50 ${single.p50Ms.toFixed(0)} ms, ${single.failed} refused)  batches of 100 ${batch.perSecond.toFixed(0)} msg/s (p50 ${batch.p50Ms.toFixed(0)} ms a batch, ${batch.failed} refused)  batch / single ${(batch.perSecond / single.perSecond).toFixed(2)}`,
        `   CPU ms per accepted message: singles ${cpuText(single.cpuMsPerMessage)} | batches ${cpuText(batch.cpuMsPerMessage)}`,
      );
    }
    ratios.sort((a, b) => a - b);
    cpuRatios.sort((a, b) => a - b);
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `singles at concurrency ${args.concurrency}, batches at concurrency ${args['batch-concurrency']}, ${seconds} s each, alternating`,
    );
    for (const row of rows) console.log(row);
    console.log(
      `batch / single, min / median / max: ${ratios[0]!.toFixed(2)} / ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)} / ${ratios[ratios.length - 1]!.toFixed(2)}`,
    );
    console.log(
      `CPU per message, batch / single (API + PostgreSQL + Temporal), min / median / max: ${cpuRatios[0]!.toFixed(2)} / ${cpuRatios[Math.floor(cpuRatios.length / 2)]!.toFixed(2)} / ${cpuRatios[cpuRatios.length - 1]!.toFixed(2)}`,
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
