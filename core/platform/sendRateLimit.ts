// docs/errors-and-limits.md, "Rate-limit headers": N sends per minute per API key (60 by default),
// one budget per key shared by every process that sends (the API's /api/send/ routes and the SMTP
// relay) through Redis, under one key prefix. If Redis is unreachable the limit is kept per process
// in memory (see docs/decisions.md): sending stays available.
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

const WINDOW_SECONDS = 60;
const KEY_PREFIX = 'postage:rate:send';

/** The in-memory limiter that answers when Redis fails or is too slow; it reports each time it does. */
class MemoryFallback extends RateLimiterMemory {
  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(opts);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): ReturnType<RateLimiterMemory['consume']> {
    this.onUse();
    return super.consume(...args);
  }
}

export interface SendRateDecision {
  limited: boolean;
  /** The limit per window. */
  points: number;
  remainingPoints: number;
  msBeforeNext: number;
}

/** `take(lookupId)` spends one point of the key's budget and says whether it was there. */
export function sendRateLimiter(deps: {
  redis: Redis;
  limitPerMinute: number;
  logger: Logger;
  onMemoryFallback?: () => void;
}): { take(keyLookupId: string): Promise<SendRateDecision> } {
  const points = deps.limitPerMinute;
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: KEY_PREFIX,
    points,
    duration: WINDOW_SECONDS,
    // Fall back at once instead of waiting for ioredis to give up on a dead connection.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new MemoryFallback({ keyPrefix: KEY_PREFIX, points, duration: WINDOW_SECONDS }, () =>
      deps.onMemoryFallback?.(),
    ),
  });
  let degraded = false;

  return {
    async take(keyLookupId) {
      const redisReady = deps.redis.status === 'ready';
      if (redisReady === degraded) {
        degraded = !redisReady;
        if (degraded)
          deps.logger.warn(
            { rateLimiter: 'memory' },
            'Redis unavailable: rate limits are kept per process until it returns',
          );
        else deps.logger.info({ rateLimiter: 'redis' }, 'Redis available again: rate limits are shared');
      }
      try {
        const result = await limiter.consume(keyLookupId);
        return { limited: false, points, remainingPoints: result.remainingPoints, msBeforeNext: result.msBeforeNext };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return {
          limited: true,
          points,
          remainingPoints: rejection.remainingPoints,
          msBeforeNext: rejection.msBeforeNext,
        };
      }
    },
  };
}
