import { releaseScheduledSend, type ReleaseResult } from '../core/sending/scheduledSends';
import { loadStagedMessage } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** A scheduled message's timer fired: it goes now, waits longer (moved), was cancelled, or a gate that runs again stops it. */
export function releaseScheduledMessage(deps: ResolvedActivityDeps) {
  return async function releaseScheduledMessage(input: { messageId: string }): Promise<ReleaseResult> {
    // The unsubscribe topic lives only in the staged content: a recipient who left that topic
    // meanwhile stops the message too (docs/sending.md, "One-click unsubscribe").
    const topic = (await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId))?.content.unsubscribe
      ?.topic;
    return releaseScheduledSend(deps.db, input.messageId, topic !== undefined ? { topic } : {});
  };
}
