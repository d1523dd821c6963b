// The receive workflow's first step (docs/inbound.md, "How a message is received"): marks the
// message started (the relay leaves it alone from now on) and parses its stored bytes once, in the
// worker (a 25 MB parse would block a listener's event loop). The parse, the subject and From
// address the listing shows, and the attachments (bytes, the type their bytes are, SHA-256) are
// written in one transaction, so a step run again after its worker died finds them and does nothing
// twice. They are written once for a content that several messages share (core/inbound/
// storedContent.ts): the others' steps find it parsed and only give their message its attachments'
// ids. Parsing never fails on what a message holds: what mailparser cannot read, and a parse
// PostgreSQL refuses as data, is stored empty and marked `malformed`, and still announced.
/// <reference lib="es2024.string" />
// String.prototype.toWellFormed (Node 20 and later; the project's lib is ES2022).
import { createHash } from 'node:crypto';
import { fromBuffer } from 'file-type';
import type { Knex } from 'knex';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Mailbox } from '../model/inbound';
import type { Db } from '../platform/db';
import type { ParsedInbound } from './receivedEmail';

/** What the bytes of an attachment are when file-type does not know them. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** Longest filename kept; longer ones are cut (a header may carry kilobytes). */
const MAX_FILENAME_CHARS = 255;

export type ParseResult = { gone: true } | { gone: false; malformed: boolean };

/** What was read of a message: the parse, its attachments' rows (without whose they are), whether it was unreadable. */
interface Reading {
  parsed: ParsedInbound;
  attachments: Awaited<ReturnType<typeof describeAttachments>>;
  malformed: boolean;
}

/** Where a message's parse goes: its shared content, or the message itself (stored whole, before contents were shared). */
type ParseTarget = { kind: 'content'; contentRef: string } | { kind: 'whole' };

export async function parseAndStoreReceived(db: Db, inboundId: string): Promise<ParseResult> {
  const marked = await db('inbound_messages')
    .where({ id: inboundId })
    .update({ started_at: db.raw('coalesce(started_at, now())') })
    .returning<{ content_ref: string | null }[]>(['content_ref'])
    .then((rows) => rows[0]);
  // Deleted (DELETE /api/inbound/{id}, or retention) before it was parsed: nothing to announce.
  if (!marked) return { gone: true };
  const target: ParseTarget =
    marked.content_ref === null ? { kind: 'whole' } : { kind: 'content', contentRef: marked.content_ref };
  const state = await parseState(db, inboundId, target);
  if (!state) return { gone: true };
  if (state.parsed) {
    if (target.kind === 'content') await db.transaction((trx) => linkAttachments(trx, inboundId));
    return { gone: false, malformed: state.malformed };
  }
  const raw = await unparsedBytes(db, inboundId, target);
  if (raw === undefined) return { gone: true };
  const reading = await readMessage(raw);
  try {
    if (!(await storeReading(db, inboundId, target, reading))) return { gone: true };
    return { gone: false, malformed: reading.malformed };
  } catch (err) {
    // Something read out of the message that PostgreSQL cannot hold: a fact of the message, not
    // an outage, so it is stored as unreadable instead of being tried again for a day.
    if (!isDataRefusal(err)) throw err;
    if (!(await storeReading(db, inboundId, target, unreadable()))) return { gone: true };
    return { gone: false, malformed: true };
  }
}

/** The row the target's parse and bytes are in. */
function targetRow(db: Db | Knex.Transaction, inboundId: string, target: ParseTarget): Knex.QueryBuilder {
  return target.kind === 'content'
    ? db('inbound_contents').where({ id: target.contentRef })
    : db('inbound_messages').where({ id: inboundId });
}

/** Whether the target is parsed already, and malformed; undefined when the message is gone. */
async function parseState(
  db: Db,
  inboundId: string,
  target: ParseTarget,
): Promise<{ parsed: boolean; malformed: boolean } | undefined> {
  return targetRow(db, inboundId, target)
    .whereNotNull('raw')
    .first<{ parsed: boolean; malformed: boolean } | undefined>(db.raw('parsed IS NOT NULL AS parsed'), 'malformed');
}

/** The bytes to parse; read only when no parse is stored yet (a step that finds its content parsed fetches none). */
async function unparsedBytes(db: Db, inboundId: string, target: ParseTarget): Promise<Buffer | undefined> {
  const row = await targetRow(db, inboundId, target).first<{ raw: Buffer | null } | undefined>('raw');
  return row?.raw ?? undefined;
}

/** mailparser's reading of the bytes; whatever they hold, never a failure (unreadable: `malformed`). */
async function readMessage(raw: Buffer): Promise<Reading> {
  try {
    const mail = await simpleParser(raw, {
      // Kept as sent: no text made from HTML or HTML from text, no inline images rewritten.
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
    });
    if (mail.headers.size === 0) return unreadable();
    return { parsed: storable(parsedOf(mail)), attachments: await describeAttachments(mail), malformed: false };
  } catch {
    return unreadable();
  }
}

function unreadable(): Reading {
  return { parsed: emptyParse(), attachments: [], malformed: true };
}

