// Usage: this month's allowance and use per mode, and daily sends for the previous and the
// current UTC month (the dashboard's chart). Same counters as sending.
import { Router } from 'express';
import { getAccount } from '../../../core/accounts/accounts';
import { getPlan, monthlyQuota } from '../../../core/accounts/plans';
import { subscribedPlan } from '../../../core/accounts/subscription';
import { dailyUsage, monthlyUsage } from '../../../core/accounts/usage';
import { utcMonthStart } from '../../../core/platform/db';
import type { RouteDeps } from '../../http/deps';
import { sendUnauthenticated } from '../../http/errors';
import { handled } from '../../http/handled';

export function usageRoute(deps: RouteDeps): Router {
  const router = Router();
  router.get(
    '/api/usage',
    handled(async (_req, res) => {
      const accountId = res.locals.caller!.accountId;
      const now = new Date();
      const previousMonth = utcMonthStart(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
      const account = await getAccount(deps.db, accountId);
      if (!account) return sendUnauthenticated(res, 'This account no longer exists.');
      const plan = subscribedPlan(account);
      const [planRow, used, days] = await Promise.all([getPlan(deps.db, plan), monthlyUsage(deps.db, accountId, now), dailyUsage(deps.db, accountId, previousMonth, now)]);
      res.json({
        plan: plan ?? '',
        month: utcMonthStart(now).slice(0, 7),
        allowance: { byoc: planRow ? monthlyQuota(planRow, 'byoc') : 0, shared: planRow ? monthlyQuota(planRow, 'shared') : 0 },
        used,
        days,
      });
    }),
  );
  return router;
}
