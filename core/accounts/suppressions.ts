// The per-account suppression list (docs/sending.md, "Suppressions").
import { isValidAddress, suppressionKey } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import { isStorableText, type Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { decodeCursor, encodeCursor, escapeLike } from '../platform/pagination';
import { isUnsubscribeTopic } from '../model/messageContent';
import { ERASED_ADDRESS, isErasedSuppressionKey, suppressionKeys } from './erasedAddress';

/** The stored forms of `address`: with `secretKey`, its erased entry's too (docs/privacy.md, "Erasing an address"). */
const keysOf = (accountId: string, address: string, secretKey: string | undefined) =>
  suppressionKeys(address, secretKey === undefined ? undefined : { secretKey, accountId });

/**
 * `unsubscribed`: the recipient used a one-click unsubscribe link (docs/sending.md, "One-click
 * unsubscribe"); `erased`: the address was erased while not suppressed (docs/privacy.md).
 */
export type SuppressionReason = 'bounce' | 'complaint' | 'manual' | 'unsubscribed' | 'erased';

export interface Suppression {
  address: string;
  reason: SuppressionReason;
  /** Null: all mail is refused; a topic: only sends whose `unsubscribe.topic` is this one. */
  topic: string | null;
  createdAt: Date;
}

interface SuppressionRow {
  address: string;
  reason: SuppressionReason;
  topic: string | null;
  created_at: Date;
}
const COLUMNS = ['address', 'reason', 'topic', 'created_at'] as const;
const toSuppression = (r: SuppressionRow): Suppression => ({
  address: isErasedSuppressionKey(r.address) ? ERASED_ADDRESS : r.address,
  reason: r.reason,
  topic: r.topic,
  createdAt: r.created_at,
});

/**
 * Whether a send to `address` (with `topic`, its `unsubscribe.topic`) is refused: an all-mail
 * entry, or one for that topic; with `secretKey`, an erased entry of the address counts too.
 */
export async function isSuppressed(
  db: Db,
  accountId: string,
  address: string,
  topic?: string,
  secretKey?: string,
): Promise<boolean> {
  return Boolean(
    await db('suppressions')
      .where({ account_id: accountId })
      .whereIn('address', keysOf(accountId, address, secretKey))
      .andWhere((q) => {
        void q.whereNull('topic');
        if (topic !== undefined) void q.orWhere('topic', topic);
      })
      .first('address'),
  );
}

/** Adds an entry (topic null: all mail); false when the same address and topic were already listed. */
export async function suppressAddress(
  db: Db,
  input: {
    accountId: string;
    address: string;
    reason: SuppressionReason;
    sourceMessageId?: string;
    topic?: string | null;
  },
): Promise<boolean> {
  // The unique index is on COALESCE(topic, ''), which knex's onConflict cannot name.
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `INSERT INTO suppressions (account_id, address, reason, source_message_id, topic) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id, address, (COALESCE(topic, ''))) DO NOTHING RETURNING address`,
    [input.accountId, suppressionKey(input.address), input.reason, input.sourceMessageId ?? null, input.topic ?? null],
  );
  return rows.length > 0;
}

/** Removes the entry of `address` for `topic` (null: its all-mail entry). */
export async function removeSuppression(
  db: Db,
  accountId: string,
  address: string,
  topic: string | null = null,
  secretKey?: string,
): Promise<boolean> {
  if (!isStorableText(address)) return false;
  const query = db('suppressions')
    .where({ account_id: accountId })
    .whereIn('address', keysOf(accountId, address, secretKey));
  if (topic === null) query.whereNull('topic');
  else query.where({ topic });
  return (await query.delete()) > 0;
}

export async function listSuppressions(db: Db, accountId: string): Promise<Suppression[]> {
  const rows = await db('suppressions')
    .where({ account_id: accountId })
    .orderBy('created_at')
    .select<SuppressionRow[]>(...COLUMNS);
  return rows.map(toSuppression);
}

