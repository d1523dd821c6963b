// Previews and test sends render on request, as often as asked: without a ceiling one account
// could keep the render threads busy with them. Counted per account, both together, shared by
// every API process through Redis (like the webhook test events), with a per-process memory
// fallback while Redis is away.
import type Redis from 'ioredis';
import { redisLimiter, takePoint } from '../platform/rateLimits';

/** Takes one preview or test send from the account's allowance: undefined when it may go, else the seconds to wait. */
export type TemplatePreviewLimit = (accountId: string) => Promise<number | undefined>;

export function createTemplatePreviewLimit(redis: Redis, perMinute: number): TemplatePreviewLimit {
  const limiter = redisLimiter(redis, 'postage:template-preview:account', perMinute, 60);
  return (accountId) => takePoint(limiter, accountId);
}
