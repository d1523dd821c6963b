// A reachable PostgreSQL: the one DATABASE_URL names, or a private instance under .tools.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { canConnect, requireToolPath, startProcess, waitFor, type ManagedProcess } from './processes';

export async function isPostgresReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// PostgreSQL refuses to run as root; when we are root, the server runs as the `postgres` user.
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export interface PrivatePostgres {
  process: ManagedProcess;
  /** Server URL without a database name. */
  serverUrl: string;
  port: number;
}

export async function startPrivatePostgres(opts: {
  dataDir: string;
  port: number;
  logFile: string;
  fast?: boolean;
}): Promise<PrivatePostgres> {
  const bin = requireToolPath('POSTAGE_PG_BIN');
  const user = serverUser();
  fs.mkdirSync(opts.dataDir, { recursive: true });
  if (user) fs.chownSync(opts.dataDir, user.uid, user.gid);
  fs.chmodSync(opts.dataDir, 0o700);
  if (!fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'))) {
    // Not blocking: the test stack starts its other processes meanwhile.
    await promisify(execFile)(
      path.join(bin, 'initdb'),
      ['-D', opts.dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
      user ?? {},
    );
  }
  const args = [
    '-D',
    opts.dataDir,
    '-p',
    String(opts.port),
    '-k',
    opts.dataDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
  ];
  if (opts.fast) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const proc = startProcess('postgres', path.join(bin, 'postgres'), args, {
    logFile: opts.logFile,
    stopSignal: 'SIGINT', // "fast" shutdown
    ...(user ?? {}),
  });
  const serverUrl = `postgres://postgres@127.0.0.1:${opts.port}`;
  await waitFor(
    'PostgreSQL',
    async () => (await canConnect(opts.port)) && isPostgresReachable(`${serverUrl}/postgres`),
    30_000,
    proc,
  );
  return { process: proc, serverUrl, port: opts.port };
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}
