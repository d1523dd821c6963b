import { recordReceived, type RecordResult } from '../core/inbound/recordReceived';
import type { ResolvedActivityDeps } from './deps';
import { withLiveStream } from './liveEndpoint';

/**
 * Ties a received message to the sent one it answers (and puts `replied` on that one's timeline),
 * marks it recorded, and returns the endpoints `email.received` goes to (core/inbound/recordReceived.ts),
 * the account's live stream last while one is open.
 */
export function recordReceivedMessage(deps: ResolvedActivityDeps) {
  return async function recordReceivedMessage(input: { inboundId: string }): Promise<RecordResult> {
    const { accountId, ...recorded } = await recordReceived(deps.db, input.inboundId);
    if (accountId === undefined) return recorded;
    return { ...recorded, endpointIds: await withLiveStream(deps, accountId, Promise.resolve(recorded.endpointIds)) };
  };
}
