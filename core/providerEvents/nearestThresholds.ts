// The accounts nearest the levels at which Postage pauses sending (docs/reputation.md, "For the
// operator"): `postage-admin reputation`. Nearness is the larger of each rate over its pause level,
// so 1 is at the level; only accounts with sends in the window are listed.
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { hasEnoughVolume } from './reputation';
import { withRates, type Counts } from './reputationReport';

export interface AccountNearThreshold extends Counts {
  account_id: string;
  name: string;
  paused: boolean;
  /** max(bounce rate / its pause level, complaint rate / its pause level). */
  nearness: number;
  /** Whether the rates rest on enough sends and events to pause the account. */
  enough_volume: boolean;
}

export async function accountsNearestThresholds(
  db: Db,
  settings: Config['reputation'],
  limit: number,
  now: Date = new Date(),
): Promise<AccountNearThreshold[]> {
  const since = new Date(now.getTime() - settings.windowDays * 86_400_000);
  const { rows } = await db.raw<{
    rows: {
      account_id: string;
      name: string;
      paused: boolean;
      sends: number;
      hard_bounces: number;
      complaints: number;
    }[];
  }>(
    `SELECT o.account_id, a.name, a.sending_suspended AS paused, count(*)::int AS sends,
            count(o.hard_bounced_at)::int AS hard_bounces, count(o.complained_at)::int AS complaints
     FROM send_outcomes o JOIN accounts a ON a.id = o.account_id
     WHERE o.sent_at >= :since
     GROUP BY o.account_id, a.name, a.sending_suspended`,
    { since: since.toISOString() },
  );
  return rows
    .map((row) => {
      const rated = withRates(row);
      return {
        ...rated,
        nearness: Math.max(
          rated.bounce_rate / settings.bounceRateThreshold,
          rated.complaint_rate / settings.complaintRateThreshold,
        ),
        enough_volume: hasEnoughVolume(rated.sends, Math.max(rated.hard_bounces, rated.complaints), settings),
      };
    })
    .sort((a, b) => b.nearness - a.nearness || b.sends - a.sends)
    .slice(0, limit);
}
