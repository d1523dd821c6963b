// The Temporal client used by the API and the CLI.
import { Client, Connection, type ConnectionOptions } from '@temporalio/client';
import type { Config } from './config';

function connectionOptions(config: Config): ConnectionOptions {
  return { address: config.temporal.address, connectTimeout: 5000 };
}

/** Connected now, or throws: for the CLI, which has nothing to do without Temporal. */
export async function connectTemporalClient(config: Config): Promise<Client> {
  const connection = await Connection.connect(connectionOptions(config));
  return new Client({ connection, namespace: config.temporal.namespace });
}

/**
 * Connected on first use, and again by gRPC whenever Temporal comes back: the API starts and
 * serves everything that does not need Temporal (/api/me/, SNS confirmations) while it is down,
 * and answers sends with 502 queue_error meanwhile.
 */
export function lazyTemporalClient(config: Config): Client {
  return new Client({ connection: Connection.lazy(connectionOptions(config)), namespace: config.temporal.namespace });
}
