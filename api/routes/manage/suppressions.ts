// The suppression list (spec 2.10): search and pages, add by hand, remove.
import { Router } from 'express';
import { getSuppression, suppressionPage, suppressManually, unsuppress } from '../../../core/accounts/suppressions';
import { PostageError } from '../../../core/platform/errors';
import type { RouteDeps } from '../../http/deps';
import { handled } from '../../http/handled';
import { presentSuppression } from '../../presenters/resources';
import { validBody } from '../../http/requestBody';
import { QueryReader } from './query';

export function suppressionsRoute(deps: RouteDeps): Router {
  const router = Router();

  router.get(
    '/api/suppressions',
    handled(async (req, res) => {
      const q = new QueryReader(req);
      const search = q.text('search');
      const cursor = q.text('cursor', 800);
      const limit = q.limit();
      if (q.refused(res)) return;
      const page = await suppressionPage(deps.db, res.locals.caller!.accountId, { limit, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
      res.json({ suppressions: page.rows.map(presentSuppression), next_cursor: page.nextCursor });
    }),
  );

  router.post(
    '/api/suppressions',
    handled(async (req, res) => {
      const input = validBody<{ address: string }>('CreateSuppressionRequest', req, res);
      if (!input) return;
      const caller = res.locals.caller!;
      const { added } = await suppressManually(deps.db, { accountId: caller.accountId, address: input.address }, caller.actor);
      const suppression = await getSuppression(deps.db, caller.accountId, input.address);
      res.locals.outcome = added ? 'suppression_added' : 'suppression_exists';
      res.status(added ? 201 : 200).json({ suppression: presentSuppression(suppression!), added });
    }),
  );

  router.delete(
    '/api/suppressions/:address',
    handled(async (req, res) => {
      const caller = res.locals.caller!;
      const address = String(req.params.address);
      const { removed } = await unsuppress(deps.db, { accountId: caller.accountId, address }, caller.actor);
      if (!removed) throw new PostageError('suppression_not_found', `${address} is not on this account's suppression list`);
      res.locals.outcome = 'suppression_removed';
      res.json({ success: true, warnings: [] });
    }),
  );
  return router;
}
