// The service as tests drive it: a fresh database, the API listening on a free port and a
// worker on its own task queue, both in this process, against the run's real infrastructure.
import { ApiKeyCache } from '../../core/accounts/apiKeyCache';
import type { ApiKeyRow } from '../../core/accounts/apiKeys';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import type Redis from 'ioredis';
import type { DestinationStream } from 'pino';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from '../../api/app';
import { endEventStreams } from '../../api/routes/eventStream';
import type { Config } from '../../core/platform/config';
import type { Db } from '../../core/platform/db';
import { createLogger } from '../../core/platform/logger';
import { sesPacerFor } from '../../core/sending/sesPacing';
import { createRedis } from '../../core/platform/redis';
import { sharedSesClient } from '../../core/platform/awsClients';
import { closeTemplateRendering } from '../../core/templates/renderPool';
import { createWorker } from '../../worker/createWorker';
import { testConfig } from './config';
import { createTestDatabase, type TestDatabase } from './database';
import { testInfra } from './env';

export interface ServiceStack {
  config: Config;
  db: Db;
  database: TestDatabase;
  redis: Redis;
  temporal: Client;
  baseUrl: string;
  worker?: Worker;
  stop(): Promise<void>;
}

export async function startServiceStack(
  opts: {
    env?: Record<string, string>;
    worker?: boolean;
    /** where the API and worker log (default: per LOG_LEVEL to stdout) */ logDestination?: DestinationStream;
    /** The API's port (default: any free one); for a BASE_URL that must name it (passkeys' origin). */
    port?: number;
  } = {},
): Promise<ServiceStack> {
  const infra = testInfra();
  const database = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: database.url, ...opts.env });
  const logger = opts.logDestination
    ? createLogger('info', 'test', opts.logDestination)
    : createLogger(config.logLevel, 'test');
  const redis = createRedis(config);
  const connection = await Connection.connect({ address: config.temporal.address });
  const temporal = new Client({ connection, namespace: config.temporal.namespace });

  let worker: Worker | undefined;
  let workerRun: Promise<void> | undefined;
  let nativeConnection: NativeConnection | undefined;
  if (opts.worker !== false) {
    nativeConnection = await NativeConnection.connect({ address: infra.temporalAddress });
    worker = await createWorker({
      connection: nativeConnection,
      namespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      deps: {
        config,
        db: database.db,
        sharedSes: sharedSesClient(config),
        logger,
        pacer: sesPacerFor(redis, config),
        redis,
      },
      workflowBundlePath: infra.workflowBundlePath,
    });
    workerRun = worker.run();
  }

  // As api/server.ts: the send routes authenticate through the key cache.
  const apiKeys = new ApiKeyCache<ApiKeyRow>({ databaseUrl: database.url, logger });
  await apiKeys.start();
  const app = createApp({ config, db: database.db, redis, temporal, logger, apiKeys });
  const { server, baseUrl } = await listenLocally(app, opts.port);

  return {
    config,
    db: database.db,
    database,
    redis,
    temporal,
    baseUrl,
    ...(worker ? { worker } : {}),
    async stop() {
      endEventStreams(); // as api/server.ts: an open stream would hold close() for ever
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await apiKeys.close();
      if (worker) {
        worker.shutdown();
        await workerRun;
      }
      await nativeConnection?.close();
      await connection.close();
      redis.disconnect();
      await closeTemplateRendering(); // its threads would outlive this test file's modules
      await database.drop();
    },
  };
}

/** An app listening on a free loopback port, and its address. */
export async function listenLocally(app: Express, port = 0): Promise<{ server: Server; baseUrl: string }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
