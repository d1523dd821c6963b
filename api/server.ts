// The API process: `tsx api/server.ts`.
import Redis from 'ioredis';
import { loadConfig } from '../core/config';
import { createDb } from '../core/db';
import { createLogger } from '../core/logger';
import { connectTemporalClient } from '../core/temporal';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'api');
  const db = createDb(config.databaseUrl, { max: 20 });
  // Redis only holds rate-limit windows: fail fast while it is down (the limiter then keeps the
  // limit per process) and reconnect in the background.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined); // reconnects on its own; the rate limiter logs the outage once
  const temporal = await connectTemporalClient(config);
  const app = createApp({ config, db, redis, temporal, logger });
  const server = app.listen(config.api.port, () => logger.info({ port: config.api.port }, 'API listening'));
  const shutdown = () => {
    server.close(async () => {
      await Promise.allSettled([db.destroy(), redis.quit(), temporal.connection.close()]);
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
