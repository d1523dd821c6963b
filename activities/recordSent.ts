import { markLogRowSent } from '../core/sending/emailLog';
import type { ResolvedActivityDeps } from './deps';

/**
 * Test recipients: records the synthetic `service-test-…` provider id; nothing was transmitted.
 * Returns when it was recorded, the time the synthetic outcome takes (so `sent` never comes after
 * it in the timeline).
 */
export function recordSent(deps: ResolvedActivityDeps) {
  return async function recordSent(input: { messageId: string; providerMessageId: string }): Promise<{ sentAt: string | null }> {
    const sentAt = await markLogRowSent(deps.db, input.messageId, input.providerMessageId);
    return { sentAt: sentAt ? sentAt.toISOString() : null };
  };
}