/** An operator adds an address by hand (reason `manual`); audited like every account change. */
export async function suppressManually(
  db: Db,
  input: { accountId: string; address: string; topic?: string | null },
  actor: string,
): Promise<{ added: boolean }> {
  const address = input.address.trim();
  const topic = input.topic ?? null;
  if (!isValidAddress(address))
    throw new PostageError('invalid_address', `${JSON.stringify(input.address)} is not an email address`);
  if (topic !== null && !isUnsubscribeTopic(topic))
    throw new PostageError(
      'invalid_topic',
      `${JSON.stringify(topic)} is not a topic (1 to 64 lower-case letters, digits, _, . or -)`,
    );
  return db.transaction(async (trx) => {
    const added = await suppressAddress(trx, { accountId: input.accountId, address, reason: 'manual', topic });
    if (added)
      await recordAudit(trx, {
        accountId: input.accountId,
        actor,
        action: 'suppression.add',
        details: { address: suppressionKey(address), ...(topic !== null ? { topic } : {}) },
      });
    return { added };
  });
}

/**
 * A recipient used a one-click unsubscribe link (docs/sending.md, "One-click unsubscribe"): the
 * entry for the link's topic (null: all mail), reason `unsubscribed`. Idempotent: a second POST
 * finds the entry. An address already listed for all mail gets no topic entry beside it (it is
 * refused everything already). Returns whether the account still exists.
 */
export async function suppressUnsubscribed(
  db: Db,
  input: { accountId: string; address: string; topic: string | null; messageId: string | null },
): Promise<{ accountExists: boolean; added: boolean }> {
  return db.transaction(async (trx) => {
    // Locks the account row: an account deleted meanwhile cannot take a new entry with it.
    const account = await trx('accounts').where({ id: input.accountId }).forShare().first('id');
    if (!account) return { accountExists: false, added: false };
    if (input.topic !== null && (await isSuppressed(trx, input.accountId, input.address)))
      return { accountExists: true, added: false };
    const added = await suppressAddress(trx, {
      accountId: input.accountId,
      address: input.address,
      reason: 'unsubscribed',
      topic: input.topic,
      ...(input.messageId !== null ? { sourceMessageId: input.messageId } : {}),
    });
    return { accountExists: true, added };
  });
}

/** Lifts a suppression (for example after the recipient fixed their mailbox); audited. */
/** `topic` null or absent: the all-mail entry (entries for topics stay). */
export async function unsuppress(
  db: Db,
  input: { accountId: string; address: string; topic?: string | null; secretKey?: string },
  actor: string,
): Promise<{ removed: boolean }> {
  const topic = input.topic ?? null;
  return db.transaction(async (trx) => {
    const removed = await removeSuppression(trx, input.accountId, input.address.trim(), topic, input.secretKey);
    if (removed)
      await recordAudit(trx, {
        accountId: input.accountId,
        actor,
        action: 'suppression.remove',
        details: { address: suppressionKey(input.address.trim()), ...(topic !== null ? { topic } : {}) },
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
    .select<(SuppressionRow & { cursor_at: string })[]>(...COLUMNS, db.raw('created_at::text AS cursor_at'));
  const last = rows[opts.limit - 1];
  return {
    rows: rows.slice(0, opts.limit).map(toSuppression),
    nextCursor: rows.length > opts.limit && last ? encodeCursor(last.cursor_at, last.address) : null,
  };
}

/** The entry of `address` for `topic` (null: its all-mail entry). */
export async function getSuppression(
  db: Db,
  accountId: string,
  address: string,
  topic: string | null = null,
  secretKey?: string,
): Promise<Suppression | undefined> {
  if (!isStorableText(address)) return undefined;
  const query = db('suppressions')
    .where({ account_id: accountId })
    .whereIn('address', keysOf(accountId, address, secretKey));
  if (topic === null) query.whereNull('topic');
  else query.where({ topic });
  const row = await query.first<SuppressionRow | undefined>(...COLUMNS);
  return row ? toSuppression(row) : undefined;
}
