// Warnings before a pause (docs/reputation.md, "Warnings and pauses"): when the account's bounce or
// complaint rate stands at or over its warning level, on the same minimum volume as a suspension,
// its owners and admins are told once; the warning is given again only after the rate went back
// under the level (a row in `reputation_warnings` per account and metric while it stands).
import { recordNotice } from '../accounts/accountNotices';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { metricsCrossing, type ReputationRates } from './reputation';

/**
 * Records a warning notice for each metric that crossed its warning level since it was last under
 * it, and re-arms each metric now under it; the new notices' ids. Safe to run again: a warning
 * standing already is not given twice (its row), and two bounces at once give one warning.
 */
export async function recordReputationWarnings(
  db: Db,
  accountId: string,
  rates: ReputationRates,
  settings: Config['reputation'],
): Promise<string[]> {
  const crossing = metricsCrossing(rates, settings, 'warning');
  return db.transaction(async (trx) => {
    await trx('reputation_warnings')
      .where({ account_id: accountId })
      .whereNotIn(
        'metric',
        crossing.map((m) => m.metric),
      )
      .delete();
    const ids: string[] = [];
    for (const reading of crossing) {
      const inserted = await trx('reputation_warnings')
        .insert({ account_id: accountId, metric: reading.metric })
        .onConflict(['account_id', 'metric'])
        .ignore()
        .returning('metric');
      if (inserted.length === 0) continue;
      ids.push(
        await recordNotice(trx, accountId, 'account.reputation_warning', {
          metric: reading.metric,
          rate: reading.rate,
          warning_level: reading.warningLevel,
          pause_level: reading.pauseLevel,
          sends: rates.sends,
          events: reading.events,
          window_days: settings.windowDays,
          at: new Date().toISOString(),
        }),
      );
    }
    return ids;
  });
}
