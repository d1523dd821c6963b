import { markByocUnusable as markUnusable } from '../core/byoc/byocConfig';
import type { ResolvedActivityDeps } from './deps';

/** The role or the customer's SES refused us: the API answers 503 byoc_not_configured until revalidated. */
export function markByocUnusable(deps: ResolvedActivityDeps) {
  return async function markByocUnusable(input: { accountId: string; reason: string }): Promise<void> {
    await markUnusable(deps.db, input.accountId, input.reason);
    deps.logger.warn({ accountId: input.accountId, reason: input.reason }, 'BYOC configuration marked unusable');
  };
}
