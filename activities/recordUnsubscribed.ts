import { recordUnsubscribed as recordUnsubscribedEvent } from '../core/sending/emailTimeline';
import type { ResolvedActivityDeps } from './deps';

/** The `unsubscribed` timeline event of a shared message whose log row still exists (docs/sending.md, "One-click unsubscribe"). */
export function recordUnsubscribed(deps: ResolvedActivityDeps) {
  return async function recordUnsubscribed(input: {
    messageId: string;
    topic: string | null;
    at: string;
  }): Promise<{ recorded: boolean }> {
    return { recorded: await recordUnsubscribedEvent(deps.db, input) };
  };
}
