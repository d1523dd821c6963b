// A submitted message (the DATA of an SMTP transaction) into what the pipeline sends: sender and
// display name, subject, text, HTML, attachments, one Reply-To, tags, the sender's Message-ID,
// the idempotency key and the custom headers that may travel (core/model/customHeaders.ts).
// Every structural header (Bcc, Cc, Resent-*, Return-Path, Sender, Content-*, ...) is left
// behind: the message is composed again from these fields (core/ses/rawMessages.ts), so no header
// can redirect mail or add recipients.
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { isValidAddress, domainOf, type Mailbox } from '../core/model/addresses';
import { MAX_MESSAGE_TAGS, MAX_SUBJECT_LENGTH, MESSAGE_TAG, type Attachment } from '../core/model/messageContent';
import { IDEMPOTENCY_KEY } from '../core/sending/idempotency';
import type { Config } from '../core/platform/config';
import { passThroughHeaders } from '../core/model/customHeaders';

export const IDEMPOTENCY_HEADER = 'x-postage-idempotency-key';
export const TAGS_HEADER = 'x-postage-tags';
/** As the HTTP Idempotency-Key. */
const idempotencyKeyPattern = new RegExp(IDEMPOTENCY_KEY);
const TAG = new RegExp(MESSAGE_TAG);
/** `<left@right>` in visible ASCII, without spaces or further angle brackets. */
const MESSAGE_ID = /^<[\x21-\x3B\x3D\x3F-\x7E]+@[\x21-\x3B\x3D\x3F-\x7E]+>$/;
const CONTROL = /[\x00-\x08\x0A-\x1F\x7F]/g;
const FILENAME_FORBIDDEN = /[\x00-\x1F\x7F\\/"]/g;

export interface Submission {
  from: Mailbox;
  fromDomain: string;
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
  tags?: Record<string, string>;
  attachments: Attachment[];
  messageIdHeader?: string;
  idempotencyKey?: string;
  /** The non-structural headers that passed the custom-header rules (docs/smtp.md, "What a message carries"). */
  headers?: Record<string, string>;
  /** Display names of the To and Cc headers, by lower-cased address (each recipient's own message is addressed to it alone). */
  recipientNames: Map<string, string>;
}

export type ParseResult =
  { ok: true; submission: Submission } | { ok: false; refusal: 'message_invalid' | 'sender_mismatch'; detail: string };

const invalid = (detail: string): ParseResult => ({ ok: false, refusal: 'message_invalid', detail });

function addressesOf(field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const out: { address: string; name: string }[] = [];
  // Groups (`team: a@x, b@y;`) hold their members one level down.
  for (const o of objects)
    for (const v of o.value)
      for (const m of v.group ?? [v]) if (m.address) out.push({ address: m.address, name: m.name });
  return out;
}

const lowerDomain = (address: string) => `${address.slice(0, address.lastIndexOf('@'))}@${domainOf(address)}`;

function parseTags(value: string): Record<string, string> | string {
  const tags: Record<string, string> = {};
  for (const pair of value.split(',')) {
    if (!pair.trim()) continue;
    const eq = pair.indexOf('=');
    const name = (eq === -1 ? '' : pair.slice(0, eq)).trim();
    const val = pair.slice(eq + 1).trim();
    if (!TAG.test(name) || !TAG.test(val))
      return 'X-Postage-Tags is `name=value, name2=value2`, each 1 to 256 ASCII letters, digits, _ or -';
    tags[name] = val;
  }
  if (Object.keys(tags).length > MAX_MESSAGE_TAGS) return `X-Postage-Tags holds at most ${MAX_MESSAGE_TAGS} tags`;
  return tags;
}

/** Each top-level header as sent: its name's spelling, its value unfolded and trimmed. */
function headerFields(parsed: ParsedMail): [string, string][] {
  return parsed.headerLines.map(({ line }) => {
    // mailparser hands raw 8-bit header bytes over as latin1; UTF-8 is what a client sends today.
    const utf8 = Buffer.from(line, 'latin1').toString('utf8');
    const text = utf8.includes('\uFFFD') ? line : utf8;
    const colon = text.indexOf(':');
    return [
      text.slice(0, colon).trim(),
      text
        .slice(colon + 1)
        .replace(/\r?\n(?=[ \t])/g, '')
        .trim(),
    ];
  });
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const v = parsed.headers.get(name);
  return typeof v === 'string' ? v.trim() : undefined;
}

export async function parseSubmission(
  raw: Buffer,
  envelopeFrom: string,
  limits: Config['limits'],
): Promise<ParseResult> {
  // Links and text-as-HTML are conveniences for display; the pipeline wants the parts as sent. A
  // text made from the HTML would never be sent (HTML wins), and making it holds the event loop.
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });

  const senders = addressesOf(parsed.from);
  if (senders.length > 1) return invalid('The From header must hold one address');
  const header = senders[0];
  if (header && !isValidAddress(header.address)) return invalid('The From header address is not valid');
  const from: Mailbox = header
    ? { address: lowerDomain(header.address), name: header.name.replace(CONTROL, ' ').trim().slice(0, 200) }
    : { address: envelopeFrom, name: '' };
  if (domainOf(from.address) !== domainOf(envelopeFrom))
    return { ok: false, refusal: 'sender_mismatch', detail: `MAIL FROM is on ${domainOf(envelopeFrom)}` };

  const subject = (parsed.subject ?? '').replace(CONTROL, ' ');
  if (subject.length > MAX_SUBJECT_LENGTH)
    return invalid(`The subject is longer than ${MAX_SUBJECT_LENGTH} characters`);
  const html = typeof parsed.html === 'string' && parsed.html.length > 0 ? parsed.html : undefined;
  const text = parsed.text !== undefined && parsed.text.length > 0 ? parsed.text : undefined;
  if ((html ?? '').includes('\0') || (text ?? '').includes('\0'))
    return invalid('The body must not contain NUL characters');

  const attachments: Attachment[] = parsed.attachments.map((a, i) => ({
    filename:
      (a.filename ?? `attachment-${i + 1}`).replace(FILENAME_FORBIDDEN, '_').slice(0, 255) || `attachment-${i + 1}`,
    contentType: a.contentType || 'application/octet-stream',
    data: a.content,
  }));
  if (attachments.length > limits.maxAttachments) return invalid(`At most ${limits.maxAttachments} attachments`);
  const total = attachments.reduce((sum, a) => sum + a.data.length, 0);
  if (total > limits.maxAttachmentBytes)
    return invalid(`Attachments may total at most ${limits.maxAttachmentBytes} bytes`);
  if (!html && !text && attachments.length === 0) return invalid('The message has no text, HTML or attachment');

  // One Reply-To travels (docs/smtp.md, "What a message carries"): the first valid one.
  const replyTo = addressesOf(parsed.replyTo).find((r) => isValidAddress(r.address))?.address;

  const tagsHeader = headerText(parsed, TAGS_HEADER);
  const tags = tagsHeader !== undefined ? parseTags(tagsHeader) : undefined;
  if (typeof tags === 'string') return invalid(tags);

  const idempotencyKey = headerText(parsed, IDEMPOTENCY_HEADER);
  if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey))
    return invalid('X-Postage-Idempotency-Key must be 1 to 255 visible ASCII characters');

  const messageId = parsed.messageId?.trim();
  const headers = passThroughHeaders(headerFields(parsed));
  const recipientNames = new Map<string, string>();
  for (const r of [...addressesOf(parsed.to), ...addressesOf(parsed.cc)])
    if (r.name) recipientNames.set(r.address.toLowerCase(), r.name.replace(CONTROL, ' ').trim().slice(0, 200));

  return {
    ok: true,
    submission: {
      from,
      fromDomain: domainOf(from.address),
      subject,
      ...(html !== undefined ? { html } : {}),
      ...(text !== undefined ? { text } : {}),
      ...(replyTo !== undefined ? { replyTo } : {}),
      ...(tags !== undefined && Object.keys(tags).length > 0 ? { tags } : {}),
      attachments,
      ...(messageId !== undefined && messageId.length <= 250 && MESSAGE_ID.test(messageId)
        ? { messageIdHeader: messageId }
        : {}),
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      recipientNames,
    },
  };
}
