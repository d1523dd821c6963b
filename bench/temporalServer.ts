// Bench only: the Temporal server itself (not the CLI's dev server) on PostgreSQL persistence, as a
// production cluster runs it, with all four services (frontend, history, matching, worker) in one
// process. Its store is a private PostgreSQL of its own, so that its CPU can be told apart from
// Postage's database; the schemas are set up and updated by Temporal's SQL tool, and the namespace
// gets Postage's search attributes as the dev server does (tools/stack/temporal.ts).
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { SEARCH_ATTRIBUTE_DEFINITIONS } from '../core/model/searchAttributes';
import { startPrivatePostgres } from '../tools/stack/postgres';
import { freePort, isPortFree, startProcess, stopAll, waitFor, type ManagedProcess } from '../tools/stack/processes';
import { isTemporalReachable } from '../tools/stack/temporal';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const NAMESPACE = 'default';
const INDEXED_VALUE_TYPES: Record<string, temporal.api.enums.v1.IndexedValueType> = {
  Keyword: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
};

/** The server and its tools, built on first use by tools/ensure-temporal-server.sh (minutes, once). */
async function ensureServerTools(say: (line: string) => void): Promise<Record<string, string>> {
  say('building or finding the Temporal server (tools/ensure-temporal-server.sh; minutes on first use)');
  const { stdout } = await run('bash', [path.join(ROOT, 'tools', 'ensure-temporal-server.sh')], {
    cwd: ROOT,
    timeout: 30 * 60_000, // a go install on an empty Go cache
    maxBuffer: 1 << 20,
  });
  return Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * A free port below 32768: Temporal's cluster_membership table keeps a service's membership port
 * as a PostgreSQL smallint, and the kernel hands out ephemeral ports above that.
 */
async function freeLowPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!taken.has(port) && (await isPortFree(port))) {
      taken.add(port);
      return port;
    }
  }
}

/** Runs `fn` on a fresh connection to `address`, its calls with a 10 s deadline. */
async function withConnection<T>(address: string, fn: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    return await connection.withDeadline(Date.now() + 10_000, () => fn(connection));
  } finally {
    await connection.close();
  }
}

export interface TemporalServer {
  address: string;
  /** The server's process (command `temporal-server`). */
  process: ManagedProcess;
  /** The postmaster of its PostgreSQL: its backends are this pid's children. */
  storePid: number | undefined;
  stop(): Promise<void>;
}

