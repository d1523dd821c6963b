// Monthly send counters per account, mode and UTC calendar month (spec 2.4, 8). The same rows
// gate sending and feed GET /api/me/.
import type { Knex } from 'knex';
import { utcMonthStart, type Db } from '../platform/db';
import type { SendingMode } from '../domains/domains';

/**
 * Counts one send if the account is below `limit` this month. Atomic: the row lock taken by
 * the upsert serialises concurrent callers, so with one send left exactly one caller wins.
 * Call inside the transaction that accepts the message, so a later failure un-counts it.
 */
export async function reserveMonthlySend(trx: Knex.Transaction, accountId: string, mode: SendingMode, limit: number, at = new Date()): Promise<boolean> {
  if (limit <= 0) return false;
  const result = await trx.raw<{ rows: { count: number }[] }>(
    `INSERT INTO usage_counters (account_id, month, mode, count) VALUES (?, ?, ?, 1)
     ON CONFLICT (account_id, month, mode) DO UPDATE SET count = usage_counters.count + 1
     WHERE usage_counters.count < ?
     RETURNING count`,
    [accountId, utcMonthStart(at), mode, limit],
  );
  return result.rows.length === 1;
}

/** This month's count for one mode (0 without a row): a cheap pre-check before staging. */
export async function monthlySendCount(db: Db, accountId: string, mode: SendingMode, at = new Date()): Promise<number> {
  const row = await db('usage_counters').where({ account_id: accountId, month: utcMonthStart(at), mode }).first<{ count: number } | undefined>('count');
  return row?.count ?? 0;
}

export async function monthlyUsage(db: Db, accountId: string, at = new Date()): Promise<Record<SendingMode, number>> {
  const rows = await db('usage_counters').where({ account_id: accountId, month: utcMonthStart(at) }).select<{ mode: SendingMode; count: number }[]>('mode', 'count');
  const usage: Record<SendingMode, number> = { byoc: 0, shared: 0 };
  for (const row of rows) usage[row.mode] = row.count;
  return usage;
}
