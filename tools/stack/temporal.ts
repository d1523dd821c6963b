// The Temporal CLI dev server, with Postage's search attributes registered.
import { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { Config } from '../../core/platform/config';
import { SEARCH_ATTRIBUTE_DEFINITIONS } from '../../core/model/searchAttributes';
import { requireToolPath, startProcess, waitFor, type ManagedProcess } from './processes';

export async function isTemporalReachable(address: string, namespace = 'default'): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 2000 });
    await connection.workflowService.describeNamespace({ namespace });
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

export async function startTemporalDevServer(opts: {
  port: number;
  uiPort?: number;
  dbFile?: string;
  /** With dbFile: SQLite in WAL mode without a sync per write (default true; false: SQLite's defaults, for comparison). */
  sqlitePragmas?: boolean;
  logFile: string;
  namespace?: string;
  /** Dynamic config the server reads at start (`--dynamic-config-value KEY=JSON_VALUE`). */
  dynamicConfig?: Record<string, string>;
}): Promise<{ process: ManagedProcess; address: string }> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(opts.port), '--log-level', 'warn'];
  args.push('--namespace', opts.namespace ?? 'default');
  if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
  else args.push('--headless');
  if (opts.dbFile) {
    // Durable across a crash of the process but not fsync'd on every write: SQLite's default
    // rollback journal made the dev server the pipeline's bottleneck (bench/README.md, "Temporal's
    // SQLite"). WAL with synchronous=normal loses at most the last transactions on a power cut.
    args.push('--db-filename', opts.dbFile);
    if (opts.sqlitePragmas !== false)
      args.push('--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal');
  }
  for (const [name, type] of SEARCH_ATTRIBUTE_DEFINITIONS) args.push('--search-attribute', `${name}=${type}`);
  for (const [key, value] of Object.entries(opts.dynamicConfig ?? {}))
    args.push('--dynamic-config-value', `${key}=${value}`);
  const proc = startProcess('temporal', requireToolPath('POSTAGE_TEMPORAL_CLI'), args, {
    logFile: opts.logFile,
    stopSignal: 'SIGINT',
  });
  const address = `127.0.0.1:${opts.port}`;
  await waitFor('the Temporal dev server', () => isTemporalReachable(address, opts.namespace), 60_000, proc);
  return { process: proc, address };
}

/**
 * True once a worker polls the configured task queue for workflow tasks. Temporal remembers
 * pollers for a few minutes, so only polls at or after `since` count (a restart must not see the
 * previous run's worker).
 */
export async function hasWorkflowPoller(config: Pick<Config, 'temporal'>, since: Date): Promise<boolean> {
  const connection = await Connection.connect({ address: config.temporal.address, connectTimeout: 2000 });
  try {
    const response = await connection.workflowService.describeTaskQueue({
      namespace: config.temporal.namespace,
      taskQueue: { name: config.temporal.taskQueue },
      taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    return (response.pollers ?? []).some((p) => {
      const seconds = Number(p.lastAccessTime?.seconds ?? 0);
      return seconds * 1000 + Math.floor((p.lastAccessTime?.nanos ?? 0) / 1e6) >= since.getTime() - 1000;
    });
  } finally {
    await connection.close();
  }
}
