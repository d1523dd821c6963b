// Usage: this month's allowance and use per mode, and daily sends for the previous and the
// current UTC month (the dashboard's chart). Same counters as sending. And received messages
// against the plan's inbound allowance (docs/inbound.md, "Allowance").
import { getAccount } from '../../../core/accounts/accounts';
import { getPlan, monthlyQuota } from '../../../core/accounts/plans';
import { subscribedPlan } from '../../../core/accounts/subscription';
import { dailyUsage, monthlyUsage } from '../../../core/accounts/usage';
import { inboundUsage } from '../../../core/inbound/inboundMessages';
import { utcMonthStart } from '../../../core/platform/db';
import { sendUnauthenticated } from '../../http/errors';
import { ANSWERED, operation } from '../../http/operation';
import { Usage } from '../../schemas/management';

export const usageOperations = [
  operation({
    method: 'get',
    path: '/api/usage',
    summary:
      'This month’s allowance and use per mode, daily sends for the previous and the current UTC month, and this month’s received messages against their allowance.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, Usage, 'Usage.'],
    async handler({ deps, res, caller }) {
      const { accountId } = caller;
      const now = new Date();
      const previousMonth = utcMonthStart(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
      const account = await getAccount(deps.db, accountId);
      if (!account) {
        sendUnauthenticated(res, 'This account no longer exists.');
        return ANSWERED;
      }
      const plan = subscribedPlan(account);
      const [planRow, used, days, inbound] = await Promise.all([
        getPlan(deps.db, plan),
        monthlyUsage(deps.db, accountId, now),
        dailyUsage(deps.db, accountId, previousMonth, now),
        inboundUsage(deps.db, accountId, now),
      ]);
      return {
        plan: plan ?? '',
        month: utcMonthStart(now).slice(0, 7),
        allowance: {
          byoc: planRow ? monthlyQuota(planRow, 'byoc') : 0,
          shared: planRow ? monthlyQuota(planRow, 'shared') : 0,
        },
        used,
        days,
        inbound,
      };
    },
  }),
];
