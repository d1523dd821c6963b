import { discardStagedAttachments as discard } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** Test recipients (docs/test-recipients.md): attachments were staged, now they are dropped unsent. */
export function discardStagedAttachments(deps: ResolvedActivityDeps) {
  return async function discardStagedAttachments(input: { messageId: string }): Promise<{ discarded: number }> {
    return { discarded: await discard(deps.db, input.messageId) };
  };
}
