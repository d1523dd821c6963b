// The shared-mode email log (docs/sending.md, "The email log"). BYOC messages never get a row.
import type { Db } from '../platform/db';
import type { Knex } from 'knex';
import type { MessageStatus, ProviderOutcome } from '../model/outcomes';

import type { MessageKind } from '../model/sendingModes';
import { PostageError } from '../platform/errors';
import { domainOfAddress } from '../accounts/keyScope';

export interface EmailLogRow {
  message_id: string;
  account_id: string;
  recipient: string;
  from_email: string;
  subject: string;
  status: MessageStatus;
  kind: MessageKind;
  /** Sent with a test key (docs/test-recipients.md, "Test keys"). */
  test: boolean;
  attachments: number;
  provider_message_id: string | null;
  bounce_type: string | null;
  bounce_subtype: string | null;
  smtp_response: string | null;
  failure_reason: string | null;
  created_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  bounced_at: Date | null;
  complained_at: Date | null;
  failed_at: Date | null;
  /** The send's tags (shared mode); `{}` without. */
  tags: Record<string, string>;
  /** A scheduled send's time (moved by a reschedule). */
  scheduled_at: Date | null;
  /** The template and version the message was rendered from. */
  template_id: string | null;
  template_version: number | null;
}

/**
 * The row and its `queued` timeline event in one statement (atomic, one round trip). Its time is
 * when the API accepted it (the staging transaction), not when this activity ran: the log's order
 * and the timeline are the customer's send order. A retry finds both and changes nothing.
 */
export async function insertQueuedLogRow(
  db: Db,
  row: {
    messageId: string;
    accountId: string;
    recipient: string;
    fromEmail: string;
    subject: string;
    kind: MessageKind;
    test?: boolean;
    attachments: number;
    tags?: Record<string, string>;
    scheduledAt?: string;
    template?: { id: string; version: number | null };
  },
): Promise<void> {
  // A scheduled message is `scheduled` until its release (core/sending/scheduledSends.ts) queues it.
  const status = row.scheduledAt ? 'scheduled' : 'queued';
  await db.raw(
    `WITH inserted AS (
       INSERT INTO email_log (message_id, account_id, recipient, from_email, subject, kind, test, attachments, tags, scheduled_at, template_id, template_version, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz, ?::uuid, ?::integer, ?, COALESCE((SELECT created_at FROM staged_messages WHERE message_id = ?), now()))
       ON CONFLICT (message_id) DO NOTHING
       RETURNING message_id, created_at)
     INSERT INTO email_events (message_id, type, at, details) SELECT message_id, ?, created_at, ?::jsonb FROM inserted ON CONFLICT DO NOTHING`,
    [
      row.messageId,
      row.accountId,
      row.recipient,
      row.fromEmail,
      row.subject,
      row.kind,
      row.test === true,
      row.attachments,
      JSON.stringify(row.tags ?? {}),
      row.scheduledAt ?? null,
      row.template?.id ?? null,
      row.template?.version ?? null,
      status,
      row.messageId,
      status,
      // The timeline says from its first event that a test key's message is simulated.
      JSON.stringify(row.test ? { test: 'true' } : {}),
    ],
  );
}

export async function getLogRow(db: Db, messageId: string): Promise<EmailLogRow | undefined> {
  return db<EmailLogRow>('email_log').where({ message_id: messageId }).first();
}

/**
 * The domain a message was sent from, whether or not its log row exists: the row's sender, else
 * its scheduled send's (a BYOC message never has a row; a shared one has none in its first
 * moments). `null`: a scheduled send recorded before its domain was kept; undefined: no such
 * message here.
 */
