// Retention purges delete in batches: each statement removes at most `batchSize` rows, so one
// statement stays far below the 15 s statement timeout (DB_STATEMENT_TIMEOUT_MS) and holds its
// row locks briefly, however far behind the purge is. A single unbatched DELETE over a big
// backlog could time out on every run and never catch up.
import type { Knex } from 'knex';
import type { Db } from './db';

/** Rows per DELETE statement when the caller does not say. */
export const PURGE_BATCH_SIZE = 5000;

/**
 * Deletes the rows of `table` that `where` selects, `batchSize` at a time (by `key`, the table's
 * primary key), until a batch comes back short; returns how many were deleted in all.
 */
export async function deleteInBatches(
  db: Db,
  table: string,
  key: string,
  where: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  return deleteSelectedInBatches(db, table, key, (limit) => where(db(table)).select(key).limit(limit), batchSize);
}

/** As deleteInBatches, with the keys of each batch chosen by `select` (at most `limit` of them). */
export async function deleteSelectedInBatches(
  db: Db,
  table: string,
  key: string,
  select: (limit: number) => Knex.QueryBuilder,
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error(`batch size must be a positive integer, not ${batchSize}`);
  let total = 0;
  for (;;) {
    const deleted = await db(table).whereIn(key, select(batchSize)).delete();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
