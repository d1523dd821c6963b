// Daily delivery and engagement counts of the account's shared-mode messages (docs/sending.md,
// "Delivery and engagement statistics"): the dashboard's overview chart.
import { dailyEngagement, STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '../../../core/sending/engagementStats';
import { operation } from '../../http/operation';
import { DailyStats } from '../../schemas/management';
import { queryParameters, wholeNumber } from '../../schemas/queryParameters';

export const statsOperations = [
  operation({
    method: 'get',
    path: '/api/stats/daily',
    summary:
      'Sent, delivered, bounced, complained, opened and clicked shared-mode messages per UTC day of the last `days` days.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    query: queryParameters({
      days: wholeNumber(
        1,
        STATS_MAX_DAYS,
        STATS_DEFAULT_DAYS,
        `Days to answer, today included: 1 to ${STATS_MAX_DAYS} (default ${STATS_DEFAULT_DAYS}).`,
      ),
    }),
    ok: [200, DailyStats, 'Every day of the period, oldest first.'],
    async handler({ deps, caller, query }) {
      return { days: await dailyEngagement(deps.db, caller.accountId, query.days) };
    },
  }),
];
