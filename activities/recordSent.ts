import { markLogRowSent } from '../core/sending/emailLog';
import { discardStagedAttachments } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/**
 * Test recipients: records the synthetic `service-test-…` provider id; nothing was transmitted.
 * Returns when it was recorded, the time the synthetic outcome takes (so `sent` never comes after
 * it in the timeline).
 */
export function recordSent(deps: ResolvedActivityDeps) {
  return async function recordSent(input: {
    messageId: string;
    providerMessageId: string;
    discardAttachments?: true;
  }): Promise<{ sentAt: string | null }> {
    // `discardAttachments`: the test send's two steps in one (its staged attachments are dropped unsent).
    const [sentAt] = await Promise.all([
      markLogRowSent(deps.db, input.messageId, input.providerMessageId),
      input.discardAttachments && discardStagedAttachments(deps.db, input.messageId),
    ]);
    return { sentAt: sentAt ? sentAt.toISOString() : null };
  };
}
