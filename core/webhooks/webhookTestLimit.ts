// Test events are outbound requests to a URL the customer chose, made at once on request: without
// a ceiling they would let any account use Postage to probe hosts. Counted per account, shared by
// every API process through Redis (rate-limiter-flexible, like the send limit), with a per-process
// memory fallback while Redis is away.
import type Redis from 'ioredis';
import { accountMinuteLimit, type AccountMinuteLimit } from '../platform/rateLimits';

/** Test events an account may send in a minute, over all its endpoints. */
export const WEBHOOK_TESTS_PER_MINUTE = 10;

/** Takes one test event from the account's allowance: undefined when it may go, else the seconds to wait. */
export type WebhookTestLimit = AccountMinuteLimit;

export function createWebhookTestLimit(redis: Redis, perMinute = WEBHOOK_TESTS_PER_MINUTE): WebhookTestLimit {
  return accountMinuteLimit(redis, 'webhook-test', perMinute);
}
