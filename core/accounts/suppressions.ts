// The per-account suppression list (docs/sending.md, "Suppressions").
import { isValidAddress, suppressionKey } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import { isStorableText, type Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { decodeCursor, encodeCursor, escapeLike } from '../platform/pagination';

export type SuppressionReason = 'bounce' | 'complaint' | 'manual';

export interface Suppression {
  address: string;
  reason: SuppressionReason;
  createdAt: Date;
}

export async function isSuppressed(db: Db, accountId: string, address: string): Promise<boolean> {
  return Boolean(
    await db('suppressions')
      .where({ account_id: accountId, address: suppressionKey(address) })
      .first('address'),
  );
}

export async function suppressAddress(
  db: Db,
  input: { accountId: string; address: string; reason: SuppressionReason; sourceMessageId?: string },
): Promise<boolean> {
  const inserted = await db('suppressions')
    .insert({
      account_id: input.accountId,
      address: suppressionKey(input.address),
      reason: input.reason,
      source_message_id: input.sourceMessageId ?? null,
    })
    .onConflict(['account_id', 'address'])
    .ignore()
    .returning('address');
  return inserted.length > 0;
}

export async function removeSuppression(db: Db, accountId: string, address: string): Promise<boolean> {
  if (!isStorableText(address)) return false;
  return (
    (await db('suppressions')
      .where({ account_id: accountId, address: suppressionKey(address) })
      .delete()) > 0
  );
}

export async function listSuppressions(db: Db, accountId: string): Promise<Suppression[]> {
  const rows = await db('suppressions')
    .where({ account_id: accountId })
    .orderBy('created_at')
    .select<{ address: string; reason: SuppressionReason; created_at: Date }[]>('address', 'reason', 'created_at');
  return rows.map((r) => ({ address: r.address, reason: r.reason, createdAt: r.created_at }));
}

/** An operator adds an address by hand (reason `manual`); audited like every account change. */
export async function suppressManually(
  db: Db,
  input: { accountId: string; address: string },
  actor: string,
): Promise<{ added: boolean }> {
  const address = input.address.trim();
  if (!isValidAddress(address))
    throw new PostageError('invalid_address', `${JSON.stringify(input.address)} is not an email address`);
  return db.transaction(async (trx) => {
    const added = await suppressAddress(trx, { accountId: input.accountId, address, reason: 'manual' });
    if (added)
      await recordAudit(trx, {
        accountId: input.accountId,
        actor,
        action: 'suppression.add',
        details: { address: suppressionKey(address) },
      });
    return { added };
  });
}

/** Lifts a suppression (for example after the recipient fixed their mailbox); audited. */
export async function unsuppress(
  db: Db,
  input: { accountId: string; address: string },
  actor: string,
): Promise<{ removed: boolean }> {
  return db.transaction(async (trx) => {
    const removed = await removeSuppression(trx, input.accountId, input.address.trim());
    if (removed)
      await recordAudit(trx, {
        accountId: input.accountId,
        actor,
        action: 'suppression.remove',
        details: { address: suppressionKey(input.address.trim()) },
      });
    return { removed };
  });
}

/** Newest first, optionally only addresses containing `search`, `limit` rows after `cursor`. */
export async function suppressionPage(
  db: Db,
  accountId: string,
  opts: { search?: string; cursor?: string; limit: number },
): Promise<{ rows: Suppression[]; nextCursor: string | null }> {
  const after = opts.cursor === undefined ? undefined : decodeCursor(opts.cursor, (key) => key.length > 0);
  const query = db('suppressions').where({ account_id: accountId });
  if (opts.search) query.andWhereILike('address', `%${escapeLike(opts.search.trim())}%`);
  if (after) query.andWhereRaw('(created_at, address) < (?::timestamptz, ?)', [after.at, after.id]);
  const rows = await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'address', order: 'desc' },
    ])
    .limit(opts.limit + 1)
    .select<{ address: string; reason: SuppressionReason; created_at: Date; cursor_at: string }[]>(
      'address',
      'reason',
      'created_at',
      db.raw('created_at::text AS cursor_at'),
    );
  const last = rows[opts.limit - 1];
  return {
    rows: rows.slice(0, opts.limit).map((r) => ({ address: r.address, reason: r.reason, createdAt: r.created_at })),
    nextCursor: rows.length > opts.limit && last ? encodeCursor(last.cursor_at, last.address) : null,
  };
}

export async function getSuppression(db: Db, accountId: string, address: string): Promise<Suppression | undefined> {
  if (!isStorableText(address)) return undefined;
  const row = await db('suppressions')
    .where({ account_id: accountId, address: suppressionKey(address.trim()) })
    .first<{ address: string; reason: SuppressionReason; created_at: Date } | undefined>();
  return row ? { address: row.address, reason: row.reason, createdAt: row.created_at } : undefined;
}
