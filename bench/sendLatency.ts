// Benchmark: the latency of one request at a time, with the worker running. The pipeline's stack
// (API and worker processes, SES emulator, one webhook endpoint on a local receiver), one account
// and key; after a warm-up of 20 requests of each, every round sends --iterations test sends one
// after the other (the next once the previous is answered, while the worker delivers them), then
// as many GET /api/me/, and waits for the round's `email.delivered` webhooks before the next.
// Prints p50 / p90 / p99 / max of each per round and, over the rounds, min / median / max of each
// quantile; then the resident memory of the API and worker.
//
//   node --import tsx bench/sendLatency.ts [--iterations 300] [--rounds 3]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { awaitCompletion, quantile, residentMiB, sendOne, startPipelineStack, testMessage, type Sender } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: { iterations: { type: 'string', default: '300' }, rounds: { type: 'string', default: '3' } },
});
const iterations = Number(args.iterations);
const WARMUP = 20;
const QUANTILES: [string, number][] = [
  ['p50', 0.5],
  ['p90', 0.9],
  ['p99', 0.99],
  ['max', 1],
];

async function getMe(baseUrl: string, sender: Sender): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/me/`, { headers: { 'X-API-Key': sender.apiKey } });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

/** `count` requests one at a time: the latencies of those answered 200, and how many were not. */
async function oneAtATime(count: number, request: (i: number) => Promise<{ ms: number; status: number; id?: string }>) {
  const ms: number[] = [];
  const ids: string[] = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const answer = await request(i).catch(() => ({ ms: 0, status: 0 }) as { ms: number; status: number; id?: string });
    if (answer.status !== 200) failed++;
    else ms.push(answer.ms);
    if (answer.id) ids.push(answer.id);
  }
  return { ms, ids, failed };
}

const quantiles = (ms: number[]) => QUANTILES.map(([, q]) => quantile(ms, q));
const format = (values: number[]) => QUANTILES.map(([name], i) => `${name} ${values[i]!.toFixed(1)}`).join(', ');

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const stack = await startPipelineStack(say, { accounts: 1, keys: 1 });
  const { api, receiver } = stack;
  const sender = stack.senders[0]!;
  try {
    const deliveries = async (ids: string[]) => {
      await awaitCompletion(ids, receiver.arrivals, 60_000, 200);
      return ids.filter((id) => receiver.arrivals.has(id)).length;
    };
    say(`warming up (${WARMUP} sends, ${WARMUP} GET /api/me/)`);
    const warm = await oneAtATime(WARMUP, (i) => sendOne(api.baseUrl, sender, testMessage(i)));
    await oneAtATime(WARMUP, () => getMe(api.baseUrl, sender));
    await deliveries(warm.ids);

    const rounds: { send: number[]; me: number[] }[] = [];
    for (let round = 1; round <= Number(args.rounds); round++) {
      say(`round ${round}: ${iterations} sends, then ${iterations} GET /api/me/, one at a time`);
      const sends = await oneAtATime(iterations, (i) =>
        sendOne(api.baseUrl, sender, testMessage(round * 1_000_000 + i)),
      );
      const lastSend = performance.now();
      const me = await oneAtATime(iterations, () => getMe(api.baseUrl, sender));
      const delivered = await deliveries(sends.ids);
      const drained = (Math.max(lastSend, ...sends.ids.map((id) => receiver.arrivals.get(id) ?? 0)) - lastSend) / 1000;
      rounds.push({ send: quantiles(sends.ms), me: quantiles(me.ms) });
      say(
        `round ${round}: POST /api/send/ ms ${format(rounds.at(-1)!.send)} (${sends.failed} not 200); GET /api/me/ ms ${format(rounds.at(-1)!.me)} (${me.failed} not 200); ` +
          `webhooks ${delivered}/${sends.ids.length}, the last ${drained.toFixed(1)} s after the last send`,
      );
    }

    const spread = (values: number[]) => {
      const s = [...values].sort((a, b) => a - b);
      return `${s[0]!.toFixed(1)} / ${s[Math.floor(s.length / 2)]!.toFixed(1)} / ${s[s.length - 1]!.toFixed(1)}`;
    };
    const summary = (pick: (r: { send: number[]; me: number[] }) => number[]) =>
      QUANTILES.map(([name], i) => `${name} ${spread(rounds.map((r) => pick(r)[i]!))}`).join(',  ');
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    const { infra } = stack;
    console.log(
      `infrastructure: PostgreSQL ${infra.origin.postgres}, Redis ${infra.origin.redis}, Temporal ${infra.origin.temporal}; one API and one worker process`,
    );
    console.log(
      `${iterations} requests one at a time per round, rounds: ${rounds.length}; ms, min / median / max over the rounds:`,
    );
    console.log(`POST /api/send/  ${summary((r) => r.send)}`);
    console.log(`GET /api/me/     ${summary((r) => r.me)}`);
    console.log(
      `resident memory at the end: API ${residentMiB(api.process.child.pid).toFixed(0)} MiB, worker ${residentMiB(stack.worker.child.pid).toFixed(0)} MiB`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
