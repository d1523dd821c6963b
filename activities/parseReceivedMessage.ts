import { parseAndStoreReceived, type ParseResult } from '../core/inbound/parseReceived';
import type { ResolvedActivityDeps } from './deps';

/**
 * The receive workflow's first step (core/inbound/parseReceived.ts): marks the received message
 * started and parses its stored bytes once (`malformed` when they cannot be read); `gone` when the
 * message was deleted before it got here.
 */
export function parseReceivedMessage(deps: ResolvedActivityDeps) {
  return async function parseReceivedMessage(input: { inboundId: string }): Promise<ParseResult> {
    return parseAndStoreReceived(deps.db, input.inboundId);
  };
}