export async function messageSenderDomain(db: Db, messageId: string): Promise<string | null | undefined> {
  const { rows } = await db.raw<{ rows: { from_email: string | null; sender_domain: string | null }[] }>(
    `SELECT l.from_email, s.sender_domain FROM (SELECT 1) one
     LEFT JOIN email_log l ON l.message_id = ? LEFT JOIN scheduled_sends s ON s.message_id = ?
     WHERE l.message_id IS NOT NULL OR s.message_id IS NOT NULL`,
    [messageId, messageId],
  );
  const [row] = rows;
  if (!row) return undefined;
  return row.from_email !== null ? domainOfAddress(row.from_email) : row.sender_domain;
}

/**
 * The status and its timeline event in one statement: a retried activity finds both or neither.
 * Returns the row's `sent_at` (also when an earlier attempt set it; undefined without a row).
 */
export async function markLogRowSent(db: Db, messageId: string, providerMessageId: string): Promise<Date | undefined> {
  const { rows } = await db.raw<{ rows: { sent_at: Date | null }[] }>(
    `WITH updated AS (
       UPDATE email_log SET status = 'sent', provider_message_id = ?, sent_at = now(), updated_at = now()
       WHERE message_id = ? AND status = 'queued'
       RETURNING message_id, sent_at),
     event AS (
       INSERT INTO email_events (message_id, type, at, details) SELECT message_id, 'sent', sent_at, ?::jsonb FROM updated ON CONFLICT DO NOTHING)
     SELECT COALESCE((SELECT sent_at FROM updated), (SELECT sent_at FROM email_log WHERE message_id = ?)) AS sent_at`,
    [providerMessageId, messageId, JSON.stringify({ provider_message_id: providerMessageId }), messageId],
  );
  return rows[0]?.sent_at ?? undefined;
}

