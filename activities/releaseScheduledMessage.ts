import { releaseScheduledSend, type ReleaseResult } from '../core/sending/scheduledSends';
import type { ResolvedActivityDeps } from './deps';

/** A scheduled message's timer fired: it goes now, waits longer (moved), was cancelled, or a gate that runs again stops it. */
export function releaseScheduledMessage(deps: ResolvedActivityDeps) {
  return async function releaseScheduledMessage(input: { messageId: string }): Promise<ReleaseResult> {
    return releaseScheduledSend(deps.db, input.messageId);
  };
}
