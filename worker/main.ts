// The worker process: `tsx worker/main.ts`.
import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../core/config';
import { createDb } from '../core/db';
import { createLogger } from '../core/logger';
import { sharedSesClient } from '../core/ses';
import { createWorker } from './createWorker';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'worker');
  const db = createDb(config.databaseUrl);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await createWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    deps: { config, db, sharedSes: sharedSesClient(config), logger },
  });
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker started');
  await worker.run(); // resolves after SIGINT/SIGTERM once in-flight tasks finish
  await connection.close();
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
