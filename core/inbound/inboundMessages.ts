// Reading and deleting an account's received messages (docs/inbound.md, "The API"): the listing
// (newest first, a cursor like the email log's), one message as `email.received` shows it (bodies
// whole), its raw bytes, deletion, an attachment's bytes for its signed link, and the month's
// count against the allowance. A domain-scoped key sees the messages of its domains only: a
// message belongs to the scope of its inbound domain's parent (the verified sending domain), or,
// once that inbound domain is deleted, of the domain it was received for and its parents.
import type { Knex } from 'knex';
import { expiredRows } from '../accounts/retention';
import type { AuthVerdicts, Mailbox, ReceivedEmailPayload } from '../model/inbound';
import { recordAudit } from '../platform/audit';
import type { Config } from '../platform/config';
import { utcMonthStart, type Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { decodeCursor, encodeCursor, escapeLike } from '../platform/pagination';
import {
  messageColumns,
  receivedDomain,
  receivedEmailPayload,
  withAttachmentRows,
  type InboundMessageRow,
} from './receivedEmail';
import {
  attachmentColumns,
  attachmentsWithContent,
  contentColumn,
  contentExpression,
  messagesWithContent,
  receivedRaw,
  releaseContents,
} from './storedContent';

export const MAX_INBOUND_LIMIT = 100;

/** A message in the listing: no bodies, no attachment links (GET /api/inbound/{id} has them). */
export interface InboundMessageSummary {
  id: string;
  received_at: string;
  domain: string;
  envelope: { from: string; to: string };
  from: Mailbox | null;
  subject: string;
  message_id: string | null;
  attachment_count: number;
  size: number;
  authentication: AuthVerdicts;
}

export interface InboundFilter {
  accountId: string;
  /** The caller's key scope ([]: every domain). */
  domainScope: readonly string[];
  limit: number;
  cursor?: string;
  /** The domain it was received for, exactly. */
  domain?: string;
  /** Part of the sender (the From address or MAIL FROM), case-insensitive. */
  from?: string;
  /** Part of the recipient (envelope), case-insensitive. */
  to?: string;
  since?: Date;
  until?: Date;
}

/** Rows of `m` (inbound_messages) the scope covers; `m.inbound_domain_id` joined to its parent's name. */
function inScope(query: Knex.QueryBuilder, db: Db, scope: readonly string[]): Knex.QueryBuilder {
  if (scope.length === 0) return query;
  const names = scope.map((d) => d.toLowerCase());
  return query.where((q) => {
    void q
      .whereIn(
        'm.inbound_domain_id',
        db('inbound_domains as i').join('domains as d', 'd.id', 'i.domain_id').whereIn('d.name', names).select('i.id'),
      )
      .orWhere((gone) => {
        void gone.whereNull('m.inbound_domain_id').whereRaw(
          `EXISTS (SELECT 1 FROM unnest(?::text[]) AS s(name)
                   WHERE substring(m.envelope_to from '@([^@]*)$') = s.name OR substring(m.envelope_to from '@([^@]*)$') LIKE '%.' || s.name)`,
          [names],
        );
      });
  });
}

const UNCHECKED: AuthVerdicts = { spf: 'none', dkim: 'none', dmarc: 'none', arc: 'none' };

/** Newest first, `limit` after `cursor`; the cursor names the last message shown (opaque to clients). */
export async function listInboundMessages(
  db: Db,
  _config: Config,
  filter: InboundFilter,
): Promise<{ data: InboundMessageSummary[]; nextCursor: string | null }> {
  if (!Number.isSafeInteger(filter.limit) || filter.limit < 1 || filter.limit > MAX_INBOUND_LIMIT)
    throw new PostageError('invalid_limit', `the limit must be a whole number from 1 to ${MAX_INBOUND_LIMIT}`, 'limit');
  const after = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
  const query = inScope(messagesWithContent(db).where('m.account_id', filter.accountId), db, filter.domainScope);
  if (filter.domain)
    void query.whereRaw(`substring(m.envelope_to from '@([^@]*)$') = ?`, [
      filter.domain.trim().toLowerCase().replace(/\.$/, ''),
    ]);
  if (filter.from)
    void query.where((q) => {
      void q
        .whereRaw(`${contentExpression('from_address')} ILIKE ?`, [`%${escapeLike(filter.from!)}%`])
        .orWhereILike('m.envelope_from', `%${escapeLike(filter.from!)}%`);
    });
  if (filter.to) void query.whereILike('m.envelope_to', `%${escapeLike(filter.to)}%`);
  if (filter.since) void query.where('m.received_at', '>=', filter.since);
  if (filter.until) void query.where('m.received_at', '<', filter.until);
  if (after) void query.whereRaw('(m.received_at, m.id) < (?::timestamptz, ?::uuid)', [after.at, after.id]);
  const rows = await query
    .select<
      {
        id: string;
        received_at: Date;
        cursor_at: string;
        envelope_from: string;
        envelope_to: string;
        parsed_from: Mailbox | null;
        subject: string | null;
        replied_message_id: string | null;
        size_bytes: number;
        verdicts: AuthVerdicts | null;
        attachment_count: string;
      }[]
    >(
      'm.id',
      'm.received_at',
      db.raw('m.received_at::text AS cursor_at'),
      'm.envelope_from',
      'm.envelope_to',
      db.raw(`${contentExpression('parsed')}->'from' AS parsed_from`),
      contentColumn(db, 'subject'),
      'm.replied_message_id',
      'm.size_bytes',
      'm.verdicts',
      db.raw('(SELECT count(*) FROM inbound_attachments a WHERE a.message_id = m.id) AS attachment_count'),
    )
    .orderBy([
      { column: 'm.received_at', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ])
    .limit(filter.limit + 1);
  const shown = rows.slice(0, filter.limit);
  const last = rows[filter.limit - 1];
  return {
    data: shown.map((r) => ({
      id: r.id,
      received_at: new Date(r.received_at).toISOString(),
      domain: receivedDomain(r),
      envelope: { from: r.envelope_from, to: r.envelope_to },
      from: r.parsed_from ?? null,
      subject: r.subject ?? '',
      message_id: r.replied_message_id,
      attachment_count: Number(r.attachment_count),
      size: r.size_bytes,
      authentication: r.verdicts ?? UNCHECKED,
    })),
    nextCursor: rows.length > filter.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/** The account's message in the caller's scope, without its bytes; undefined otherwise. */
async function ownMessage(
  db: Db,
  accountId: string,
  id: string,
  domainScope: readonly string[],
): Promise<InboundMessageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await inScope(
    messagesWithContent(db).where({ 'm.id': id, 'm.account_id': accountId }),
    db,
    domainScope,
  ).first<Omit<InboundMessageRow, 'attachments'> | undefined>(...messageColumns(db));
  if (!row) return undefined;
  const [withAttachments] = await withAttachmentRows(db, [row]);
  return withAttachments;
}

/** GET /api/inbound/{id}: the message as `email.received` shows it, bodies whole, fresh attachment links. */
export async function getInboundMessage(
  db: Db,
  config: Config,
  accountId: string,
  id: string,
  domainScope: readonly string[],
): Promise<(ReceivedEmailPayload & { id: string }) | undefined> {
  const row = await ownMessage(db, accountId, id, domainScope);
  return row ? { id: row.id, ...receivedEmailPayload(config, row) } : undefined;
}

/** GET /api/inbound/{id}/raw: the bytes as received. */
export async function getInboundRaw(
  db: Db,
  accountId: string,
  id: string,
  domainScope: readonly string[],
): Promise<Buffer | undefined> {
  if (!isUuid(id)) return undefined;
  return receivedRaw(db, id, (query) => inScope(query.where('m.account_id', accountId), db, domainScope));
}

/**
 * DELETE /api/inbound/{id}: the message, its parse and its attachments go at once (its own
 * attachment rows by the foreign key; a content no other message shares, with it); a `replied`
 * event on a sent message's timeline stays (it names an id that no longer opens). False when there
 * is no such message in the caller's scope.
 */
export async function deleteInboundMessage(
  db: Db,
  accountId: string,
  id: string,
  domainScope: readonly string[],
  actor: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (trx) => {
    const [found] = await inScope(
      trx('inbound_messages as m').where({ 'm.id': id, 'm.account_id': accountId }),
      trx,
      domainScope,
    ).select<{ id: string }[]>('m.id');
    if (!found) return false;
    const deleted = await trx('inbound_messages')
      .where({ id: found.id })
      .delete()
      .returning<{ content_ref: string | null }[]>('content_ref');
    if (deleted.length === 0) return false;
    await releaseContents(
      trx,
      deleted.map((d) => d.content_ref),
    );
    await recordAudit(trx, { accountId, actor, action: 'inbound.delete', details: { id } });
    return true;
  });
}

/** Received messages per purge transaction: each may carry tens of megabytes (raw and attachments, which go with it). */
const INBOUND_PURGE_BATCH_SIZE = 100;

/**
 * Retention (docs/inbound.md, "Retention"): the messages received before `cutoff`, `batchSize` a
 * transaction, each content with the last message that shares it; a reply's timeline event stays
 * with its sent message. How many messages went.
 */
export async function purgeReceivedBefore(db: Db, cutoff: Date, batchSize = INBOUND_PURGE_BATCH_SIZE): Promise<number> {
  return deleteReceivedInBatches(
    db,
    (trx, limit) => trx('inbound_messages').where('received_at', '<', cutoff).select('id').limit(limit),
    batchSize,
  );
}

/** As purgeReceivedBefore, each account's messages past its own retention of received mail (core/accounts/retention.ts). */
export async function purgeExpiredReceived(
  db: Db,
  input: { now: Date; defaultDays: number; batchSize?: number },
): Promise<number> {
  return deleteReceivedInBatches(
    db,
    (trx, limit) =>
      expiredRows(
        trx,
        { table: 'inbound_messages', key: 'id', at: 'received_at', kind: 'received' },
        input.now,
        input.defaultDays,
        limit,
      ),
    input.batchSize ?? INBOUND_PURGE_BATCH_SIZE,
  );
}

/**
 * Deletes the received messages whose ids `select` gives (at most `limit` of them), `batchSize` a
 * transaction until a batch comes back short, each content with the last message that shares it.
 * How many messages went (the purges above; an erasure, core/privacy/eraseAddress.ts).
 */
export async function deleteReceivedInBatches(
  db: Db,
  select: (trx: Knex.Transaction, limit: number) => Knex.QueryBuilder,
  batchSize = INBOUND_PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error(`batch size must be a positive integer, not ${batchSize}`);
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (trx) => {
      const rows = await trx('inbound_messages')
        .whereIn('id', select(trx, batchSize))
        .delete()
        .returning<{ content_ref: string | null }[]>('content_ref');
      await releaseContents(
        trx,
        rows.map((r) => r.content_ref),
      );
      return rows.length;
    });
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/** An attachment's name and bytes, for its signed link (the token was checked by the caller); undefined once purged. */
export async function attachmentForDownload(
  db: Db,
  attachmentId: string,
): Promise<{ filename: string; content: Buffer } | undefined> {
  if (!isUuid(attachmentId)) return undefined;
  return attachmentsWithContent(db)
    .where('a.id', attachmentId)
    .first<{ filename: string; content: Buffer } | undefined>(...attachmentColumns(db, ['filename', 'content']));
}

/** This UTC month's received messages and the plan's allowance (`inbound_monthly_quota`; no plan: the free plan's). */
export async function inboundUsage(
  db: Db,
  accountId: string,
  now: Date = new Date(),
): Promise<{ used: number; allowance: number }> {
  const row = await db('accounts as a')
    .leftJoin('plans as p', 'p.name', db.raw(`coalesce(a.plan, 'free')`))
    .leftJoin('inbound_usage as u', function () {
      this.on('u.account_id', '=', 'a.id').andOn('u.month', '=', db.raw('?::date', [utcMonthStart(now)]));
    })
    .where('a.id', accountId)
    .first<{ used: number | null; allowance: number | null } | undefined>(
      'u.count as used',
      'p.inbound_monthly_quota as allowance',
    );
  return { used: row?.used ?? 0, allowance: row?.allowance ?? 0 };
}
