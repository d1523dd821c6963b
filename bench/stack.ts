// What the benchmarks share: seeded senders (Growth-like accounts with verified shared domains and
// keys), the service's processes started as a deployment runs them, and the pipeline's stack (API,
// worker, SES emulator, a webhook receiver) with the one send request the pipeline benchmarks make.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from 'selfsigned';
import { createAccount } from '../core/accounts/accounts';
import { createApiKey } from '../core/accounts/apiKeys';
import { setPlan } from '../core/accounts/plans';
import type { Db } from '../core/platform/db';
import { addDomain, markDomainVerified } from '../core/domains/domains';
import { createWebhookEndpoint } from '../core/webhooks/webhookEndpoints';
import { startSesEmulator } from '../tools/stack/sesEmulator';
import { freePort, startProcess, stopAll, waitFor, type ManagedProcess } from '../tools/stack/processes';
import { startBenchInfra, type BenchInfra, type BenchTemporalStore } from './infra';

const ROOT = path.resolve(__dirname, '..');

/**
 * The environment of the service's processes in a benchmark: production mode with a fresh key,
 * the run's stores, a task queue of its own, and a rate limit that runs but never refuses.
 */
export function benchServiceEnv(infra: Pick<BenchInfra, 'databaseUrl' | 'redisUrl' | 'temporalAddress'>) {
  return {
    NODE_ENV: 'production',
    POSTAGE_SECRET_KEY: randomBytes(32).toString('hex'),
    RELAY_AWS_ACCOUNT_ID: '210987654321',
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    TEMPORAL_TASK_QUEUE: `bench-${randomBytes(4).toString('hex')}`,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    LOG_LEVEL: 'warn',
  };
}

export interface Sender {
  accountId: string;
  domain: string;
  apiKey: string;
}

export async function seedSenders(db: Db, accounts: number, keys: number): Promise<Sender[]> {
  // Quotas far above what a run can send, so the counter is exercised but never refuses.
  await setPlan(db, 'bench', { sharedMonthly: 100_000_000, byocMonthly: 100_000_000 });
  const senders: Sender[] = [];
  for (let a = 0; a < accounts; a++) {
    const tag = randomBytes(4).toString('hex');
    const account = await createAccount(
      db,
      { email: `bench-${tag}@example.com`, plan: 'bench', verified: true },
      'bench',
    );
    const domain = `bench-${tag}.example.com`;
    await addDomain(db, { accountId: account.id, name: domain, mode: 'shared' }, 'bench');
    await markDomainVerified(db, domain, 'bench');
    for (let k = 0; k < keys; k++) {
      const { secret } = await createApiKey(db, { accountId: account.id, name: `bench ${k}` }, 'bench');
      senders.push({ accountId: account.id, domain, apiKey: secret });
    }
  }
  return senders;
}

/** BENCH_API_NODE_ARGS, BENCH_WORKER_NODE_ARGS: extra Node flags for a process, to profile it (e.g. --cpu-prof). */
function profilingArgs(name: 'API' | 'WORKER'): string[] {
  return process.env[`BENCH_${name}_NODE_ARGS`]?.split(' ').filter(Boolean) ?? [];
}

export async function startApi(
  env: Record<string, string>,
  logDir: string,
): Promise<{ process: ManagedProcess; baseUrl: string }> {
  const port = await freePort();
  const proc = startProcess(
    'api',
    process.execPath,
    [...profilingArgs('API'), '--import', 'tsx', path.join(ROOT, 'api', 'server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, API_PORT: String(port) },
      logFile: path.join(logDir, 'api.log'),
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor('the API', async () => (await fetch(`${baseUrl}/healthz`)).ok, 60_000, proc);
  return { process: proc, baseUrl };
}

/** The worker process, and the URL of its operator port (/healthz, /readyz, /metrics). */
export async function startWorker(
  env: Record<string, string>,
  logDir: string,
): Promise<ManagedProcess & { healthUrl: string }> {
  const healthPort = await freePort();
  const proc = startProcess(
    'worker',
    process.execPath,
    [...profilingArgs('WORKER'), '--import', 'tsx', path.join(ROOT, 'worker', 'main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, WORKER_HEALTH_PORT: String(healthPort) },
      logFile: path.join(logDir, 'worker.log'),
    },
  );
  const healthUrl = `http://127.0.0.1:${healthPort}`;
  await waitFor('the worker', async () => (await fetch(`${healthUrl}/readyz`)).ok, 120_000, proc);
  return Object.assign(proc, { healthUrl });
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function residentMiB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** A process and its descendants (PostgreSQL's backends under the postmaster), by pid. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * Memory of a process and its descendants, in MiB: the RSS of a single process; for several
 * (PostgreSQL), the sum of their proportional set sizes, so the shared buffers every backend maps
 * count once instead of once per backend.
 */
export function treeMemoryMiB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const tree = processTree(pid);
  if (tree.length === 1) return residentMiB(pid);
  let kb = 0;
  for (const p of tree) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* exited meanwhile */
    }
  }
  return kb / 1024;
}

/**
 * CPU seconds used so far by each component: named processes by pid, then processes descending
 * from a `trees` pid (PostgreSQL's backends under its postmaster: on a shared machine, counting by
 * command name would count other stacks' servers too), the rest by command name.
 * A process's figure includes its children that exited and were reaped (cutime, cstime), so
 * PostgreSQL backends that close during a measurement still count, through the postmaster.
 */
export function cpuSeconds(
  named: Record<string, number | undefined>,
  byCommand: Record<string, string>,
  trees: Record<string, number | undefined> = {},
): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const totals = new Map<string, number>();
  const pidLabels = (labels: Record<string, number | undefined>) =>
    new Map(Object.entries(labels).flatMap(([label, pid]) => (pid === undefined ? [] : [[pid, label] as const])));
  const namedPids = pidLabels(named);
  const treePids = pidLabels(trees);
  const stats = new Map<number, { command: string; parent: number; fields: string[] }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // The command is in parentheses and may contain spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(entry), {
      command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      parent: Number(fields[1]),
      fields,
    });
  }
  const treeOf = (pid: number): string | undefined => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = stats.get(p)?.parent, hops++) {
      const label = treePids.get(p);
      if (label) return label;
    }
    return undefined;
  };
  for (const [pid, { command, fields }] of stats) {
    const label = namedPids.get(pid) ?? (treePids.size ? treeOf(pid) : undefined) ?? byCommand[command];
    if (!label) continue;
    const seconds = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks; // utime + stime + cutime + cstime
    totals.set(label, (totals.get(label) ?? 0) + seconds);
  }
  return totals;
}

