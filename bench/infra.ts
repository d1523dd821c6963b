// The infrastructure a benchmark runs against: the servers DATABASE_URL / REDIS_URL /
// TEMPORAL_ADDRESS name when they are reachable, otherwise private ones started with
// tools/stack (state under .tools/bench, removed afterwards). Always a fresh, migrated database.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDb, migrateLatest, type Db } from '../core/platform/db';
import { isPostgresReachable, startPrivatePostgres } from '../tools/stack/postgres';
import { toolsDir } from '../core/platform/devEnvironment';
import { freePort, stopAll, type ManagedProcess } from '../tools/stack/processes';
import { isRedisReachable, startPrivateRedis } from '../tools/stack/redis';
import { isTemporalReachable, startTemporalDevServer } from '../tools/stack/temporal';
import { startTemporalServer } from './temporalServer';

export interface BenchInfra {
  databaseUrl: string;
  db: Db;
  redisUrl: string;
  temporalAddress: string;
  /**
   * The processes of the servers this run started (none for one named by DATABASE_URL, REDIS_URL
   * or TEMPORAL_ADDRESS), for counting their CPU exactly on a machine that runs others: the
   * postmasters (their backends are their children), Redis, Temporal, and with the `postgres`
   * store the Temporal server's own PostgreSQL.
   */
  pids: { postgres?: number; redis?: number; temporal?: number; temporalStore?: number };
  /** Where the infrastructure came from, for the printed report. */
  origin: { postgres: string; redis: string; temporal: string };
  /** The private servers' pids (none for a server the environment named), for their CPU. */
  runDir: string;
  stop(): Promise<void>;
}

function serverUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * How the private Temporal keeps its state: the dev server in memory (the default), or in a SQLite
 * file with or without the WAL pragmas `npm run dev` uses; or `postgres`, the Temporal server
 * itself on a PostgreSQL of its own with `temporalShards` history shards (bench/temporalServer.ts).
 */
export type BenchTemporalStore = 'memory' | 'sqlite-wal' | 'sqlite-default' | 'postgres';
export const BENCH_TEMPORAL_STORES: readonly BenchTemporalStore[] = [
  'memory',
  'sqlite-wal',
  'sqlite-default',
  'postgres',
];

/** startTemporalDevServer's options for a dev-server store: `dbFile` unless in memory. */
export function devServerStore(
  store: Exclude<BenchTemporalStore, 'postgres'>,
  dbFile: string,
): { dbFile?: string; sqlitePragmas?: boolean } {
  return store === 'memory' ? {} : { dbFile, sqlitePragmas: store === 'sqlite-wal' };
}

export async function startBenchInfra(
  say: (line: string) => void,
  opts: { temporalStore?: BenchTemporalStore; temporalShards?: number } = {},
): Promise<BenchInfra> {
  const started: ManagedProcess[] = [];
  fs.mkdirSync(path.join(toolsDir(), 'bench'), { recursive: true });
  const runDir = fs.mkdtempSync(path.join(toolsDir(), 'bench', 'run-'));
  fs.chmodSync(runDir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
  const logs = path.join(runDir, 'logs');
  const origin = { postgres: 'private', redis: 'private', temporal: 'private dev server' };
  const pids: BenchInfra['pids'] = {};
  try {
    let serverUrl: string;
    if (process.env.DATABASE_URL && (await isPostgresReachable(process.env.DATABASE_URL))) {
      serverUrl = serverUrlOf(process.env.DATABASE_URL);
      origin.postgres = 'DATABASE_URL';
    } else {
      say('starting a private PostgreSQL');
      const pg = await startPrivatePostgres({
        dataDir: path.join(runDir, 'pg'),
        port: await freePort(),
        logFile: path.join(logs, 'postgres.log'),
        fast: true,
      });
      started.push(pg.process);
      pids.postgres = pg.process.child.pid;
      serverUrl = pg.serverUrl;
    }
    const dbName = `postage_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
    const databaseUrl = `${serverUrl}/${dbName}`;
    const db = createDb(databaseUrl, { max: 20 });
    await migrateLatest(db);

    let redisUrl = process.env.REDIS_URL;
    if (redisUrl && (await isRedisReachable(redisUrl))) origin.redis = 'REDIS_URL';
    else {
      say('starting a private Redis');
      const redis = await startPrivateRedis({
        dataDir: path.join(runDir, 'redis'),
        port: await freePort(),
        logFile: path.join(logs, 'redis.log'),
        persistent: false,
      });
      started.push(redis.process);
      pids.redis = redis.process.child.pid;
      redisUrl = redis.url;
    }

    let temporalAddress = process.env.TEMPORAL_ADDRESS;
    if (temporalAddress && (await isTemporalReachable(temporalAddress))) origin.temporal = 'TEMPORAL_ADDRESS';
    else if (opts.temporalStore === 'postgres') {
      const shards = opts.temporalShards ?? 4;
      const server = await startTemporalServer(say, { dir: runDir, logDir: logs, shards });
      started.push({ ...server.process, stop: () => server.stop() });
      origin.temporal = `private Temporal server on its own PostgreSQL (${shards} history shards)`;
      temporalAddress = server.address;
      pids.temporal = server.process.child.pid;
      pids.temporalStore = server.storePid;
    } else {
      const store = opts.temporalStore ?? 'memory';
      say(`starting a private Temporal dev server (${store})`);
      const temporal = await startTemporalDevServer({
        port: await freePort(),
        logFile: path.join(logs, 'temporal.log'),
        ...devServerStore(store, path.join(runDir, 'temporal.sqlite')),
      });
      origin.temporal = `private dev server (${store})`;
      started.push(temporal.process);
      pids.temporal = temporal.process.child.pid;
      temporalAddress = temporal.address;
    }

    return {
      databaseUrl,
      db,
      redisUrl,
      temporalAddress,
      pids,
      origin,
      runDir,
      async stop() {
        await db.destroy();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
        await stopAll(started);
        if (!process.env.POSTAGE_KEEP_BENCH_RUN) fs.rmSync(runDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopAll(started);
    throw err;
  }
}
