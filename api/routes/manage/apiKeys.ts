// API keys (docs/teams.md, "API keys"): list (never secrets), create (the secret once), revoke. A
// caller cannot create a key with more permission or a wider domain scope than its own, and a
// domain-scoped key sees (and revokes, middleware/keyScope.ts) only keys within its scope.
import { createApiKey, DEFAULT_KEY_PERMISSION, listApiKeys, revokeApiKey } from '../../../core/accounts/apiKeys';
import { keyOutsideCaller, scopeCovers } from '../../../core/accounts/keyScope';
import { checkedNetworks } from '../../../core/accounts/keyNetworks';
import { operation } from '../../http/operation';
import { presentApiKey } from '../../presenters/resources';
import { describeActors } from '../../../core/accounts/actors';
import type { Db } from '../../../core/platform/db';
import type { ApiKey as Key } from '../../../core/accounts/apiKeys';

/** The keys as answered, each with who made it (the dashboard shows it; removing a member revokes theirs). */
async function presented(db: Db, accountId: string, keys: Key[]) {
  const actors = await describeActors(
    db,
    accountId,
    keys.flatMap((k) => (k.createdBy ? [k.createdBy] : [])),
  );
  return keys.map((k) => presentApiKey(k, actors));
}
import { ApiKey, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from '../../schemas/management';

export const apiKeyOperations = [
  operation({
    method: 'get',
    path: '/api/api-keys',
    summary: 'The account’s API keys (never their secrets), with when each was last used.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'filtered',
    ok: [200, ApiKeyList, 'The keys.'],
    async handler({ deps, caller }) {
      const keys = (await listApiKeys(deps.db, caller.accountId)).filter((k) =>
        scopeCovers(caller.domainScope, k.domainScope),
      );
      return { api_keys: await presented(deps.db, caller.accountId, keys) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/api-keys',
    summary:
      'Create a key; the secret is in this response only. A caller cannot create a key with more permission than its own.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'within',
    body: CreateApiKeyRequest,
    ok: [201, CreatedApiKey, 'Created.'],
    async handler({ deps, res, caller, body, refuse }) {
      const permission = body.permission ?? DEFAULT_KEY_PERMISSION;
      const domainScope = body.domains ?? [];
      const networks = checkedNetworks(body.networks ?? []);
      const test = body.test ?? false;
      const outside = keyOutsideCaller(caller, { permission, domainScope, networks, test });
      if (outside) return refuse('insufficient_permission', outside);
      const { apiKey, secret } = await createApiKey(
        deps.db,
        {
          accountId: caller.accountId,
          name: body.name,
          permission,
          domainScope,
          networks,
          test,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        },
        caller.actor,
      );
      res.locals.outcome = 'api_key_created';
      return { api_key: (await presented(deps.db, caller.accountId, [apiKey]))[0]!, secret };
    },
  }),
  operation({
    method: 'delete',
    path: '/api/api-keys/{id}',
    summary: 'Revoke a key (by id or `pk_` prefix); its next request gets 401.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'key',
    ok: [200, ApiKey, 'Revoked.'],
    async handler({ deps, res, caller, params }) {
      const revoked = await revokeApiKey(deps.db, params.id, caller.actor, caller.accountId);
      res.locals.outcome = 'api_key_revoked';
      return (await presented(deps.db, caller.accountId, [revoked]))[0]!;
    },
  }),
];