/**
 * cpuSeconds' last two arguments for the infrastructure: a private server by its process tree (on
 * a shared machine, other stacks' servers have the same command name), one the environment named
 * by command name.
 */
export function serverCpuLabels(
  pids: BenchInfra['pids'],
): [Record<string, string>, Record<string, number | undefined>] {
  const byCommand: Record<string, string> = {
    ...(pids.postgres === undefined ? { postgres: 'PostgreSQL' } : {}),
    ...(pids.redis === undefined ? { 'redis-server': 'Redis' } : {}),
    ...(pids.temporal === undefined ? { temporal: 'Temporal', 'temporal-server': 'Temporal' } : {}),
  };
  return [
    byCommand,
    {
      PostgreSQL: pids.postgres,
      Redis: pids.redis,
      Temporal: pids.temporal,
      "Temporal's PostgreSQL": pids.temporalStore,
    },
  ];
}

/** The SMTP relay as its own process (STARTTLS on a self-signed certificate for localhost, written to `dir`). */
export async function startRelay(
  env: Record<string, string>,
  logDir: string,
  dir: string,
): Promise<{ process: ManagedProcess; port: number; ca: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  fs.writeFileSync(path.join(dir, 'smtp-cert.pem'), pems.cert);
  fs.writeFileSync(path.join(dir, 'smtp-key.pem'), pems.private);
  const [port, smtpsPort, healthPort] = [await freePort(), await freePort(), await freePort()];
  const proc = startProcess('smtp', process.execPath, ['--import', 'tsx', path.join(ROOT, 'smtp', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Every benchmark client connects from 127.0.0.1, up to four pooled connections per sender.
      SMTP_MAX_CLIENTS_PER_IP: '1000',
      ...env,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTPS_PORT: String(smtpsPort),
      SMTP_HEALTH_PORT: String(healthPort),
      SMTP_TLS_CERT_FILE: path.join(dir, 'smtp-cert.pem'),
      SMTP_TLS_KEY_FILE: path.join(dir, 'smtp-key.pem'),
    },
    logFile: path.join(logDir, 'smtp.log'),
  });
  await waitFor('the SMTP relay', async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).ok, 60_000, proc);
  return { process: proc, port, ca: pems.cert };
}

/**
 * The MX listener as its own process, no STARTTLS (mail servers on the same host). Every client is
 * 127.0.0.1, so its per-client limits are lifted: they would otherwise be what is measured.
 */
export async function startMxListener(
  env: Record<string, string>,
  logDir: string,
): Promise<{ process: ManagedProcess; port: number }> {
  const [port, healthPort] = [await freePort(), await freePort()];
  const proc = startProcess('mx', process.execPath, ['--import', 'tsx', path.join(ROOT, 'mx', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      MX_MAX_CLIENTS_PER_IP: '1000',
      MX_MESSAGES_PER_MINUTE_PER_IP: '1000000',
      MX_MESSAGES_PER_MINUTE: '1000000',
      ...env,
      MX_HOST: '127.0.0.1',
      MX_PORT: String(port),
      MX_HEALTH_PORT: String(healthPort),
    },
    logFile: path.join(logDir, 'mx.log'),
  });
  await waitFor('the MX listener', async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok, 60_000, proc);
  return { process: proc, port };
}

