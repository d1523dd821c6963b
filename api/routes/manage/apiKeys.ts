// API keys (spec 2.6): list (never secrets), create (the secret once), revoke. A caller cannot
// create a key with more permission or a wider domain scope than its own, and a domain-scoped key
// sees (and revokes, middleware/keyScope.ts) only keys within its scope.
import { Router } from 'express';
import { createApiKey, listApiKeys, revokeApiKey, type KeyPermission } from '../../../core/accounts/apiKeys';
import { keyOutsideCaller, scopeCovers } from '../../../core/accounts/keyScope';
import type { RouteDeps } from '../../http/deps';
import { sendError } from '../../http/errors';
import { handled } from '../../http/handled';
import { presentApiKey } from '../../presenters/resources';
import { validBody } from '../../http/requestBody';

export function apiKeysRoute(deps: RouteDeps): Router {
  const router = Router();

  router.get(
    '/api/api-keys',
    handled(async (_req, res) => {
      const caller = res.locals.caller!;
      const keys = (await listApiKeys(deps.db, caller.accountId)).filter((k) => scopeCovers(caller.domainScope, k.domainScope));
      res.json({ api_keys: keys.map(presentApiKey) });
    }),
  );

  router.post(
    '/api/api-keys',
    handled(async (req, res) => {
      const input = validBody<{ name: string; permission: KeyPermission; domains?: string[]; expires_at?: string | null }>('CreateApiKeyRequest', req, res);
      if (!input) return;
      const caller = res.locals.caller!;
      const outside = keyOutsideCaller(caller, { permission: input.permission, domainScope: input.domains ?? [] });
      if (outside) {
        res.locals.outcome = 'insufficient_permission';
        return sendError(res, { code: 'insufficient_permission', detail: outside });
      }
      const { apiKey, secret } = await createApiKey(
        deps.db,
        { accountId: caller.accountId, name: input.name, permission: input.permission, domainScope: input.domains ?? [], expiresAt: input.expires_at ? new Date(input.expires_at) : null },
        caller.actor,
      );
      res.locals.outcome = 'api_key_created';
      res.status(201).json({ api_key: presentApiKey(apiKey), secret });
    }),
  );

  router.delete(
    '/api/api-keys/:id',
    handled(async (req, res) => {
      const caller = res.locals.caller!;
      const revoked = await revokeApiKey(deps.db, String(req.params.id), caller.actor, caller.accountId);
      res.locals.outcome = 'api_key_revoked';
      res.json(presentApiKey(revoked));
    }),
  );
  return router;
}
