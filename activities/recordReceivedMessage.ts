import { recordReceived, type RecordResult } from '../core/inbound/recordReceived';
import type { ResolvedActivityDeps } from './deps';

/**
 * Ties a received message to the sent one it answers (and puts `replied` on that one's timeline),
 * marks it recorded, and returns the endpoints `email.received` goes to (core/inbound/recordReceived.ts).
 */
export function recordReceivedMessage(deps: ResolvedActivityDeps) {
  return async function recordReceivedMessage(input: { inboundId: string }): Promise<RecordResult> {
    return recordReceived(deps.db, input.inboundId);
  };
}
