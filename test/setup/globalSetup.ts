// Starts the real infrastructure once per test run: PostgreSQL (DATABASE_URL's server when
// reachable, else a private one), Redis (likewise), a Temporal dev server, the SES emulator
// behind the recorder that keeps raw MIME (tools/stack/sesRecorder.ts) and plays SES's sending rate.
// Migrations go into a template database each test file clones. The workflow bundle is built
// once. Everything is handed to test files through environment variables.
import { bundleWorkflowCode } from '@temporalio/worker';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { WORKFLOWS_PATH } from '../../worker/createWorker';
import { isPostgresReachable, startPrivatePostgres } from '../../tools/stack/postgres';
import { toolsDir } from '../../core/platform/devEnvironment';
import { freePort, requireToolPath, type ManagedProcess } from '../../tools/stack/processes';
import { isRedisReachable, startPrivateRedis } from '../../tools/stack/redis';
import type { SesRecorder } from '../../tools/stack/sesRecorder';
import { startThrottledSes } from '../../tools/stack/throttledSes';
import { startTemporalDevServer } from '../../tools/stack/temporal';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '..', '..');
export const TEMPLATE_DB = 'postage_test_template';
/**
 * The shared SES's sending rate: far above what the suite sends, so no test written for an
 * unthrottled SES meets a refusal. A test that wants SES's real pace starts its own
 * (tools/stack/throttledSes.ts).
 */
export const TEST_SES_SEND_RATE = 1000;

declare global {
  var __POSTAGE_TEST_PROCESSES__: ManagedProcess[] | undefined;
  var __POSTAGE_TEST_SES_RECORDER__: SesRecorder | undefined;
}

function serverUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
}

/** PostgreSQL (DATABASE_URL's server when reachable, else a private one), with the migrated template. */
async function startPostgres(runDir: string, started: ManagedProcess[]): Promise<string> {
  let pgServerUrl: string;
  if (process.env.DATABASE_URL && (await isPostgresReachable(process.env.DATABASE_URL))) {
    pgServerUrl = serverUrlOf(process.env.DATABASE_URL);
  } else {
    const pg = await startPrivatePostgres({
      dataDir: path.join(runDir, 'pg'),
      port: await freePort(),
      logFile: path.join(runDir, 'logs', 'postgres.log'),
      fast: true,
    });
    started.push(pg.process);
    pgServerUrl = pg.serverUrl;
  }
  const admin = new Client({ connectionString: `${pgServerUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  // knex loads TypeScript migrations; run them the way `npm run migrate` does.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', 'migrate.ts')], {
    env: { ...process.env, DATABASE_URL: `${pgServerUrl}/${TEMPLATE_DB}` },
  });
  return pgServerUrl;
}

async function startRedis(runDir: string, started: ManagedProcess[]): Promise<string> {
  if (process.env.REDIS_URL && (await isRedisReachable(process.env.REDIS_URL))) return process.env.REDIS_URL;
  const redis = await startPrivateRedis({
    dataDir: path.join(runDir, 'redis'),
    port: await freePort(),
    logFile: path.join(runDir, 'logs', 'redis.log'),
    persistent: false,
  });
  started.push(redis.process);
  return redis.url;
}

async function buildWorkflowBundle(runDir: string): Promise<string> {
  const bundle = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} },
  });
  const bundlePath = path.join(runDir, 'workflow-bundle.js');
  fs.writeFileSync(bundlePath, bundle.code);
  return bundlePath;
}

/**
 * Each part waits mostly for a process to come up, so all start at once: the processes first
 * (PostgreSQL's initdb blocks this thread for a moment), the bundle's CPU work meanwhile. A part
 * that fails is reported once the others have settled, so every process started is in the list
 * the teardown stops.
 */
async function allStarted<T extends unknown[]>(parts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as T;
}

export default async function globalSetup(): Promise<void> {
  const started: ManagedProcess[] = [];
  globalThis.__POSTAGE_TEST_PROCESSES__ = started;
  fs.mkdirSync(path.join(toolsDir(), 'test-runs'), { recursive: true });
  const runDir = fs.mkdtempSync(path.join(toolsDir(), 'test-runs', 'run-'));
  fs.chmodSync(runDir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
  const logs = path.join(runDir, 'logs');

  const temporalStart = freePort().then((port) =>
    startTemporalDevServer({ port, logFile: path.join(logs, 'temporal.log') }).then((temporal) => {
      started.push(temporal.process);
      return temporal;
    }),
  );
  // The service talks to SES through the recorder, which keeps each message's raw MIME
  // (test/helpers/sesRaw.ts reads it); everything else reaches the emulator unchanged.
  const sesStart = startThrottledSes({
    rate: TEST_SES_SEND_RATE,
    logFile: path.join(logs, 'ses-emulator.log'),
  }).then((ses) => {
    started.push(ses.emulator);
    globalThis.__POSTAGE_TEST_SES_RECORDER__ = ses.recorder;
    return ses;
  });
  const [temporal, ses, redisUrl, pgServerUrl, bundlePath] = await allStarted([
    temporalStart,
    sesStart,
    startRedis(runDir, started),
    startPostgres(runDir, started),
    buildWorkflowBundle(runDir),
  ]);

  Object.assign(process.env, {
    NODE_ENV: 'test',
    POSTAGE_TEST_RUN_DIR: runDir,
    POSTAGE_TEST_PG_SERVER_URL: pgServerUrl,
    POSTAGE_TEST_TEMPLATE_DB: TEMPLATE_DB,
    POSTAGE_TEST_REDIS_URL: redisUrl,
    POSTAGE_TEST_TEMPORAL_ADDRESS: temporal.address,
    POSTAGE_TEST_SES_ENDPOINT: ses.recorder.endpoint,
    POSTAGE_TEST_WORKFLOW_BUNDLE: bundlePath,
    POSTAGE_TEMPORAL_TEST_SERVER: requireToolPath('POSTAGE_TEMPORAL_TEST_SERVER'),
  });
}
