// Warnings before a pause (docs/reputation.md, "Warnings and pauses"): when the account's bounce or
// complaint rate stands at or over its warning level, on the same minimum volume as a suspension,
// its owners and admins are told once; the warning is given again only after the rate went back
// under the level (a row in `reputation_warnings` per account and metric while it stands).
import { recordNotice } from '../accounts/accountNotices';
import type { ReputationMetric } from '../model/webhookEvents';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { ReputationRates } from './reputation';

export interface MetricReading {
  metric: ReputationMetric;
  rate: number;
  events: number;
  warningLevel: number;
  pauseLevel: number;
}

/** Both metrics as the rates read them, with their levels. */
export function metricReadings(rates: ReputationRates, settings: Config['reputation']): MetricReading[] {
  return [
    {
      metric: 'bounce_rate',
      rate: rates.bounceRate,
      events: rates.hardBounces,
      warningLevel: settings.bounceRateWarning,
      pauseLevel: settings.bounceRateThreshold,
    },
    {
      metric: 'complaint_rate',
      rate: rates.complaintRate,
      events: rates.complaints,
      warningLevel: settings.complaintRateWarning,
      pauseLevel: settings.complaintRateThreshold,
    },
  ];
}

/**
 * The metrics at or over `level` ('warning' or 'pause'). As for a suspension, too few sends in the
 * window, or fewer than `minEvents` events, never count: one unhappy recipient is not a trend.
 */
export function metricsCrossing(
  rates: ReputationRates,
  settings: Config['reputation'],
  level: 'warning' | 'pause',
): MetricReading[] {
  if (rates.sends < settings.minSends) return [];
  return metricReadings(rates, settings).filter(
    (m) => m.events >= settings.minEvents && m.rate >= (level === 'warning' ? m.warningLevel : m.pauseLevel),
  );
}

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
