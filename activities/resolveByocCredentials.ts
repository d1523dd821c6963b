import { byocSession } from './byocSession';
import { whileBeating } from './heartbeat';
import type { ResolvedActivityDeps } from './deps';

/**
 * BYOC: assumes the account's Service-BYOC-Role with its ExternalId (or finds this worker's cached
 * session). Returns only the session's expiry: activity results are stored in history.
 */
export function resolveByocCredentials(deps: ResolvedActivityDeps) {
  return async function resolveByocCredentials(input: { accountId: string }): Promise<{ expiresAt: string }> {
    const session = await whileBeating(() => byocSession(deps, input.accountId));
    return { expiresAt: session.credentials.expiration.toISOString() };
  };
}
