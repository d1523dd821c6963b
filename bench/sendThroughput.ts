// Benchmark: POST /api/send/ driven with many keys against the real stack (PostgreSQL, Redis,
// Temporal dev server), next to the raw `client.workflow.start` rate against the same Temporal
// server in the same run, so the cost of the gates shows as a ratio. See bench/README.md.
//
//   node --import tsx bench/sendThroughput.ts [--seconds 10] [--concurrency 32] [--accounts 20] [--keys 5]
import { Client, Connection } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { messageWorkflows } from '../workflows/client';
import { loadConfig } from '../core/platform/config';
import type { ManagedProcess } from '../tools/stack/processes';
import { formatResults, runClosedLoop, type LoopResult } from './closedLoop';
import { startBenchInfra } from './infra';
import { benchServiceEnv, cpuSeconds, seedSenders, serverCpuLabels, startApi, type Sender } from './stack';
const say = (line: string) => console.log(`[bench] ${line}`);

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '32' },
    accounts: { type: 'string', default: '20' },
    keys: { type: 'string', default: '5' },
  },
});
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const accountCount = Number(args.accounts);
const keysPerAccount = Number(args.keys);

function sendLoop(label: string, baseUrl: string, senders: Sender[], runSeconds: number): Promise<LoopResult> {
  return runClosedLoop(label, { concurrency, seconds: runSeconds }, async (i) => {
    const sender = senders[i % senders.length]!;
    const res = await fetch(`${baseUrl}/api/send/`, {
      method: 'POST',
      headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from_email: `bench@${sender.domain}`,
        to: `success+${i}@simulator.amazonses.com`,
        subject: `Benchmark ${i}`,
        message: 'Hello from the benchmark.',
      }),
    });
    await res.arrayBuffer();
    return res.status === 200 ? 'ok' : `HTTP ${res.status}`;
  });
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say);
  let api: ManagedProcess | undefined;
  let connection: Connection | undefined;
  try {
    const env = benchServiceEnv(infra);
    const config = loadConfig(env);
    say(
      `seeding ${accountCount} accounts x ${keysPerAccount} keys, and one account with ${accountCount * keysPerAccount} keys`,
    );
    const spread = await seedSenders(infra.db, accountCount, keysPerAccount);
    const single = await seedSenders(infra.db, 1, accountCount * keysPerAccount);
    const started = await startApi(env, path.join(infra.runDir, 'logs'));
    api = started.process;
    connection = await Connection.connect({ address: infra.temporalAddress });
    const workflows = messageWorkflows(
      new Client({ connection, namespace: config.temporal.namespace }),
      config.temporal.taskQueue,
    );

    say(`warming up for ${args.warmup} s (no worker: workflows are started, not run)`);
    await sendLoop('warm-up', started.baseUrl, spread, Number(args.warmup));

    say(`measuring ${seconds} s per run at concurrency ${concurrency}`);
    const results: LoopResult[] = [];
    // CPU milliseconds per accepted request of each process during each loop (the load generator
    // is this process): where the API's extra cost over a raw start goes.
    const cpu = () =>
      cpuSeconds({ API: api?.child.pid, 'load generator': process.pid }, ...serverCpuLabels(infra.pids));
    const cpuLines: string[] = [];
    const measured = async (loop: () => Promise<LoopResult>): Promise<LoopResult> => {
      const before = cpu();
      const result = await loop();
      const after = cpu();
      const perRequest = [...after].map(
        ([label, s]) => `${label} ${((1000 * (s - (before.get(label) ?? 0))) / result.ok).toFixed(2)}`,
      );
      cpuLines.push(`${result.label}: ${perRequest.join(', ')}`);
      return result;
    };
    results.push(
      await measured(() =>
        sendLoop(`POST /api/send/ (${accountCount} accounts, ${spread.length} keys)`, started.baseUrl, spread, seconds),
      ),
    );
    results.push(
      await measured(() =>
        runClosedLoop('client.workflow.start (raw, same options)', { concurrency, seconds }, async () => {
          await workflows.startSend(
            {
              messageId: randomUUID(),
              accountId: spread[0]!.accountId,
              mode: 'shared',
              kind: 'simulator',
              outcomeTimeoutSeconds: 60,
            },
            Date.now() + config.temporal.startTimeoutMs,
          );
          return 'ok';
        }),
      ),
    );
    results.push(
      await measured(() =>
        sendLoop(`POST /api/send/ (1 account, ${single.length} keys)`, started.baseUrl, single, seconds),
      ),
    );

    const [apiSpread, raw, apiSingle] = results as [LoopResult, LoopResult, LoopResult];
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`,
    );
    console.log(`load average before the run: ${loadBefore.map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min)`);
    console.log(
      `infrastructure: PostgreSQL ${infra.origin.postgres}, Redis ${infra.origin.redis}, Temporal ${infra.origin.temporal}; API in its own process; concurrency ${concurrency}`,
    );
    console.log('');
    console.log(formatResults(results));
    console.log('');
    console.log(`API / raw start (many accounts): ${(apiSpread.perSecond / raw.perSecond).toFixed(2)}`);
    console.log(`API / raw start (one account):   ${(apiSingle.perSecond / raw.perSecond).toFixed(2)}`);
    console.log('');
    console.log('CPU ms per accepted request, by process:');
    for (const line of cpuLines) console.log(`  ${line}`);
  } finally {
    await api?.stop();
    await connection?.close();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
