import { isListening, liveEndpointId } from '../core/webhooks/liveEvents';
import type { ResolvedActivityDeps } from './deps';

/**
 * The endpoint ids an event goes to, with the account's live stream last while one is open
 * (core/webhooks/liveEvents.ts): one Redis EXISTS, beside the endpoints' query, not after it.
 */
export async function withLiveStream(
  deps: ResolvedActivityDeps,
  accountId: string,
  endpointIds: Promise<string[]>,
): Promise<string[]> {
  const [ids, listening] = await Promise.all([
    endpointIds,
    deps.redis ? isListening(deps.redis, deps.config.redis.keyPrefix, accountId) : false,
  ]);
  return listening ? [...ids, liveEndpointId(accountId)] : ids;
}
