// GET /api/me/ (spec 2.4, 4.2): the key's account, nothing else. Not rate-limited (spec 8 limits
// /api/send/ only).
import { Router } from 'express';
import { currentAccountRecord } from '../presenters/currentAccount';
import type { RouteDeps } from '../http/deps';
import { sendUnauthenticated } from '../http/errors';
import { authenticate } from '../middleware/authenticate';

export function meRoute(deps: RouteDeps): Router {
  const router = Router();
  router.get('/api/me/', authenticate(deps.db), async (_req, res) => {
    const record = await currentAccountRecord(deps.db, res.locals.apiKey!.accountId);
    if (!record) return sendUnauthenticated(res); // the account was deleted after the key was read
    res.locals.outcome = 'ok';
    res.json(record);
  });
  return router;
}
