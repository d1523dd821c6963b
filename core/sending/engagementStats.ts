// Daily delivery and engagement counts of an account's shared-mode messages (docs/sending.md,
// "Delivery and engagement statistics"): the dashboard's overview chart and GET /api/stats/daily.
// Read from the email log and its timeline, so they reach back only as far as the log keeps rows
// (docs/sending.md, "The email log": 14 days); older days are zeros. BYOC messages have no log row and
// are never counted.
import { utcDay, type Db } from '../platform/db';

export interface DailyEngagement {
  /** YYYY-MM-DD (UTC). */
  date: string;
  sent: number;
  delivered: number;
  bounced: number;
  complained: number;
  opened: number;
  clicked: number;
}

/** Days a caller may ask for: from today only to the last 90 days. */
export const STATS_MAX_DAYS = 90;
export const STATS_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * Per UTC day of the last `days` days (today included, every day present, oldest first):
 * - `sent`: log rows accepted that day (`created_at`), test-recipient sends included as the log
 *   includes them, but not a scheduled message still waiting nor a canceled one (never sent);
 * - `delivered`, `bounced`, `complained`: messages whose timeline reached that outcome that day;
 * - `opened`, `clicked`: distinct messages with an open or click that day not marked as a
 *   machine's (details.machine = 'true': a mail scanner or a proxy fetching on delivery).
 *
 * One statement. The log rows are read through email_log (account_id, created_at) and each
 * message's events through email_events (message_id, type): the account's rows are bounded by
 * the log's retention, so no index on the events' time is needed.
 */
export async function dailyEngagement(
  db: Db,
  accountId: string,
  days: number,
  now = new Date(),
): Promise<DailyEngagement[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const until = new Date(today + DAY_MS);
  const { rows } = await db.raw<{ rows: DailyEngagement[] }>(
    `WITH sent AS (
       SELECT (l.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS sent
       FROM email_log l
       WHERE l.account_id = :account AND l.created_at >= :from AND l.created_at < :until
         AND l.status NOT IN ('scheduled', 'canceled')
       GROUP BY 1),
     outcomes AS (
       SELECT (e.at AT TIME ZONE 'UTC')::date AS day,
              count(*) FILTER (WHERE e.type = 'delivered')::int AS delivered,
              count(*) FILTER (WHERE e.type = 'bounced')::int AS bounced,
              count(*) FILTER (WHERE e.type = 'complained')::int AS complained,
              count(DISTINCT e.message_id) FILTER (WHERE e.type = 'opened' AND e.details->>'machine' IS DISTINCT FROM 'true')::int AS opened,
              count(DISTINCT e.message_id) FILTER (WHERE e.type = 'clicked' AND e.details->>'machine' IS DISTINCT FROM 'true')::int AS clicked
       FROM email_log l
       JOIN email_events e ON e.message_id = l.message_id
         AND e.type IN ('delivered', 'bounced', 'complained', 'opened', 'clicked')
       WHERE l.account_id = :account AND l.created_at < :until AND e.at >= :from AND e.at < :until
       GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
            coalesce(s.sent, 0) AS sent,
            coalesce(o.delivered, 0) AS delivered,
            coalesce(o.bounced, 0) AS bounced,
            coalesce(o.complained, 0) AS complained,
            coalesce(o.opened, 0) AS opened,
            coalesce(o.clicked, 0) AS clicked
     FROM generate_series(:fromDay::date, :lastDay::date, interval '1 day') AS d(day)
     LEFT JOIN sent s ON s.day = d.day::date
     LEFT JOIN outcomes o ON o.day = d.day::date
     ORDER BY d.day`,
    {
      account: accountId,
      from: from.toISOString(),
      until: until.toISOString(),
      fromDay: utcDay(from),
      lastDay: utcDay(new Date(today)),
    },
  );
  return rows;
}
