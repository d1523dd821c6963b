// X-API-Key on every API route; 401 before anything else is read (docs/sending.md,
// "Processing order").
import type { NextFunction, Request, Response } from 'express';
import {
  authenticateApiKey,
  keyPrefix,
  noteKeyUsed,
  type ApiKeyRow,
  type AuthFailure,
} from '../../core/accounts/apiKeys';
import type { ApiKeyLookup } from '../../core/accounts/apiKeyCache';
import type { Db } from '../../core/platform/db';
import { sendError, sendUnauthenticated } from '../http/errors';
import '../http/locals';

/** The 401, counted by its reason: at authentication, or when a send finds its key revoked since. */
export function refuseUnauthenticated(res: Response, reason: AuthFailure): void {
  res.locals.outcome = `unauthenticated:${reason}`;
  sendUnauthenticated(res);
}

/**
 * 403 `network_not_allowed`: the key is valid but bound to networks this client is outside of
 * (core/accounts/keyNetworks.ts). The answer names the reason, never the key's ranges.
 */
export function refuseOutsideNetworks(res: Response): void {
  res.locals.outcome = 'network_not_allowed';
  sendError(res, {
    code: 'network_not_allowed',
    detail: 'This API key is bound to networks this request does not come from; use it from one of them.',
  });
}

/**
 * `cache`: only where the use case checks the key again in its own statement (the sends:
 * core/accounts/apiKeyCache.ts); everywhere else the row is read on every request.
 */
export function authenticate(db: Db, cache?: ApiKeyLookup<ApiKeyRow>) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const result = await authenticateApiKey(db, req.get('X-API-Key'), req.ip, new Date(), cache);
    if (!result.ok)
      return result.reason === 'outside_networks'
        ? refuseOutsideNetworks(res)
        : refuseUnauthenticated(res, result.reason);
    noteKeyUsed(db, result.key.id);
    res.locals.apiKey = result.key;
    res.locals.keyPrefix = keyPrefix(result.key.lookupId);
    req.log = req.log.child({ key: res.locals.keyPrefix, account: result.key.accountId });
    next();
  };
}
