// Monthly send counters per account, mode and UTC calendar month (docs/errors-and-limits.md,
// "Limits"). The same rows gate sending and feed GET /api/me/. A send is counted by the accepting
// statement (core/sending/acceptMessage.ts), with its daily row, and given back with it after a
// failed start. A test key's sends have rows of their own, mode `test` (docs/test-recipients.md,
// "Test keys"), apart from the quota's.
import { utcDay, utcMonthStart, type Db } from '../platform/db';
import { SENDING_MODES, type SendingMode } from '../model/sendingModes';

/** This month's count for one mode (0 without a row): a cheap pre-check before staging. */
export async function monthlySendCount(db: Db, accountId: string, mode: SendingMode, at = new Date()): Promise<number> {
  const row = await db('usage_counters')
    .where({ account_id: accountId, month: utcMonthStart(at), mode })
    .first<{ count: number } | undefined>('count');
  return row?.count ?? 0;
}

export async function monthlyUsage(db: Db, accountId: string, at = new Date()): Promise<Record<SendingMode, number>> {
  const rows = await db('usage_counters')
    .where({ account_id: accountId, month: utcMonthStart(at) })
    .whereIn('mode', SENDING_MODES)
    .select<{ mode: SendingMode; count: number }[]>('mode', 'count');
  const usage: Record<SendingMode, number> = { byoc: 0, shared: 0 };
  for (const row of rows) usage[row.mode] = row.count;
  return usage;
}

export interface DailyUsage {
  day: string;
  byoc: number;
  shared: number;
}

/**
 * Sends per UTC day and mode from `from` (a month start) to the end of `at`'s month, every day
 * present (0 without sends), oldest first.
 */
export async function dailyUsage(db: Db, accountId: string, from: string, at = new Date()): Promise<DailyUsage[]> {
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0));
  const rows = await db('usage_daily')
    .where({ account_id: accountId })
    .whereIn('mode', SENDING_MODES)
    .andWhere('day', '>=', from)
    .andWhere('day', '<=', utcDay(end))
    .select<{ day: Date | string; mode: SendingMode; count: number }[]>(
      db.raw(`to_char(day, 'YYYY-MM-DD') AS day`),
      'mode',
      'count',
    );
  const byDay = new Map<string, DailyUsage>();
  for (let d = new Date(`${from}T00:00:00Z`); d <= end; d = new Date(d.getTime() + 86_400_000))
    byDay.set(utcDay(d), { day: utcDay(d), byoc: 0, shared: 0 });
  for (const row of rows) {
    const entry = byDay.get(String(row.day));
    if (entry) entry[row.mode] = row.count;
  }
  return [...byDay.values()];
}
