// The API process: `tsx api/server.ts`.
import { tracing } from './tracing'; // first: traces patch the modules below as they load
import { loadConfig } from '../core/platform/config';
import { runMain, stopOnSignals } from '../core/platform/stopOnSignals';
import { createDb } from '../core/platform/db';
import { createLogger } from '../core/platform/logger';
import { createRedis } from '../core/platform/redis';
import { lazyTemporalClient } from '../core/platform/temporal';
import { createApp } from './app';
import { endEventStreams } from './routes/eventStream';
import { ApiKeyCache } from '../core/accounts/apiKeyCache';
import type { ApiKeyRow } from '../core/accounts/apiKeys';
import { armKillPoints } from '../core/platform/killPoints';
import { closeTemplateRendering } from '../core/templates/renderPool';
import { logTracing } from '../core/platform/tracing';

async function main(): Promise<void> {
  const config = loadConfig('api');
  armKillPoints(); // test-only; refused in production
  const logger = createLogger(config.logLevel, 'api');
  logTracing(tracing, config, logger);
  const db = createDb(config.databaseUrl, { max: config.db.poolMax, timeouts: config.db });
  const redis = createRedis(config);
  const temporal = lazyTemporalClient(config);
  // Only to tell the operator at start-up; sends find out on their own (502 queue_error).
  temporal.connection.ensureConnected().then(
    () => logger.info({ temporal: config.temporal.address }, 'Temporal reachable'),
    (err: unknown) =>
      logger.warn(
        { temporal: config.temporal.address, err },
        'Temporal unreachable: sends answer 502 queue_error until it is back',
      ),
  );
  const apiKeys = new ApiKeyCache<ApiKeyRow>({
    databaseUrl: config.databaseUrl,
    logger,
    connectTimeoutMs: config.db.connectMs,
  });
  await apiKeys.start(); // without the database it keeps trying in the background, unused meanwhile
  const app = createApp({ config, db, redis, temporal, logger, apiKeys });
  const server = app.listen(config.api.port, () => logger.info({ port: config.api.port }, 'API listening'));
  // SIGTERM: take no new connections, let the requests in flight finish (their transactions and
  // workflow starts included), then close the stores. A request still running after
  // SHUTDOWN_TIMEOUT_MS is cut off: its client retries, safely with an idempotency key.
  stopOnSignals({
    name: 'API',
    inFlight: 'requests in flight',
    logger,
    exitAfterMs: config.ops.shutdownTimeoutMs,
    drain: () =>
      new Promise<void>((resolve) => {
        endEventStreams(); // a live events stream never ends on its own
        server.close(() => resolve());
        server.closeIdleConnections(); // keep-alive connections with no request would hold close() open
      }),
    close: () => [apiKeys.close(), db.destroy(), redis.quit(), temporal.connection.close(), closeTemplateRendering()],
    tracing,
  });
}

runMain(main);
