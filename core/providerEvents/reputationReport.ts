// Where an account stands (docs/reputation.md, "Your rates"): its hard-bounce and complaint rates
// over the rolling window, by sending domain and by day, beside the levels at which Postage warns,
// Postage pauses, and SES reviews and pauses. Read from the reputation samples (send_outcomes: one
// per real shared-mode send SES accepted, marked when it hard-bounces or draws a complaint), so a
// bounce counts against the day its message was sent, as SES counts it.
import type { Config } from '../platform/config';
import { utcDay, type Db } from '../platform/db';
import { hasEnoughVolume, SES_LEVELS } from './reputation';

/** Days of the trend, today included: the samples are kept at least as long (core/sending/retention.ts). */
export const REPUTATION_TREND_DAYS = 14;

const DAY_MS = 86_400_000;

export interface Counts {
  sends: number;
  hard_bounces: number;
  complaints: number;
  bounce_rate: number;
  complaint_rate: number;
}

/**
 * How a rate stands: `too_few_sends` while it rests on fewer than the minimum sends or events (it
 * cannot pause the account yet), then `ok`, `warning` (at or past the warning level) or `paused`
 * (at or past the level at which Postage pauses sending).
 */
export type Standing = 'too_few_sends' | 'ok' | 'warning' | 'paused';

export interface Levels {
  warning: number;
  postage_pause: number;
  ses_review: number;
  ses_pause: number;
}

export interface ReputationReport {
  as_of: string;
  window_days: number;
  min_sends: number;
  min_events: number;
  sending: { paused: boolean; reason: string | null; paused_at: string | null };
  levels: { bounce_rate: Levels; complaint_rate: Levels };
  account: Counts & { bounce_standing: Standing; complaint_standing: Standing };
  domains: (Counts & { domain: string })[];
  trend: (Counts & { date: string })[];
}

type Settings = Config['reputation'];

interface CountRow {
  sends: number;
  hard_bounces: number;
  complaints: number;
}

export function withRates<T extends CountRow>(row: T): T & Counts {
  return {
    ...row,
    bounce_rate: row.sends ? row.hard_bounces / row.sends : 0,
    complaint_rate: row.sends ? row.complaints / row.sends : 0,
  };
}

export function reputationLevels(settings: Settings): ReputationReport['levels'] {
  return {
    bounce_rate: {
      warning: settings.bounceRateWarning,
      postage_pause: settings.bounceRateThreshold,
      ses_review: SES_LEVELS.bounce.review,
      ses_pause: SES_LEVELS.bounce.pause,
    },
    complaint_rate: {
      warning: settings.complaintRateWarning,
      postage_pause: settings.complaintRateThreshold,
      ses_review: SES_LEVELS.complaint.review,
      ses_pause: SES_LEVELS.complaint.pause,
    },
  };
}

/** The same minimum volume as the warning and the pause (hasEnoughVolume). */
export function standing(rate: number, events: number, sends: number, levels: Levels, settings: Settings): Standing {
  if (!hasEnoughVolume(sends, events, settings)) return 'too_few_sends';
  if (rate >= levels.postage_pause) return 'paused';
  if (rate >= levels.warning) return 'warning';
  return 'ok';
}

async function countsByDomain(
  db: Db,
  accountId: string,
  since: Date,
): Promise<(CountRow & { domain: string | null })[]> {
  const { rows } = await db.raw<{ rows: (CountRow & { domain: string | null })[] }>(
    `SELECT domain, count(*)::int AS sends, count(hard_bounced_at)::int AS hard_bounces,
            count(complained_at)::int AS complaints
     FROM send_outcomes WHERE account_id = :account AND sent_at >= :since
     GROUP BY domain ORDER BY count(*) DESC, domain`,
    { account: accountId, since: since.toISOString() },
  );
  return rows;
}

async function countsByDay(db: Db, accountId: string, now: Date): Promise<(CountRow & { date: string })[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (REPUTATION_TREND_DAYS - 1) * DAY_MS);
  const { rows } = await db.raw<{ rows: (CountRow & { date: string })[] }>(
    `WITH days AS (
       SELECT (sent_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS sends,
              count(hard_bounced_at)::int AS hard_bounces, count(complained_at)::int AS complaints
       FROM send_outcomes WHERE account_id = :account AND sent_at >= :from
       GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(s.sends, 0) AS sends,
            coalesce(s.hard_bounces, 0) AS hard_bounces, coalesce(s.complaints, 0) AS complaints
     FROM generate_series(:fromDay::date, :lastDay::date, interval '1 day') AS d(day)
     LEFT JOIN days s ON s.day = d.day::date
     ORDER BY d.day`,
    { account: accountId, from: from.toISOString(), fromDay: utcDay(from), lastDay: utcDay(new Date(today)) },
  );
  return rows;
}

async function sendingState(db: Db, accountId: string): Promise<ReputationReport['sending']> {
  const row = await db('accounts')
    .where({ id: accountId })
    .first<{ sending_suspended: boolean; suspended_reason: string | null; suspended_at: Date | null } | undefined>(
      'sending_suspended',
      'suspended_reason',
      'suspended_at',
    );
  const paused = row?.sending_suspended ?? false;
  return {
    paused,
    reason: paused ? (row?.suspended_reason ?? null) : null,
    paused_at: paused && row?.suspended_at ? row.suspended_at.toISOString() : null,
  };
}

/** The account's report as of `now`: three statements, each on the samples' (account_id, sent_at) index. */
export async function reputationReport(
  db: Db,
  settings: Settings,
  accountId: string,
  now: Date = new Date(),
): Promise<ReputationReport> {
  const since = new Date(now.getTime() - settings.windowDays * DAY_MS);
  const [byDomain, byDay, sending] = await Promise.all([
    countsByDomain(db, accountId, since),
    countsByDay(db, accountId, now),
    sendingState(db, accountId),
  ]);
  const total = byDomain.reduce<CountRow>(
    (sum, row) => ({
      sends: sum.sends + row.sends,
      hard_bounces: sum.hard_bounces + row.hard_bounces,
      complaints: sum.complaints + row.complaints,
    }),
    { sends: 0, hard_bounces: 0, complaints: 0 },
  );
  const account = withRates(total);
  const levels = reputationLevels(settings);
  return {
    as_of: now.toISOString(),
    window_days: settings.windowDays,
    min_sends: settings.minSends,
    min_events: settings.minEvents,
    sending,
    levels,
    account: {
      ...account,
      bounce_standing: standing(account.bounce_rate, account.hard_bounces, account.sends, levels.bounce_rate, settings),
      complaint_standing: standing(
        account.complaint_rate,
        account.complaints,
        account.sends,
        levels.complaint_rate,
        settings,
      ),
    },
    // Samples kept from before domains were recorded count only toward the account.
    domains: byDomain.flatMap(({ domain, ...row }) => (domain ? [{ domain, ...withRates(row) }] : [])),
    trend: byDay.map(withRates),
  };
}