export async function startTemporalServer(
  say: (line: string) => void,
  opts: { dir: string; logDir: string; shards: number },
): Promise<TemporalServer> {
  const tools = await ensureServerTools(say);
  const [server, sqlTool, schema] = [
    tools.POSTAGE_TEMPORAL_SERVER,
    tools.POSTAGE_TEMPORAL_SQL_TOOL,
    tools.POSTAGE_TEMPORAL_PG_SCHEMA,
  ];
  if (!server || !sqlTool || !schema) throw new Error('tools/ensure-temporal-server.sh printed no paths');
  const started: ManagedProcess[] = [];
  const t0 = performance.now();
  try {
    say(`starting a private PostgreSQL for the Temporal server's store`);
    const pg = await startPrivatePostgres({
      dataDir: path.join(opts.dir, 'temporal-pg'),
      port: await freePort(),
      logFile: path.join(opts.logDir, 'temporal-postgres.log'),
      fast: true, // as the bench's own PostgreSQL: no fsync (bench/README.md)
    });
    started.push(pg.process);

    // The SQL tool's documented steps: create each database, set up the base schema, update to the latest version.
    const sql = (db: string, ...args: string[]) =>
      run(
        sqlTool,
        ['--plugin', 'postgres12', '--ep', '127.0.0.1', '-p', String(pg.port), '-u', 'postgres', '--db', db, ...args],
        { timeout: 120_000 },
      );
    for (const [db, folder] of [
      ['temporal', 'temporal'],
      ['temporal_visibility', 'visibility'],
    ] as const) {
      await sql(db, 'create-database');
      await sql(db, 'setup-schema', '-v', '0.0');
      await sql(db, 'update-schema', '-d', path.join(schema, folder, 'versioned'));
    }

    // Every port below 32768 (freeLowPort), one after another so that none is handed out twice.
    const taken = new Set<number>();
    const ports: Record<string, number> = {};
    for (const name of [
      'grpc',
      'http',
      'frontendMembership',
      'history',
      'historyMembership',
      'matching',
      'matchingMembership',
      'worker',
      'workerMembership',
    ])
      ports[name] = await freeLowPort(taken);
    const address = `127.0.0.1:${ports.grpc}`;
    const store = (databaseName: string, maxConns: number) => ({
      sql: {
        pluginName: 'postgres12',
        databaseName,
        connectAddr: `127.0.0.1:${pg.port}`,
        connectProtocol: 'tcp',
        user: 'postgres',
        password: '',
        maxConns,
        maxIdleConns: maxConns,
        maxConnLifetime: '1h',
      },
    });
    const rpc = (grpcPort: number, membershipPort: number, httpPort?: number) => ({
      rpc: { grpcPort, membershipPort, bindOnLocalHost: true, ...(httpPort ? { httpPort } : {}) },
    });
    // Temporal's config/development-postgres12.yaml, less metrics, pprof and archival; no dynamic
    // config file, so every setting is the server's production default. JSON is YAML.
    const config = {
      log: { stdout: true, level: 'warn' },
      persistence: {
        defaultStore: 'postgres-default',
        visibilityStore: 'postgres-visibility',
        numHistoryShards: opts.shards,
        datastores: {
          'postgres-default': store('temporal', 20),
          'postgres-visibility': store('temporal_visibility', 10),
        },
      },
      global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
      services: {
        frontend: rpc(ports.grpc!, ports.frontendMembership!, ports.http),
        history: rpc(ports.history!, ports.historyMembership!),
        matching: rpc(ports.matching!, ports.matchingMembership!),
        worker: rpc(ports.worker!, ports.workerMembership!),
      },
      clusterMetadata: {
        enableGlobalNamespace: false,
        failoverVersionIncrement: 10,
        masterClusterName: 'active',
        currentClusterName: 'active',
        clusterInformation: {
          active: {
            enabled: true,
            initialFailoverVersion: 1,
            rpcName: 'frontend',
            rpcAddress: address,
            httpAddress: `127.0.0.1:${ports.http}`,
          },
        },
      },
      dcRedirectionPolicy: { policy: 'noop' },
      archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } },
      namespaceDefaults: { archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } } },
      publicClient: { hostPort: address },
    };
    const configDir = path.join(opts.dir, 'temporal-config');
    fs.mkdirSync(configDir, { recursive: true });
    fs.writeFileSync(path.join(configDir, 'development.yaml'), JSON.stringify(config, null, 2));
    const startServer = async () => {
      const proc = startProcess(
        'temporal-server',
        server,
        ['--root', opts.dir, '--config', 'temporal-config', '--env', 'development', '--allow-no-auth', 'start'],
        { logFile: path.join(opts.logDir, 'temporal.log'), stopSignal: 'SIGTERM' },
      );
      await waitFor(
        'the Temporal server',
        () => withConnection(address, async (c) => Boolean(await c.workflowService.getSystemInfo({}))),
        120_000,
        proc,
      );
      return proc;
    };

    const schemaSeconds = (performance.now() - t0) / 1000;
    say(`starting the Temporal server (${opts.shards} history shards) to register its namespace`);
    const first = await startServer();
    started.push(first);
    await withConnection(address, async (connection) => {
      await connection.workflowService.registerNamespace({
        namespace: NAMESPACE,
        workflowExecutionRetentionPeriod: msToTs('1 day'), // the dev server's retention
      });
      await connection.operatorService.addSearchAttributes({
        namespace: NAMESPACE,
        searchAttributes: Object.fromEntries(
          SEARCH_ATTRIBUTE_DEFINITIONS.map(([name, type]) => {
            const indexed = INDEXED_VALUE_TYPES[type];
            if (indexed === undefined) throw new Error(`no IndexedValueType for search attribute type ${type}`);
            return [name, indexed];
          }),
        ),
      });
    });
    // Every service caches namespaces and search attributes (up to a minute): a restart reads
    // them afresh, where the dev server forces a read of the search attributes on every use.
    await first.stop();
    started.pop();
    say('restarting the Temporal server with its namespace in place');
    const proc = await startServer();
    started.push(proc);
    await waitFor(
      "the Temporal server's namespace and search attributes",
      async () => {
        if (!(await isTemporalReachable(address, NAMESPACE))) return false;
        const { customAttributes } = await withConnection(address, (c) =>
          c.operatorService.listSearchAttributes({ namespace: NAMESPACE }),
        );
        return SEARCH_ATTRIBUTE_DEFINITIONS.every(([name]) => customAttributes?.[name] !== undefined);
      },
      60_000,
      proc,
    );
    say(
      `the Temporal server is ready after ${((performance.now() - t0) / 1000).toFixed(1)} s (its PostgreSQL and schemas: ${schemaSeconds.toFixed(1)} s)`,
    );
    return {
      address,
      process: proc,
      storePid: pg.process.child.pid,
      stop: () => stopAll(started),
    };
  } catch (err) {
    await stopAll(started);
    throw err;
  }
}
