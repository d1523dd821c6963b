// The receive workflow's first step (docs/inbound.md, "How a message is received"): marks the
// message started (the relay leaves it alone from now on) and parses its stored raw bytes once,
// in the worker (a 25 MB parse would block a listener's event loop). The parse, the subject and
// From address the listing shows, and the attachments (bytes, the type their bytes are, SHA-256)
// are written in one transaction, so a step run again after its worker died finds them and does
// nothing twice. A message mailparser cannot read is marked `malformed` and still announced.
import { createHash } from 'node:crypto';
import { fromBuffer } from 'file-type';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Mailbox } from '../model/inbound';
import type { Db } from '../platform/db';
import type { ParsedInbound } from './receivedEmail';

/** What the bytes of an attachment are when file-type does not know them. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** Longest filename kept; longer ones are cut (a header may carry kilobytes). */
const MAX_FILENAME_CHARS = 255;

export type ParseResult = { gone: true } | { gone: false; malformed: boolean };

export async function parseAndStoreReceived(db: Db, inboundId: string): Promise<ParseResult> {
  const row = await db('inbound_messages')
    .where({ id: inboundId })
    .update({ started_at: db.raw('coalesce(started_at, now())') })
    .returning<{ raw: Buffer | null; parsed: unknown; malformed: boolean }[]>(['raw', 'parsed', 'malformed'])
    .then((rows) => rows[0]);
  // Deleted (DELETE /api/inbound/{id}, or retention) before it was parsed: nothing to announce.
  if (!row || row.raw === null) return { gone: true };
  if (row.parsed !== null) return { gone: false, malformed: row.malformed };

  let mail: ParsedMail | undefined;
  try {
    mail = await simpleParser(row.raw, {
      // Kept as sent: no text made from HTML or HTML from text, no inline images rewritten.
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
    });
  } catch {
    mail = undefined;
  }
  const malformed = mail === undefined || mail.headers.size === 0;
  const parsed = mail && !malformed ? storable(parsedOf(mail)) : emptyParse();
  const attachments = mail && !malformed ? await describeAttachments(mail) : [];

  await db.transaction(async (trx) => {
    const updated = await trx('inbound_messages')
      .where({ id: inboundId })
      .whereNull('parsed')
      .update({
        parsed: JSON.stringify(parsed),
        subject: parsed.subject,
        from_address: parsed.from?.address ?? null,
        malformed,
      });
    if (updated === 0) return; // parsed meanwhile by a run of this step that outlived its timeout
    if (attachments.length > 0)
      await trx('inbound_attachments')
        .insert(attachments.map((a) => ({ message_id: inboundId, ...a })))
        .onConflict(['message_id', 'position'])
        .ignore();
  });
  return { gone: false, malformed };
}

/**
 * PostgreSQL text (and jsonb) holds no NUL character, which a hostile or broken message may carry:
 * each becomes U+FFFD, as an undecodable byte does.
 */
function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\u0000/g, '\uFFFD') as T;
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
