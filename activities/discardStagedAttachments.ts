import { discardStagedAttachments as discard } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** Test recipients (spec 4.1 rule 7): attachments were staged, now they are dropped unsent. */
export function discardStagedAttachments(deps: ResolvedActivityDeps) {
  return async function discardStagedAttachments(input: { messageId: string }): Promise<{ discarded: number }> {
    return { discarded: await discard(deps.db, input.messageId) };
  };
}
