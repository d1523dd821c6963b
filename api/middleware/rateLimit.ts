// The rate limit (docs/errors-and-limits.md, "Rate-limit headers"): N requests per minute per API
// key (60 by default), shared by every API process (and the SMTP relay) through Redis
// (core/platform/sendRateLimit.ts). Runs after authentication and before the body is read.
import type { NextFunction, Request, Response } from 'express';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { sendRateLimiter } from '../../core/platform/sendRateLimit';
import { sendRateLimited } from '../http/errors';

export function rateLimit(deps: {
  redis: Redis;
  limitPerMinute: number;
  logger: Logger;
  onMemoryFallback?: () => void;
}) {
  const limiter = sendRateLimiter(deps);

  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    const result = await limiter.take(res.locals.apiKey!.lookupId);
    res.set({
      'X-RateLimit-Limit': String(result.points),
      'X-RateLimit-Remaining': String(result.remainingPoints),
      // Epoch seconds at which the current window ends (the convention GitHub's API uses).
      'X-RateLimit-Reset': String(Math.ceil((Date.now() + result.msBeforeNext) / 1000)),
    });
    if (result.limited) {
      res.set('Retry-After', String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))));
      res.locals.outcome = 'rate_limited';
      sendRateLimited(res, result.points);
      return;
    }
    next();
  };
}
