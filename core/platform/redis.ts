// The Redis connection of an API process. Redis only holds rate-limit windows, so it must never
// hold a request: commands fail fast while it is down or stalled (the limiter then keeps the limit
// per process, api/middleware/rateLimit.ts), and the client reconnects in the background.
import Redis from 'ioredis';
import type { Config } from './config';

export function createRedis(config: Pick<Config, 'redisUrl' | 'redis'>): Redis {
  const redis = new Redis(config.redisUrl, {
    connectTimeout: config.redis.connectTimeoutMs,
    // A stalled server (CLIENT PAUSE, a hung host) answers nothing and raises no error: without a
    // command deadline the request would wait for it.
    commandTimeout: config.redis.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined); // reconnects on its own; the rate limiter reports the outage
  return redis;
}
