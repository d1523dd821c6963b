// A received message's content as stored (docs/inbound.md, "How a message is received"; the
// migration 20261204000000_inbound_contents): the bytes as the sender sent them, their parse and
// their attachments' bytes are kept once per account and SHA-256 of the bytes, shared by every
// message (one per recipient) they came as; each message keeps its own trace line and its
// attachments' ids. Messages stored before contents were shared hold all of it themselves: every
// read of a message's bytes, parse or attachments goes through here, which reads both shapes.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../platform/db';

type Queryable = Db | Knex.Transaction;

/** SHA-256 of a message's bytes: its content's key within the account. */
export function contentHash(raw: Buffer): Buffer {
  return createHash('sha256').update(raw).digest();
}

/** Turns of holdContent before it gives up: each lost only to a concurrent store or release of the same bytes. */
const HOLD_TURNS = 5;

/**
 * The account's content of these bytes, stored when it is not yet, and locked (FOR KEY SHARE)
 * until `trx` ends: a release of it by a message deleted meanwhile waits for the message that
 * now names it, or has deleted it already and a new one is stored.
 */
export async function holdContent(
  trx: Knex.Transaction,
  accountId: string,
  raw: Buffer,
  sha256: Buffer,
): Promise<string> {
  for (let turn = 0; turn < HOLD_TURNS; turn++) {
    const found = await trx.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM inbound_contents WHERE account_id = ? AND sha256 = ? FOR KEY SHARE`,
      [accountId, sha256],
    );
    if (found.rows[0]) return found.rows[0].id;
    // Stored meanwhile by another message of the same bytes: no row, and the next turn finds it.
    const stored = await trx.raw<{ rows: { id: string }[] }>(
      `INSERT INTO inbound_contents (account_id, sha256, size_bytes, raw) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, sha256) DO NOTHING RETURNING id`,
      [accountId, sha256, raw.length, raw],
    );
    if (stored.rows[0]) return stored.rows[0].id;
  }
  throw new Error('received content neither found nor stored');
}

/**
 * Deletes the contents no message names any more, within the transaction that deleted their
 * messages. Each is locked first (FOR UPDATE), so a message being stored with it (holding it
 * FOR KEY SHARE) commits before the check, which then sees it and keeps the content.
 */
export async function releaseContents(trx: Knex.Transaction, refs: (string | null)[]): Promise<void> {
  const ids = [...new Set(refs.filter((ref): ref is string => ref !== null))].sort();
  if (ids.length === 0) return;
  await trx.raw(`SELECT id FROM inbound_contents WHERE id = ANY(?::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
  await trx.raw(
    `DELETE FROM inbound_contents c WHERE c.id = ANY(?::uuid[])
     AND NOT EXISTS (SELECT 1 FROM inbound_messages m WHERE m.content_ref = c.id)`,
    [ids],
  );
}

/** A message's columns that its content holds (or the message itself, stored whole), as SQL over `m` and `c`. */
const CONTENT_SQL = {
  raw: `CASE WHEN m.content_ref IS NULL THEN m.raw ELSE coalesce(m.trace, ''::bytea) || c.raw END`,
  parsed: 'coalesce(c.parsed, m.parsed)',
  subject: 'coalesce(c.subject, m.subject)',
  from_address: 'coalesce(c.from_address, m.from_address)',
  malformed: 'coalesce(c.malformed, m.malformed)',
} as const;

export type ContentColumn = keyof typeof CONTENT_SQL;

/** `inbound_messages` as `m` with its shared content as `c` (none for a message stored whole), as SQL. */
export const MESSAGES_WITH_CONTENT = 'inbound_messages m LEFT JOIN inbound_contents c ON c.id = m.content_ref';

/** `inbound_messages` as `m` with its shared content as `c`, to select from. */
export function messagesWithContent(db: Queryable): Knex.QueryBuilder {
  return db.from(db.raw(MESSAGES_WITH_CONTENT));
}

/** The content's column, for a select over messagesWithContent (named as the column). */
export function contentColumn(db: Queryable, column: ContentColumn): Knex.Raw {
  return db.raw(`${CONTENT_SQL[column]} AS ${column}`);
}

/** The content's column as an expression, for a where or order over messagesWithContent. */
export function contentExpression(column: ContentColumn): string {
  return CONTENT_SQL[column];
}

/** An attachment's columns that a shared content holds (or the attachment's row itself), as SQL over `a` and `ca`. */
const ATTACHMENT_SQL = {
  filename: 'coalesce(a.filename, ca.filename)',
  declared_type: 'coalesce(a.declared_type, ca.declared_type)',
  detected_type: 'coalesce(a.detected_type, ca.detected_type)',
  size_bytes: 'coalesce(a.size_bytes, ca.size_bytes)',
  sha256: 'coalesce(a.sha256, ca.sha256)',
  // A row stored whole has no `ca`; a shared content's row has no content id of its own.
  content_id: 'coalesce(a.content_id, ca.content_id)',
  content: 'coalesce(a.content, ca.content)',
} as const;

export type AttachmentColumn = keyof typeof ATTACHMENT_SQL;

/** `inbound_attachments as a` with its message `m` and the shared content's attachment as `ca`. */
export function attachmentsWithContent(db: Queryable): Knex.QueryBuilder {
  return db('inbound_attachments as a')
    .join('inbound_messages as m', 'm.id', 'a.message_id')
    .leftJoin('inbound_content_attachments as ca', function () {
      this.on('ca.content_ref', '=', 'm.content_ref').andOn('ca.position', '=', 'a.position');
    });
}

/** Attachment columns for a select over attachmentsWithContent (named as the columns). */
export function attachmentColumns(db: Queryable, columns: readonly AttachmentColumn[]): Knex.Raw[] {
  return columns.map((column) => db.raw(`${ATTACHMENT_SQL[column]} AS ${column}`));
}

/**
 * A received message's bytes as received (its trace line, then its content), or undefined when it
 * is gone, or not among those `within` narrows the query over `m` to.
 */
export async function receivedRaw(
  db: Queryable,
  inboundId: string,
  within: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query,
): Promise<Buffer | undefined> {
  const row = await within(messagesWithContent(db).where('m.id', inboundId)).first<{ raw: Buffer | null } | undefined>(
    contentColumn(db, 'raw'),
  );
  return row?.raw ?? undefined;
}
