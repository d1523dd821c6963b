// Previews and test sends render on request, as often as asked: without a ceiling one account
// could keep the render threads busy with them. Counted per account, both together, shared by
// every API process through Redis (like the webhook test events), with a per-process memory
// fallback while Redis is away.
import type Redis from 'ioredis';
import { accountMinuteLimit, type AccountMinuteLimit } from '../platform/rateLimits';

/** Takes one preview or test send from the account's allowance: undefined when it may go, else the seconds to wait. */
export type TemplatePreviewLimit = AccountMinuteLimit;

export function createTemplatePreviewLimit(redis: Redis, perMinute: number): TemplatePreviewLimit {
  return accountMinuteLimit(redis, 'template-preview', perMinute);
}
