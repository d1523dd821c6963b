// Benchmark: received mail end to end, from the MX listener's 250 to the `email.received`
// webhook. The MX listener and the worker as their own processes (as deployed, production mode),
// `--accounts` accounts each with an inbound domain, a catch-all rule and one endpoint on a local
// receiver; 16 (`--concurrency`) Nodemailer clients, each on one pooled connection, deliver
// `--messages` messages a run. Per run: received messages per second (every webhook over the time
// from the first delivery to the last webhook), accept -> webhook p50 / p99, and CPU milliseconds
// per received message of the MX listener, the worker, Temporal, PostgreSQL and Redis (the API
// takes no part). Min / median / max over `--runs`. See bench/README.md.
//
//   npm exec -- node --import tsx bench/inboundThroughput.ts [--messages 600] [--runs 3] [--concurrency 16] [--accounts 10] [--attachment-bytes 0]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { createWebhookEndpoint } from '../core/webhooks/webhookEndpoints';
import type { ManagedProcess } from '../tools/stack/processes';
import { formatTable } from './closedLoop';
import { startBenchInfra } from './infra';
import {
  addCatchAllInboundDomain,
  benchServiceEnv,
  quantile,
  seedSenders,
  sleep,
  startMxListener,
  startWorker,
} from './stack';

const say = (line: string) => console.log(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '600' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
    accounts: { type: 'string', default: '10' },
    'attachment-bytes': { type: 'string', default: '0' },
  },
});
const messages = Number(args.messages);
const concurrency = Number(args.concurrency);
const attachmentBytes = Number(args['attachment-bytes']);
const ACCEPTED = /^250 2\.6\.0 Message accepted: ([0-9a-f-]{36})$/;

/** The webhook receiver: arrival time of each inbound id's email.received. */
function startReceiver(): Promise<{ url: string; arrivals: Map<string, number>; close(): void }> {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          event_type?: string;
          payload?: { inbound_id?: string };
        };
        if (body.event_type === 'email.received' && body.payload?.inbound_id) arrivals.set(body.payload.inbound_id, at);
      } catch {
        /* not ours */
      }
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        arrivals,
        close: () => server.close(),
      }),
    ),
  );
}

/**
 * CPU seconds used so far by this benchmark's own processes: `named` by pid, the rest of its
 * descendants (the private PostgreSQL and its backends, Redis, Temporal) by command name. Only
 * descendants count, so another PostgreSQL or Temporal on a shared machine (a test run's) is not
 * taken for ours. A process's figure includes its reaped children (cutime, cstime): PostgreSQL
 * backends that close still count, through the postmaster.
 */
function ownCpuSeconds(
  named: Record<string, number | undefined>,
  byCommand: Record<string, string>,
): Map<string, number> {
  const stats = new Map<number, { ppid: number; command: string; seconds: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // The command is in parentheses and may contain spaces; the fields after it are fixed.
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ
    stats.set(Number(entry), { ppid: Number(fields[1]), command, seconds });
  }
  const ours = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p !== undefined && p > 1; p = stats.get(p)?.ppid)
      if (p === process.pid) return true;
    return false;
  };
  const namedPids = new Map(
    Object.entries(named).flatMap(([label, pid]) => (pid === undefined ? [] : [[pid, label] as const])),
  );
  const totals = new Map<string, number>();
  for (const [pid, stat] of stats) {
    const label = namedPids.get(pid) ?? (ours(pid) ? byCommand[stat.command] : undefined);
    if (label) totals.set(label, (totals.get(label) ?? 0) + stat.seconds);
  }
  return totals;
}

interface RunResult {
  accepted: number;
  /** Accepted messages per second while the clients were sending. */
  acceptedPerSecond: number;
  /** Why the messages with no webhook within the grace period have none (the delivery log's errors). */
  unfinished: string;
  received: number;
  refused: number;
  receivedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU ms per received message, by component. */
  cpuMs: Map<string, number>;
}

