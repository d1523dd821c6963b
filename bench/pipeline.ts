// Benchmark: the whole pipeline as a customer feels it, from POST /api/send/ to the
// `email.delivered` webhook, with the worker running. Test recipients (delivered@ the test
// domain): every stage runs (accept, workflow, log, timeline, webhook) except SES itself.
//
// Phase 1 finds the ceiling: a closed loop (--concurrency clients) for --seconds, counting the
// webhooks that arrive. Phase 2 sends at 25 %, 50 % and 100 % of that ceiling, open loop (a
// fixed schedule, so a slow pipeline cannot slow the offered load), each for --seconds, and
// reports accept p50/p99, accept -> webhook p50/p99 and the completion rate. Then the history
// length of one test send and one simulator send, and the resident memory of the API and worker.
//
//   node --import tsx bench/pipeline.ts [--seconds 20] [--concurrency 16] [--accounts 10]
//        [--temporal memory|sqlite-wal|sqlite-default]
import { Client, Connection } from '@temporalio/client';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createWebhookEndpoint } from '../core/webhooks/webhookEndpoints';
import { sendWorkflowId } from '../core/model/workflowContract';
import { startSesEmulator } from '../tools/stack/sesEmulator';
import { freePort, type ManagedProcess } from '../tools/stack/processes';
import { startBenchInfra, type BenchTemporalStore } from './infra';
import { benchServiceEnv, cpuSeconds, residentMiB, seedSenders, startApi, startWorker, type Sender } from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    accounts: { type: 'string', default: '10' },
    temporal: { type: 'string', default: 'memory' },
  },
});
const seconds = Number(args.seconds);
const TEST_DOMAIN = 'test.postage.dev';

interface Sent {
  startedAt: number;
  acceptMs: number;
}

/** The webhook receiver: arrival time of each message's email.delivered. */
function startReceiver(): Promise<{ url: string; arrivals: Map<string, number>; close(): void }> {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { event_type?: string; payload?: { message_id?: string } };
        if (body.event_type === 'email.delivered' && body.payload?.message_id) arrivals.set(body.payload.message_id, at);
      } catch {
        /* not ours */
      }
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, arrivals, close: () => server.close() })));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};

async function sendOne(baseUrl: string, sender: Sender, i: number, to = `delivered+${i}@${TEST_DOMAIN}`): Promise<{ id?: string; ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from_email: `bench@${sender.domain}`, to, subject: `Pipeline ${i}`, message: 'Hello from the pipeline benchmark.' }),
  });
  const json = (await res.json()) as { message_id?: string };
  return { ...(json.message_id ? { id: json.message_id } : {}), ms: performance.now() - t0, status: res.status };
}

interface PhaseResult {
  label: string;
  offered: number;
  accepted: number;
  refused: number;
  acceptP50: number;
  acceptP99: number;
  deliveredPerSecond: number;
  endToEndP50: number;
  endToEndP99: number;
  unfinished: number;
}

/** Waits (up to `graceMs`) for the webhooks of these messages, then summarises. */
async function summarise(label: string, sent: Map<string, Sent>, refused: number, arrivals: Map<string, number>, windowStart: number, windowSeconds: number, graceMs: number): Promise<PhaseResult> {
  const deadline = performance.now() + graceMs;
  while (performance.now() < deadline && [...sent.keys()].some((id) => !arrivals.has(id))) await new Promise((r) => setTimeout(r, 200));
  const endToEnd: number[] = [];
  let lastArrival = windowStart + windowSeconds * 1000;
  for (const [id, s] of sent) {
    const at = arrivals.get(id);
    if (at === undefined) continue;
    endToEnd.push(at - s.startedAt);
    lastArrival = Math.max(lastArrival, at);
  }
  const accepts = [...sent.values()].map((s) => s.acceptMs);
  return {
    label,
    offered: sent.size + refused,
    accepted: sent.size,
    refused,
    acceptP50: quantile(accepts, 0.5),
    acceptP99: quantile(accepts, 0.99),
    // Sustained: every delivered webhook over the time from the first send to the last webhook
    // (a pipeline that falls behind takes longer than the window to drain, and this shows it).
    deliveredPerSecond: endToEnd.length / ((lastArrival - windowStart) / 1000),
    endToEndP50: quantile(endToEnd, 0.5),
    endToEndP99: quantile(endToEnd, 0.99),
    unfinished: sent.size - endToEnd.length,
  };
}

async function closedLoop(baseUrl: string, senders: Sender[], arrivals: Map<string, number>, concurrency: number): Promise<PhaseResult> {
  const sent = new Map<string, Sent>();
  let refused = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const i = next++;
        const startedAt = performance.now();
        const r = await sendOne(baseUrl, senders[i % senders.length]!, i).catch(() => ({ ms: 0, status: 0 }) as { id?: string; ms: number; status: number });
        if (r.id) sent.set(r.id, { startedAt, acceptMs: r.ms });
        else refused++;
      }
    }),
  );
  return summarise(`ceiling: closed loop, ${concurrency} clients`, sent, refused, arrivals, start, seconds, 60_000);
}

