// The worker process: `tsx worker/main.ts`.
import { NativeConnection } from '@temporalio/worker';
import { sharedSesClient, stsClient } from '../core/platform/awsClients';
import { ByocCredentialCache } from '../core/byoc/byocRole';
import { ConfigError, loadConfig } from '../core/platform/config';
import { createDb } from '../core/platform/db';
import { createLogger } from '../core/platform/logger';
import { connectTemporalClient } from '../core/platform/temporal';
import { createWorker } from './createWorker';
import { ensureRetentionSchedules } from './schedules';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'worker');
  const db = createDb(config.databaseUrl, { timeouts: config.db });
  const client = await connectTemporalClient(config);
  const schedules = await ensureRetentionSchedules(client, config);
  logger.info({ schedules }, 'retention schedules in place');
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await createWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    // BYOC sessions live in this process only (never in a database, a queue or history).
    deps: { config, db, sharedSes: sharedSesClient(config), logger, sts: stsClient(config), byocCredentials: new ByocCredentialCache() },
  });
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker started');
  await worker.run(); // resolves after SIGINT/SIGTERM once in-flight tasks finish
  await connection.close();
  await client.connection.close();
  await db.destroy();
}

main().catch((err: unknown) => {
  // A configuration problem is one readable line; anything else with its stack.
  console.error(err instanceof ConfigError ? `postage: ${err.message}` : err);
  process.exit(1);
});