const COMPONENTS = ['MX listener', 'worker', 'Temporal', 'PostgreSQL', 'Redis'] as const;
const NOT_COUNTED = ['benchmark client'] as const;

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra = await startBenchInfra(say);
  const receiver = await startReceiver();
  const processes: ManagedProcess[] = [];
  const transports: ReturnType<typeof nodemailer.createTransport>[] = [];
  try {
    const logDir = path.join(infra.runDir, 'logs');
    fs.mkdirSync(logDir, { recursive: true });
    const env = { ...benchServiceEnv(infra), WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1' };
    say(`seeding ${args.accounts} accounts, each with an inbound domain, a catch-all rule and an endpoint`);
    const senders = await seedSenders(infra.db, Number(args.accounts), 1);
    await infra.db('plans').where({ name: 'bench' }).update({ inbound_monthly_quota: 100_000_000 });
    const domains: string[] = [];
    for (const s of senders) {
      const name = await addCatchAllInboundDomain(infra.db, s);
      await createWebhookEndpoint(
        infra.db,
        env.POSTAGE_SECRET_KEY,
        { accountId: s.accountId, url: receiver.url, events: ['email.received'] },
        'bench',
        { allowedPrivateAddresses: ['127.0.0.1'] },
      );
      domains.push(name);
    }
    const worker = await startWorker(env, logDir);
    processes.push(worker);
    const mx = await startMxListener(env, logDir);
    processes.push(mx.process);
    // One pooled connection per client, as a sending mail server keeps a connection to an MX.
    for (let c = 0; c < concurrency; c++)
      transports.push(
        nodemailer.createTransport({
          host: '127.0.0.1',
          port: mx.port,
          secure: false,
          ignoreTLS: true,
          pool: true,
          maxConnections: 1,
          maxMessages: Infinity,
          name: `client${c}.example.org`,
        }),
      );
    const attachment = attachmentBytes > 0 ? randomBytes(attachmentBytes) : undefined;
    const deliver = async (n: number, tag: string, client: number): Promise<{ id?: string; at: number }> => {
      const at = performance.now();
      const info = (await transports[client]!.sendMail({
        from: `Sender ${n} <sender${n}@example.org>`,
        to: `reader+${tag}-${n}@${domains[n % domains.length]}`,
        subject: `Inbound benchmark ${tag} ${n}`,
        text: `Hello from the inbound benchmark, message ${n}.\n\n${'A line of an ordinary reply. '.repeat(20)}`,
        messageId: `<bench-${tag}-${n}@example.org>`,
        ...(attachment ? { attachments: [{ filename: 'report.bin', content: attachment }] } : {}),
      })) as { response: string };
      const id = ACCEPTED.exec(info.response)?.[1];
      return { ...(id ? { id } : {}), at };
    };
    const cpu = () =>
      ownCpuSeconds(
        { 'MX listener': mx.process.child.pid, worker: worker.child.pid, 'benchmark client': process.pid },
        { postgres: 'PostgreSQL', 'redis-server': 'Redis', temporal: 'Temporal' },
      );

    const run = async (tag: string, total: number): Promise<RunResult> => {
      const sent = new Map<string, number>();
      let refused = 0;
      let next = 0;
      const cpuBefore = cpu();
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, client) => {
          while (next < total) {
            const n = next++;
            const r = await deliver(n, tag, client).catch(() => undefined);
            if (r?.id) sent.set(r.id, r.at);
            else refused++;
          }
        }),
      );
      const sendingSeconds = (performance.now() - start) / 1000;
      const ids = [...sent.keys()];
      const deadline = performance.now() + 120_000;
      while (!ids.every((id) => receiver.arrivals.has(id)) && performance.now() < deadline) await sleep(100);
      const arrived = ids.filter((id) => receiver.arrivals.has(id));
      const last = Math.max(...arrived.map((id) => receiver.arrivals.get(id)!));
      const cpuAfter = cpu();
      const seconds = (last - start) / 1000;
      const latencies = arrived.map((id) => receiver.arrivals.get(id)! - sent.get(id)!);
      const cpuMs = new Map<string, number>();
      for (const [label, s] of cpuAfter)
        cpuMs.set(label, ((s - (cpuBefore.get(label) ?? 0)) * 1000) / Math.max(1, arrived.length));
      const missing = ids.filter((id) => !receiver.arrivals.has(id));
      const failures = missing.length
        ? await infra
            .db('webhook_deliveries')
            .whereIn('message_id', missing)
            .where({ succeeded: false })
            .select<{ error: string | null; status_code: number | null }[]>('error', 'status_code')
        : [];
      const unfinished = missing.length
        ? `${missing.length}: ${failures.length} failed deliveries (${[...new Set(failures.map((f) => f.error ?? `HTTP ${f.status_code}`))].join('; ')}), ${missing.length - failures.length} not attempted`
        : '0';
      return {
        accepted: ids.length,
        acceptedPerSecond: ids.length / sendingSeconds,
        unfinished,
        received: arrived.length,
        refused,
        receivedPerSecond: arrived.length / seconds,
        p50Ms: quantile(latencies, 0.5),
        p99Ms: quantile(latencies, 0.99),
        cpuMs,
      };
    };

    say('warming up (60 messages, not measured)');
    await run('warmup', 60);
    await sleep(3000);
    const results: RunResult[] = [];
    for (let r = 1; r <= Number(args.runs); r++) {
      say(`run ${r}: ${messages} messages from ${concurrency} clients`);
      results.push(await run(`r${r}`, messages));
      await sleep(3000);
    }

    const fmt = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
    const spread = (values: number[], digits = 1) => {
      const s = [...values].sort((a, b) => a - b);
      return `${fmt(s[0]!, digits)} / ${fmt(s[Math.floor(s.length / 2)]!, digits)} / ${fmt(s[s.length - 1]!, digits)}`;
    };
    const total = (r: RunResult) => COMPONENTS.reduce((sum, c) => sum + (r.cpuMs.get(c) ?? 0), 0);
    console.log('');
    console.log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `infrastructure: PostgreSQL ${infra.origin.postgres}, Redis ${infra.origin.redis}, Temporal ${infra.origin.temporal}; one MX listener and one worker process; ${concurrency} Nodemailer clients (one pooled connection each), ${args.accounts} accounts, attachment ${attachmentBytes} bytes`,
    );
    console.log('');
    console.log(
      formatTable(
        [
          'run',
          'accepted',
          'received',
          'refused',
          'accepted/s',
          'received/s',
          'accept->webhook p50 ms',
          'p99 ms',
          ...COMPONENTS.map((c) => `${c} ms`),
          'total ms',
          ...NOT_COUNTED.map((c) => `${c} ms`),
        ],
        results.map((r, i) => [
          String(i + 1),
          String(r.accepted),
          String(r.received),
          String(r.refused),
          fmt(r.acceptedPerSecond),
          fmt(r.receivedPerSecond),
          fmt(r.p50Ms, 0),
          fmt(r.p99Ms, 0),
          ...COMPONENTS.map((c) => fmt(r.cpuMs.get(c) ?? NaN)),
          fmt(total(r)),
          ...NOT_COUNTED.map((c) => fmt(r.cpuMs.get(c) ?? NaN)),
        ]),
      ),
    );
    console.log('');
    console.log('min / median / max over the runs:');
    console.log(`  received messages per second: ${spread(results.map((r) => r.receivedPerSecond))}`);
    console.log(
      `  accept -> webhook p50 ms: ${spread(
        results.map((r) => r.p50Ms),
        0,
      )}`,
    );
    console.log(
      `  accept -> webhook p99 ms: ${spread(
        results.map((r) => r.p99Ms),
        0,
      )}`,
    );
    for (const c of COMPONENTS)
      console.log(`  CPU ms per received message, ${c}: ${spread(results.map((r) => r.cpuMs.get(c) ?? NaN))}`);
    console.log(`  CPU ms per received message, total: ${spread(results.map(total))}`);
    for (const [i, r] of results.entries())
      if (r.unfinished !== '0') console.log(`run ${i + 1}: no webhook within 120 s for ${r.unfinished}`);
  } finally {
    for (const t of transports) t.close();
    receiver.close();
    for (const p of processes.reverse()) await p.stop();
    await infra.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
