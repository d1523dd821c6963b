// X-API-Key on every API route; 401 before anything else is read (spec 4.2, 5.4).
import type { NextFunction, Request, Response } from 'express';
import { authenticateApiKey, keyPrefix, noteKeyUsed } from '../../core/accounts/apiKeys';
import type { Db } from '../../core/platform/db';
import { sendUnauthenticated } from '../http/errors';
import '../http/locals';

export function authenticate(db: Db) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const result = await authenticateApiKey(db, req.get('X-API-Key'));
    if (!result.ok) {
      res.locals.outcome = `unauthenticated:${result.reason}`;
      sendUnauthenticated(res);
      return;
    }
    noteKeyUsed(db, result.key.id);
    res.locals.apiKey = result.key;
    res.locals.keyPrefix = keyPrefix(result.key.lookupId);
    req.log = req.log.child({ key: res.locals.keyPrefix, account: result.key.accountId });
    next();
  };
}
