// A received message as stored (inbound_messages with its content, core/inbound/storedContent.ts)
// and as `email.received` and GET /api/inbound/{id} show it (docs/inbound.md, "The event"): one
// presenter for both, so the event, its replay and the API never differ but for the webhook's cut
// of long bodies. Attachment links are signed fresh each time a payload is built.
import type { Knex } from 'knex';
import {
  MAX_EVENT_BODY_CHARS,
  type AuthVerdicts,
  type InboundSource,
  type Mailbox,
  type ReceivedEmailPayload,
} from '../model/inbound';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';
import { signAttachmentUrl } from './attachmentUrls';
import { attachmentColumns, attachmentsWithContent, contentColumn, messagesWithContent } from './storedContent';

/** What parseReceivedMessage keeps of a message (the `parsed` column), in the payload's own terms. */
export interface ParsedInbound {
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  reply_to: Mailbox[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: { message_id: string | null; in_reply_to: string | null; references: string[] };
  /** The Date header, ISO; null when absent or unreadable. */
  date: string | null;
}

/** A message without its raw bytes, and its attachments without their bytes. */
export interface InboundMessageRow {
  id: string;
  account_id: string;
  inbound_domain_id: string | null;
  rule_id: string | null;
  source: InboundSource;
  source_id: string | null;
  envelope_from: string;
  envelope_to: string;
  client_ip: string | null;
  helo: string | null;
  size_bytes: number;
  parsed: ParsedInbound | null;
  subject: string | null;
  from_address: string | null;
  malformed: boolean;
  verdicts: AuthVerdicts | null;
  replied_message_id: string | null;
  received_at: Date;
  started_at: Date | null;
  recorded_at: Date | null;
  attachments: InboundAttachmentRow[];
}

export interface InboundAttachmentRow {
  id: string;
  position: number;
  filename: string;
  declared_type: string;
  detected_type: string;
  size_bytes: number;
  sha256: string;
  content_id: string | null;
}

/** The message's own columns: every one but its bytes (a listing or a payload never carries 25 MB it does not show). */
const OWN_COLUMNS = [
  'id',
  'account_id',
  'inbound_domain_id',
  'rule_id',
  'source',
  'source_id',
  'envelope_from',
  'envelope_to',
  'client_ip',
  'helo',
  'size_bytes',
  'verdicts',
  'replied_message_id',
  'received_at',
  'started_at',
  'recorded_at',
] as const;

/** A message's columns over messagesWithContent (`m`, `c`): its own, and its content's parse and listing fields. */
export function messageColumns(db: Db | Knex.Transaction): (string | Knex.Raw)[] {
  return [
    ...OWN_COLUMNS.map((c) => `m.${c}`),
    ...(['parsed', 'subject', 'from_address', 'malformed'] as const).map((c) => contentColumn(db, c)),
  ];
}

const ATTACHMENT_COLUMNS = [
  'filename',
  'declared_type',
  'detected_type',
  'size_bytes',
  'sha256',
  'content_id',
] as const;

/** The message and its attachments' descriptions, or undefined (no such id, or deleted). */
export async function loadInboundMessage(
  db: Db | Knex.Transaction,
  id: string,
): Promise<InboundMessageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await messagesWithContent(db)
    .where('m.id', id)
    .first<Omit<InboundMessageRow, 'attachments'> | undefined>(...messageColumns(db));
  if (!row) return undefined;
  const [withAttachments] = await withAttachmentRows(db, [row]);
  return withAttachments;
}

/** Rows with their attachments' descriptions, in one query for all of them. */
export async function withAttachmentRows(
  db: Db | Knex.Transaction,
  rows: Omit<InboundMessageRow, 'attachments'>[],
): Promise<InboundMessageRow[]> {
  if (rows.length === 0) return [];
  const attachments = await attachmentsWithContent(db)
    .whereIn(
      'a.message_id',
      rows.map((r) => r.id),
    )
    .orderBy([{ column: 'a.message_id' }, { column: 'a.position' }])
    .select<(InboundAttachmentRow & { message_id: string })[]>(
      'a.id',
      'a.message_id',
      'a.position',
      ...attachmentColumns(db, ATTACHMENT_COLUMNS),
    );
  return rows.map((r) => ({
    ...r,
    attachments: attachments.filter((a) => a.message_id === r.id).map(({ message_id: _, ...a }) => a),
  }));
}

/** Verdicts not yet checked (the workflow has not got there): nothing is known, so `none`. */
const UNCHECKED: AuthVerdicts = { spf: 'none', dkim: 'none', dmarc: 'none', arc: 'none' };

/** The domain a message was received for: its recipient's (the inbound domain may be deleted since; the message stays). */
export function receivedDomain(row: Pick<InboundMessageRow, 'envelope_to'>): string {
  return row.envelope_to.slice(row.envelope_to.lastIndexOf('@') + 1);
}

function cut(value: string | null, limit: number | undefined): { value: string | null; cut: boolean } {
  if (value === null || limit === undefined || value.length <= limit) return { value, cut: false };
  return { value: value.slice(0, limit), cut: true };
}

/**
 * `email.received`'s payload, and GET /api/inbound/{id}'s body (`forWebhook: false`, the default:
 * text and html whole). In the webhook each of text and html is cut to MAX_EVENT_BODY_CHARS, and
 * `truncated` says so.
 */
export function receivedEmailPayload(
  config: Pick<Config, 'secretKey' | 'api' | 'inbound'>,
  row: InboundMessageRow,
  opts: { forWebhook?: boolean; now?: number } = {},
): ReceivedEmailPayload {
  const parsed = row.parsed;
  const limit = opts.forWebhook ? MAX_EVENT_BODY_CHARS : undefined;
  const text = cut(parsed?.text ?? null, limit);
  const html = cut(parsed?.html ?? null, limit);
  return {
    inbound_id: row.id,
    message_id: row.replied_message_id,
    domain: receivedDomain(row),
    rule_id: row.rule_id,
    received_at: new Date(row.received_at).toISOString(),
    envelope: { from: row.envelope_from, to: row.envelope_to },
    from: parsed?.from ?? null,
    to: parsed?.to ?? [],
    cc: parsed?.cc ?? [],
    reply_to: parsed?.reply_to ?? [],
    subject: parsed?.subject ?? row.subject ?? '',
    text: text.value,
    html: html.value,
    truncated: text.cut || html.cut,
    headers: parsed?.headers ?? { message_id: null, in_reply_to: null, references: [] },
    authentication: row.verdicts ?? UNCHECKED,
    attachments: row.attachments.map((a) => {
      const link = signAttachmentUrl(config, a.id, opts.now);
      return {
        id: a.id,
        filename: a.filename,
        content_type: a.detected_type,
        declared_content_type: a.declared_type,
        size: a.size_bytes,
        sha256: a.sha256,
        content_id: a.content_id,
        download_url: link.url,
        expires_at: link.expiresAt.toISOString(),
      };
    }),
    size: row.size_bytes,
    source: row.source,
  };
}
