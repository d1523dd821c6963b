import { parseAndStoreReceived, type ParseResult } from '../core/inbound/parseReceived';
import type { ResolvedActivityDeps } from './deps';
import { whileBeating } from './heartbeat';

/**
 * The receive workflow's first step (core/inbound/parseReceived.ts): marks the received message
 * started and parses its stored bytes once (`malformed` when they cannot be read); `gone` when the
 * message was deleted before it got here. It heartbeats while it works, so a worker that died on
 * it is noticed after the heartbeat timeout (workflows/activityProxies.ts).
 */
export function parseReceivedMessage(deps: ResolvedActivityDeps) {
  return async function parseReceivedMessage(input: { inboundId: string }): Promise<ParseResult> {
    return whileBeating(() => parseAndStoreReceived(deps.db, input.inboundId));
  };
}