async function openLoop(baseUrl: string, senders: Sender[], arrivals: Map<string, number>, rate: number, label: string): Promise<PhaseResult> {
  const sent = new Map<string, Sent>();
  let refused = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const startedAt = performance.now();
    inFlight.push(
      sendOne(baseUrl, senders[i % senders.length]!, 1_000_000 + i)
        .then((r) => {
          if (r.id) sent.set(r.id, { startedAt, acceptMs: r.ms });
          else refused++;
        })
        .catch(() => void refused++),
    );
  }
  await Promise.all(inFlight);
  return summarise(label, sent, refused, arrivals, start, seconds, 60_000);
}

function table(results: PhaseResult[]): string {
  const header = ['run', 'offered', 'accepted', 'refused', 'accept p50', 'accept p99', 'delivered/s', 'to webhook p50', 'p99', 'unfinished'];
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
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say, { temporalStore: args.temporal as BenchTemporalStore });
  const receiver = await startReceiver();
  const processes: ManagedProcess[] = [];
  let connection: Connection | undefined;
  try {
    const logs = path.join(infra.runDir, 'logs');
    const ses = await startSesEmulator({ port: await freePort(), logFile: path.join(logs, 'ses.log') });
    processes.push(ses.process);
    const env = {
      ...benchServiceEnv(infra),
      TEST_DOMAIN,
      SES_ENDPOINT: ses.endpoint,
      SES_ACCESS_KEY_ID: 'bench',
      SES_SECRET_ACCESS_KEY: 'bench',
      // Simulator sends get no SNS events here: their workflow settles on `sent` after this.
      OUTCOME_TIMEOUT_SECONDS: '2',
      WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1',
    };
    const senders = await seedSenders(infra.db, Number(args.accounts), 2);
    for (const accountId of new Set(senders.map((s) => s.accountId))) {
      await createWebhookEndpoint(infra.db, env.POSTAGE_SECRET_KEY, { accountId, url: receiver.url, events: ['email.delivered'] }, 'bench', { allowedPrivateAddresses: ['127.0.0.1'] });
    }
    const api = await startApi(env, logs);
    processes.push(api.process);
    processes.push(await startWorker(env, logs));
    say('warming up (5 s)');
    for (let i = 0; i < 20; i++) await sendOne(api.baseUrl, senders[i % senders.length]!, -i);
    await new Promise((r) => setTimeout(r, 5000));

    const results: PhaseResult[] = [];
    say(`phase 1: ceiling, closed loop of ${args.concurrency} clients for ${seconds} s`);
    const cpu = () =>
      cpuSeconds({ API: api.process.child.pid, worker: processes[2]?.child.pid, 'benchmark client': process.pid }, { postgres: 'PostgreSQL', 'redis-server': 'Redis', temporal: 'Temporal' });
    const cpuBefore = cpu();
    const ceilingStart = performance.now();
    const ceiling = await closedLoop(api.baseUrl, senders, receiver.arrivals, Number(args.concurrency));
    const cpuAfter = cpu();
    const ceilingSeconds = (performance.now() - ceilingStart) / 1000;
    const cpuShares = [...cpuAfter].map(([label, s]) => `${label} ${((100 * (s - (cpuBefore.get(label) ?? 0))) / ceilingSeconds).toFixed(0)} %`);
    results.push(ceiling);
    const rate = Math.max(1, ceiling.deliveredPerSecond);
    for (const share of [0.25, 0.5, 1]) {
      say(`phase 2: ${share * 100} % of ${rate.toFixed(1)}/s for ${seconds} s`);
      results.push(await openLoop(api.baseUrl, senders, receiver.arrivals, rate * share, `${share * 100} % of ceiling: ${(rate * share).toFixed(1)}/s offered`));
    }

    // History length of one test send and of one simulator send (the latter ends `sent` after OUTCOME_TIMEOUT_SECONDS).
    connection = await Connection.connect({ address: infra.temporalAddress });
    const client = new Client({ connection });
    const testSend = await sendOne(api.baseUrl, senders[0]!, 9_999_001);
    const simSend = await sendOne(api.baseUrl, senders[0]!, 9_999_002, `success@simulator.amazonses.com`);
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
    console.log(`infrastructure: PostgreSQL ${infra.origin.postgres}, Redis ${infra.origin.redis}, Temporal ${infra.origin.temporal}; one API and one worker process`);
    console.log('');
    console.log(table(results));
    console.log('');
    console.log(`CPU during the ceiling phase (100 % = one core of ${os.cpus().length}, until its last webhook): ${cpuShares.join(', ')}`);
    console.log(`history events: test send ${testEvents}, simulator send ${simEvents}`);
    console.log(`resident memory: API ${residentMiB(api.process.child.pid).toFixed(0)} MiB, worker ${residentMiB(processes[2]?.child.pid).toFixed(0)} MiB`);
  } finally {
    receiver.close();
    await connection?.close();
    for (const p of processes.reverse()) await p.stop();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
