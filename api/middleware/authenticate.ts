// X-API-Key on every API route; 401 before anything else is read (spec 4.2, 5.4).
import type { NextFunction, Request, Response } from 'express';
import { authenticateApiKey, keyPrefix, type ApiKey } from '../../core/apiKeys';
import type { Db } from '../../core/db';
import { sendUnauthenticated } from '../errors';

declare module 'express-serve-static-core' {
  interface Locals {
    apiKey?: ApiKey;
  }
}

export function authenticate(db: Db) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const result = await authenticateApiKey(db, req.get('X-API-Key'));
    if (!result.ok) {
      req.log?.info({ auth: result.reason }, 'authentication failed');
      sendUnauthenticated(res);
      return;
    }
    res.locals.apiKey = result.key;
    req.log = req.log?.child({ key: keyPrefix(result.key.lookupId), account: result.key.accountId });
    next();
  };
}
