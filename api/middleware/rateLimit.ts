// Spec 8: N requests per minute per API key (60 by default), shared by every API process through
// Redis. Runs after authentication and before the body is read. If Redis is unreachable the
// limit is kept per process in memory (see docs/decisions.md): sending stays available.
import type { NextFunction, Request, Response } from 'express';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { sendRateLimited } from '../http/errors';

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

export function rateLimit(deps: { redis: Redis; limitPerMinute: number; logger: Logger; onMemoryFallback?: () => void }) {
  const points = deps.limitPerMinute;
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: KEY_PREFIX,
    points,
    duration: WINDOW_SECONDS,
    // Fall back at once instead of waiting for ioredis to give up on a dead connection.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new MemoryFallback({ keyPrefix: KEY_PREFIX, points, duration: WINDOW_SECONDS }, () => deps.onMemoryFallback?.()),
  });
  let degraded = false;

  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = res.locals.apiKey!.lookupId;
    const redisReady = deps.redis.status === 'ready';
    if (redisReady === degraded) {
      degraded = !redisReady;
      if (degraded) deps.logger.warn({ rateLimiter: 'memory' }, 'Redis unavailable: rate limits are kept per process until it returns');
      else deps.logger.info({ rateLimiter: 'redis' }, 'Redis available again: rate limits are shared');
    }

    let result: RateLimiterRes;
    let limited = false;
    try {
      result = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      result = rejection;
      limited = true;
    }
    res.set({
      'X-RateLimit-Limit': String(points),
      'X-RateLimit-Remaining': String(result.remainingPoints),
      // Epoch seconds at which the current window ends (the convention GitHub's API uses).
      'X-RateLimit-Reset': String(Math.ceil((Date.now() + result.msBeforeNext) / 1000)),
    });
    if (limited) {
      res.set('Retry-After', String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))));
      res.locals.outcome = 'rate_limited';
      sendRateLimited(res, points);
      return;
    }
    next();
  };
}
