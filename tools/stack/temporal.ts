// The Temporal CLI dev server, with Postage's search attributes registered.
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTE_DEFINITIONS } from '../../workflows/searchAttributes';
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
  logFile: string;
  namespace?: string;
}): Promise<{ process: ManagedProcess; address: string }> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(opts.port), '--log-level', 'warn'];
  args.push('--namespace', opts.namespace ?? 'default');
  if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
  else args.push('--headless');
  if (opts.dbFile) args.push('--db-filename', opts.dbFile);
  for (const [name, type] of SEARCH_ATTRIBUTE_DEFINITIONS) args.push('--search-attribute', `${name}=${type}`);
  const proc = startProcess('temporal', requireToolPath('POSTAGE_TEMPORAL_CLI'), args, { logFile: opts.logFile, stopSignal: 'SIGINT' });
  const address = `127.0.0.1:${opts.port}`;
  await waitFor('the Temporal dev server', () => isTemporalReachable(address, opts.namespace), 60_000, proc);
  return { process: proc, address };
}
