import { releaseScheduledSend, type ReleaseResult } from '../core/sending/scheduledSends';
import { loadStagedMessage } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** A scheduled message's timer fired: it goes now, waits longer (moved), was cancelled, or a gate that runs again stops it. */
export function releaseScheduledMessage(deps: ResolvedActivityDeps) {
  return async function releaseScheduledMessage(input: { messageId: string }): Promise<ReleaseResult> {
    // The unsubscribe topic lives only in the staged content: a recipient who left that topic
    // meanwhile stops the message too (docs/sending.md, "One-click unsubscribe"). A BYOC message has
    // no log row, so its recipient comes from the staged content as well; it stays in this activity
    // (the result names no address: docs/byoc.md).
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    const topic = staged?.content.unsubscribe?.topic;
    return releaseScheduledSend(deps.db, input.messageId, {
      secretKey: deps.config.secretKey,
      ...(topic !== undefined ? { topic } : {}),
      ...(staged?.mode === 'byoc' ? { byocRecipient: staged.content.to.address } : {}),
    });
  };
}
