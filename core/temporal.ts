// The Temporal client used by the API and the CLI.
import { Client, Connection } from '@temporalio/client';
import type { Config } from './config';

export async function connectTemporalClient(config: Config): Promise<Client> {
  const connection = await Connection.connect({ address: config.temporal.address, connectTimeout: 5000 });
  return new Client({ connection, namespace: config.temporal.namespace });
}
