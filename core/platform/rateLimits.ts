// Limit windows kept in Redis and shared by every process (rate-limiter-flexible), with a
// per-process memory window while Redis is away, so a Redis outage never stops a request.
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export function redisLimiter(
  redis: Redis,
  keyPrefix: string,
  points: number,
  durationSeconds: number,
): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: durationSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds }),
  });
}

/** Whole seconds until a refused window frees a point (at least 1: the `Retry-After` value). */
export const secondsUntil = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Takes one point: undefined when it was there, else the seconds to wait. Throws when neither store answered. */
export async function takePoint(limiter: RateLimiterRedis, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return secondsUntil(rejection);
  }
}

/** Takes one point from an account's allowance: undefined when it may go, else the seconds to wait. */
export type AccountMinuteLimit = (accountId: string) => Promise<number | undefined>;

/** `perMinute` points a minute per account, in the window `postage:<name>:account` every process shares. */
export function accountMinuteLimit(redis: Redis, name: string, perMinute: number): AccountMinuteLimit {
  const limiter = redisLimiter(redis, `postage:${name}:account`, perMinute, 60);
  return (accountId) => takePoint(limiter, accountId);
}