/** SQLSTATE class 22, data exception: PostgreSQL refused a value (an escape jsonb cannot hold, a bad encoding). */
function isDataRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * The reading, its listing fields and its attachments in one transaction, unless a parse is there
 * already. False when the message is gone (deleted meanwhile).
 */
async function storeReading(db: Db, inboundId: string, target: ParseTarget, reading: Reading): Promise<boolean> {
  const fields = {
    parsed: JSON.stringify(reading.parsed),
    subject: reading.parsed.subject,
    from_address: reading.parsed.from?.address ?? null,
    malformed: reading.malformed,
  };
  return db.transaction(async (trx) => {
    // The message before its content, the order a delete or purge takes them (its DELETE, then
    // releaseContents): the other way round, the attachments' foreign key would wait here for a
    // delete that waits for the content held here, and PostgreSQL aborts one of the two.
    if (target.kind === 'content' && !(await lockMessage(trx, inboundId))) return false;
    // None when parsed meanwhile: by a run of this step that outlived its timeout, or by another
    // message's step (the same content).
    const updated = await targetRow(trx, inboundId, target).whereNull('parsed').update(fields);
    if (updated > 0 && reading.attachments.length > 0) {
      const owner =
        target.kind === 'content'
          ? { table: 'inbound_content_attachments', column: 'content_ref', id: target.contentRef }
          : { table: 'inbound_attachments', column: 'message_id', id: inboundId };
      await trx(owner.table)
        .insert(reading.attachments.map((a) => ({ [owner.column]: owner.id, ...a })))
        .onConflict([owner.column, 'position'])
        .ignore();
    }
    if (target.kind === 'content') await linkAttachments(trx, inboundId);
    return true;
  });
}

/** Locks the message (FOR KEY SHARE: a delete of it waits) until `trx` ends; false when it is gone. */
async function lockMessage(trx: Knex.Transaction, inboundId: string): Promise<boolean> {
  const found = await trx.raw<{ rows: unknown[] }>(`SELECT 1 FROM inbound_messages WHERE id = ? FOR KEY SHARE`, [
    inboundId,
  ]);
  return found.rows.length > 0;
}

/** The message's own rows for its content's attachments (their ids are in download links); none twice. */
async function linkAttachments(trx: Knex.Transaction, inboundId: string): Promise<void> {
  await trx.raw(
    `INSERT INTO inbound_attachments (message_id, position)
     SELECT m.id, ca.position FROM inbound_messages m
     JOIN inbound_content_attachments ca ON ca.content_ref = m.content_ref
     WHERE m.id = ?
     ON CONFLICT (message_id, position) DO NOTHING`,
    [inboundId],
  );
}

/**
 * PostgreSQL text and jsonb hold neither a NUL character nor half of a UTF-16 surrogate pair
 * (JSON.stringify writes a lone one as `\udc00`, which jsonb refuses), and a hostile or broken
 * message may carry both: each becomes U+FFFD, as an undecodable byte does.
 */
function storable<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed().replace(/\u0000/g, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storable(v)])) as T;
  return value;
}

function emptyParse(): ParsedInbound {
  return {
    from: null,
    to: [],
    cc: [],
    reply_to: [],
    subject: '',
    text: null,
    html: null,
    headers: { message_id: null, in_reply_to: null, references: [] },
    date: null,
  };
}

/** Every mailbox of a header, groups opened up; addresses as written, names '' when none. */
function mailboxes(value: AddressObject | AddressObject[] | undefined): Mailbox[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const out: Mailbox[] = [];
  const walk = (list: AddressObject['value']) => {
    for (const entry of list) {
      if (entry.group) walk(entry.group);
      else if (entry.address) out.push({ address: entry.address, name: entry.name ?? '' });
    }
  };
  for (const o of objects) walk(o.value);
  return out;
}

/** One message id as headers carry it: `<id>`, trimmed; null when empty. */
function messageIdOf(value: string | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function parsedOf(mail: ParsedMail): ParsedInbound {
  const references =
    mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  return {
    from: mailboxes(mail.from)[0] ?? null,
    to: mailboxes(mail.to),
    cc: mailboxes(mail.cc),
    reply_to: mailboxes(mail.replyTo),
    subject: mail.subject ?? '',
    text: mail.text ?? null,
    html: mail.html === false ? null : mail.html,
    headers: {
      message_id: messageIdOf(mail.messageId),
      in_reply_to: messageIdOf(mail.inReplyTo),
      references: references.flatMap((r) => r.split(/\s+/)).filter(Boolean),
    },
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
  };
}

/** The attachments' rows (without the message id): bytes, what the bytes are, and their SHA-256. */
async function describeAttachments(mail: ParsedMail) {
  return Promise.all(
    mail.attachments.map(async (a, position) => {
      const detected = await fromBuffer(a.content).catch(() => undefined);
      return {
        position,
        filename: storable((a.filename ?? `attachment-${position + 1}`).slice(0, MAX_FILENAME_CHARS)),
        declared_type: storable(a.contentType || UNKNOWN_CONTENT_TYPE),
        detected_type: detected?.mime ?? UNKNOWN_CONTENT_TYPE,
        size_bytes: a.content.length,
        sha256: createHash('sha256').update(a.content).digest('hex'),
        content_id: a.cid === undefined ? null : storable(a.cid),
        content: a.content,
      };
    }),
  );
}