/** An inbound domain `in.<sender's domain>` with a catch-all rule, for the sender's account; its name. */
export async function addCatchAllInboundDomain(db: Db, sender: Sender): Promise<string> {
  const parent = await db('domains').where({ name: sender.domain }).first<{ id: string }>('id');
  const name = `in.${sender.domain}`;
  const [row] = await db('inbound_domains')
    .insert({ account_id: sender.accountId, domain_id: parent!.id, name })
    .returning<{ id: string }[]>('id');
  await db('inbound_rules').insert({
    account_id: sender.accountId,
    inbound_domain_id: row!.id,
    match: '*',
    kind: 'catch_all',
  });
  return name;
}

/** The test domain of the pipeline benchmarks: `delivered+N@` it runs every stage but SES itself. */
export const TEST_DOMAIN = 'test.postage.dev';

/** The webhook receiver: arrival time of each message's email.delivered. */
export function startReceiver(): Promise<{ url: string; arrivals: Map<string, number>; close(): void }> {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          event_type?: string;
          payload?: { message_id?: string };
        };
        if (body.event_type === 'email.delivered' && body.payload?.message_id)
          arrivals.set(body.payload.message_id, at);
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every id is in `done` (its completion time) or `graceMs` passed; `poll`, if any, fills `done` before each look. */
export async function awaitCompletion(
  ids: string[],
  done: Map<string, number>,
  graceMs: number,
  everyMs: number,
  poll?: () => Promise<void>,
): Promise<void> {
  const deadline = performance.now() + graceMs;
  for (;;) {
    await poll?.();
    if (ids.every((id) => done.has(id)) || performance.now() >= deadline) return;
    await sleep(everyMs);
  }
}

/** The value at quantile `q` (0 to 1) of `values`; NaN when there are none. */
export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};

/** "min / median / max" of `values` ("-" when there are none). */
export function spread(values: number[], digits = 1): string {
  if (!values.length) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0]!, quantile(sorted, 0.5), sorted[sorted.length - 1]!].map((v) => v.toFixed(digits)).join(' / ');
}

/** A send's answer: the message id when accepted, the latency and the status (0: no answer). */
export interface SendAnswer {
  id?: string;
  ms: number;
  status: number;
}

/** The body of a plain test send (or of a send to `to`), without its sender. */
export const testMessage = (i: number, to = `delivered+${i}@${TEST_DOMAIN}`) => ({
  to,
  subject: `Pipeline ${i}`,
  message: 'Hello from the pipeline benchmark.',
});

/** One POST /api/send/ of `body` from `bench@` the sender's domain. */
export async function sendOne(baseUrl: string, sender: Sender, body: Record<string, unknown>): Promise<SendAnswer> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from_email: `bench@${sender.domain}`, ...body }),
  });
  const json = (await res.json()) as { message_id?: string };
  return { ...(json.message_id ? { id: json.message_id } : {}), ms: performance.now() - t0, status: res.status };
}

export interface PipelineStack {
  infra: BenchInfra;
  /** The service processes' environment (for another process, e.g. the SMTP relay). */
  env: Record<string, string>;
  senders: Sender[];
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  api: { process: ManagedProcess; baseUrl: string };
  worker: ManagedProcess & { healthUrl: string };
  ses: ManagedProcess;
  logDir: string;
  stop(): Promise<void>;
}

/**
 * The whole pipeline as deployed: the benchmark's infrastructure, the SES v2 emulator, one API and
 * one worker process (`NODE_ENV=production`), `accounts` × `keys` senders and, per account, one
 * webhook endpoint for `email.delivered` on a local receiver.
 */
export async function startPipelineStack(
  say: (line: string) => void,
  opts: { accounts: number; keys: number; temporalStore?: BenchTemporalStore; temporalShards?: number },
): Promise<PipelineStack> {
  const infra = await startBenchInfra(say, {
    ...(opts.temporalStore ? { temporalStore: opts.temporalStore } : {}),
    ...(opts.temporalShards ? { temporalShards: opts.temporalShards } : {}),
  });
  const receiver = await startReceiver();
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    receiver.close();
    await stopAll(processes);
    await infra.stop();
  };
  try {
    const logDir = path.join(infra.runDir, 'logs');
    const ses = await startSesEmulator({ port: await freePort(), logFile: path.join(logDir, 'ses.log') });
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
      // The API's /metrics (heap, event-loop delay) for the soak; off in production without a token.
      METRICS_TOKEN: randomBytes(16).toString('hex'),
    };
    const senders = await seedSenders(infra.db, opts.accounts, opts.keys);
    for (const accountId of new Set(senders.map((s) => s.accountId))) {
      await createWebhookEndpoint(
        infra.db,
        env.POSTAGE_SECRET_KEY,
        { accountId, url: receiver.url, events: ['email.delivered'] },
        'bench',
        { allowedPrivateAddresses: ['127.0.0.1'] },
      );
    }
    const api = await startApi(env, logDir);
    processes.push(api.process);
    const worker = await startWorker(env, logDir);
    processes.push(worker);
    return { infra, env, senders, receiver, api, worker, ses: ses.process, logDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
