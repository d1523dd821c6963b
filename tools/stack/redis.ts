// A reachable Redis: the one REDIS_URL names, or a private redis-server under .tools.
import fs from 'node:fs';
import Redis from 'ioredis';
import { requireToolPath, startProcess, waitFor, type ManagedProcess } from './processes';

export async function isRedisReachable(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startPrivateRedis(opts: {
  dataDir: string;
  port: number;
  logFile: string;
  persistent: boolean;
}): Promise<{ process: ManagedProcess; url: string }> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const args = ['--port', String(opts.port), '--bind', '127.0.0.1', '--dir', opts.dataDir, '--save', ''];
  args.push('--appendonly', opts.persistent ? 'yes' : 'no');
  const proc = startProcess('redis', requireToolPath('POSTAGE_REDIS_SERVER'), args, { logFile: opts.logFile });
  const url = `redis://127.0.0.1:${opts.port}`;
  await waitFor('Redis', () => isRedisReachable(url), 20_000, proc);
  return { process: proc, url };
}