// Which statuses an outcome may replace: a complaint can follow a delivery, nothing replaces a
// bounce or a complaint, and a late delivery never hides a failure.
const REPLACEABLE: Record<Exclude<ProviderOutcome['type'], 'delayed'>, MessageStatus[]> = {
  delivered: ['queued', 'sent'],
  bounced: ['queued', 'sent', 'delivered'],
  complained: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

/**
 * Applies an outcome to the log row with its timeline event, in one statement. `applied` is false
 * when the row's status already supersedes it, unless the event was recorded by this same call
 * (`recordedBy`: a call re-run after its worker died finds its own write and still announces it);
 * `status` is the row's status afterwards (undefined when there is no row).
 */
export async function applyOutcomeToLog(
  db: Db,
  messageId: string,
  outcome: ProviderOutcome,
  recordedBy?: string,
): Promise<{ applied: boolean; status: MessageStatus | undefined }> {
  if (outcome.type === 'delayed') return recordDelay(db, messageId, outcome, recordedBy);
  const patch: Record<string, unknown> = { status: outcome.type };
  switch (outcome.type) {
    case 'delivered':
      patch.delivered_at = outcome.at;
      patch.smtp_response = outcome.smtpResponse ?? null;
      break;
    case 'bounced':
      patch.bounced_at = outcome.at;
      patch.bounce_type = outcome.bounceType;
      patch.bounce_subtype = outcome.bounceSubType;
      break;
    case 'complained':
      patch.complained_at = outcome.at;
      break;
    case 'failed':
      patch.failed_at = outcome.at;
      patch.failure_reason = outcome.reason;
      break;
  }
  const columns = Object.keys(patch);
  const replaceable = REPLACEABLE[outcome.type];
  // The final SELECT reads the row as it was before this statement when nothing was updated.
  const { rows } = await db.raw<{ rows: { applied: boolean; status: MessageStatus | null }[] }>(
    `WITH updated AS (
       UPDATE email_log SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = now()
       WHERE message_id = ? AND status IN (${replaceable.map(() => '?').join(', ')})
       RETURNING message_id, status),
     event AS (
       INSERT INTO email_events (message_id, type, at, details, recorded_by) SELECT message_id, ?::text, ?::timestamptz, ?::jsonb, ?::uuid FROM updated ON CONFLICT DO NOTHING)
     SELECT EXISTS (SELECT 1 FROM updated)
              OR EXISTS (SELECT 1 FROM email_events WHERE message_id = ? AND type = ? AND recorded_by = ?::uuid) AS applied,
            COALESCE((SELECT status FROM updated), (SELECT status FROM email_log WHERE message_id = ?)) AS status`,
    [
      ...Object.values(patch),
      messageId,
      ...replaceable,
      outcome.type,
      outcome.at,
      JSON.stringify(outcomeDetails(outcome)),
      recordedBy ?? null,
      messageId,
      outcome.type,
      recordedBy ?? null,
      messageId,
    ] as Knex.RawBinding[],
  );
  const [result] = rows;
  return { applied: result?.applied ?? false, status: result?.status ?? undefined };
}

/**
 * A delay changes no status: it adds its timeline event while the message waits for its outcome
 * (`queued` or `sent`); one after the outcome is stale (SNS does not keep order) and is dropped.
 * The timeline keeps one event of a type per message, so a message's later delays (SES retries
 * for hours and may report several) are neither recorded nor announced again (docs/webhooks.md,
 * "Events"). `applied` as for applyOutcomeToLog.
 */
async function recordDelay(
  db: Db,
  messageId: string,
  outcome: Extract<ProviderOutcome, { type: 'delayed' }>,
  recordedBy?: string,
): Promise<{ applied: boolean; status: MessageStatus | undefined }> {
  const { rows } = await db.raw<{ rows: { applied: boolean; status: MessageStatus | null }[] }>(
    `WITH inserted AS (
       INSERT INTO email_events (message_id, type, at, details, recorded_by)
       SELECT message_id, 'delivery_delayed', ?::timestamptz, ?::jsonb, ?::uuid FROM email_log
       WHERE message_id = ? AND status IN ('queued', 'sent')
       ON CONFLICT DO NOTHING RETURNING message_id)
     SELECT EXISTS (SELECT 1 FROM inserted)
              OR EXISTS (SELECT 1 FROM email_events WHERE message_id = ? AND type = 'delivery_delayed' AND recorded_by = ?::uuid) AS applied,
            (SELECT status FROM email_log WHERE message_id = ?) AS status`,
    [
      outcome.at,
      JSON.stringify(outcomeDetails(outcome)),
      recordedBy ?? null,
      messageId,
      messageId,
      recordedBy ?? null,
      messageId,
    ],
  );
  const [result] = rows;
  return { applied: result?.applied ?? false, status: result?.status ?? undefined };
}

/** What the timeline shows of an outcome: no addresses or content, only the provider's verdict. */
function outcomeDetails(outcome: ProviderOutcome): Record<string, string> {
  switch (outcome.type) {
    case 'delivered':
      return outcome.smtpResponse ? { smtp_response: outcome.smtpResponse } : {};
    case 'bounced':
      return { bounce_type: outcome.bounceType, bounce_subtype: outcome.bounceSubType };
    case 'complained':
      return {};
    case 'failed':
      return { reason: outcome.reason };
    case 'delayed':
      return {
        delay_type: outcome.delayType,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...(outcome.expiresAt ? { expiration_time: outcome.expiresAt } : {}),
      };
  }
}

/** A message that is not in the caller's log (or outside its key's scope): the same 404 either way. */
export function messageNotFound(id: string): PostageError {
  return new PostageError(
    'message_not_found',
    `no message ${id} in this account's email log (BYOC messages and rows older than the retention are not kept)`,
  );
}

/**
 * The message may reach its recipient twice: an attempt is sending it again after an earlier SES
 * call whose answer was never recorded. A timeline event (once per message) says so and why.
 * True when it was recorded now.
 */
export async function recordPossibleDuplicate(db: Db, messageId: string, reason: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `INSERT INTO email_events (message_id, type, at, details)
     SELECT message_id, 'possible_duplicate', now(), ?::jsonb FROM email_log WHERE message_id = ?
     ON CONFLICT DO NOTHING RETURNING id`,
    [JSON.stringify({ reason }), messageId],
  );
  return rows.length > 0;
}
