// What the benchmarks share: seeded senders (Growth-like accounts with verified shared domains and
// keys) and the service's processes started as a deployment runs them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createAccount } from '../core/accounts/accounts';
import { createApiKey } from '../core/accounts/apiKeys';
import { setPlan } from '../core/accounts/plans';
import type { Db } from '../core/platform/db';
import { addDomain, markDomainVerified } from '../core/domains/domains';
import { freePort, startProcess, waitFor, type ManagedProcess } from '../tools/stack/processes';
import type { BenchInfra } from './infra';

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
    const account = await createAccount(db, { email: `bench-${tag}@example.com`, plan: 'bench', verified: true }, 'bench');
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

export async function startApi(env: Record<string, string>, logDir: string): Promise<{ process: ManagedProcess; baseUrl: string }> {
  const port = await freePort();
  const proc = startProcess('api', process.execPath, [...profilingArgs('API'), '--import', 'tsx', path.join(ROOT, 'api', 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, API_PORT: String(port) },
    logFile: path.join(logDir, 'api.log'),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor('the API', async () => (await fetch(`${baseUrl}/healthz`)).ok, 60_000, proc);
  return { process: proc, baseUrl };
}

export async function startWorker(env: Record<string, string>, logDir: string): Promise<ManagedProcess> {
  const healthPort = await freePort();
  const proc = startProcess('worker', process.execPath, [...profilingArgs('WORKER'), '--import', 'tsx', path.join(ROOT, 'worker', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, WORKER_HEALTH_PORT: String(healthPort) },
    logFile: path.join(logDir, 'worker.log'),
  });
  await waitFor('the worker', async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok, 120_000, proc);
  return proc;
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function residentMiB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** CPU seconds used so far by each component: named processes by pid, the rest by command name. */
export function cpuSeconds(named: Record<string, number | undefined>, byCommand: Record<string, string>): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const totals = new Map<string, number>();
  const namedPids = new Map(Object.entries(named).flatMap(([label, pid]) => (pid === undefined ? [] : [[pid, label] as const])));
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
    const label = namedPids.get(Number(entry)) ?? byCommand[command];
    if (!label) continue;
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticks; // utime + stime
    totals.set(label, (totals.get(label) ?? 0) + seconds);
  }
  return totals;
}
