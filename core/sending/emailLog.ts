// The shared-mode email log (spec 2.9). BYOC messages never get a row.
import type { Db } from '../platform/db';
import { recordEmailEvent } from './emailTimeline';
import type { MessageStatus, ProviderOutcome } from '../model/outcomes';

import type { MessageKind } from '../model/sendingModes';

export type { MessageKind } from '../model/sendingModes';

export interface EmailLogRow {
  message_id: string;
  account_id: string;
  recipient: string;
  from_email: string;
  subject: string;
  status: MessageStatus;
  kind: MessageKind;
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
}

export async function insertQueuedLogRow(
  db: Db,
  row: { messageId: string; accountId: string; recipient: string; fromEmail: string; subject: string; kind: MessageKind; attachments: number },
): Promise<void> {
  await db('email_log')
    .insert({
      message_id: row.messageId,
      account_id: row.accountId,
      recipient: row.recipient,
      from_email: row.fromEmail,
      subject: row.subject,
      kind: row.kind,
      attachments: row.attachments,
      status: 'queued',
      // When the API accepted it (the staging transaction), not when this activity ran: the log's
      // order and the timeline's `queued` are the customer's send order.
      created_at: db.raw('COALESCE((SELECT created_at FROM staged_messages WHERE message_id = ?), now())', [row.messageId]),
    })
    .onConflict('message_id')
    .ignore();
  await db.raw(
    `INSERT INTO email_events (message_id, type, at) SELECT message_id, 'queued', created_at FROM email_log WHERE message_id = ? ON CONFLICT DO NOTHING`,
    [row.messageId],
  );
}

export async function getLogRow(db: Db, messageId: string): Promise<EmailLogRow | undefined> {
  return db<EmailLogRow>('email_log').where({ message_id: messageId }).first();
}

/** The status and its timeline event commit together: a retried activity finds both or neither. */
export async function markLogRowSent(db: Db, messageId: string, providerMessageId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = await trx('email_log')
      .where({ message_id: messageId })
      .whereIn('status', ['queued'])
      .update({ status: 'sent', provider_message_id: providerMessageId, sent_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning<{ sent_at: Date }[]>('sent_at');
    if (row) await recordEmailEvent(trx, { messageId, type: 'sent', at: row.sent_at, details: { provider_message_id: providerMessageId } });
  });
}

// Which statuses an outcome may replace: a complaint can follow a delivery, nothing replaces a
// bounce or a complaint, and a late delivery never hides a failure.
const REPLACEABLE: Record<ProviderOutcome['type'], MessageStatus[]> = {
  delivered: ['queued', 'sent'],
  bounced: ['queued', 'sent', 'delivered'],
  complained: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

/** Applies an outcome to the log row; returns false when the row's status already supersedes it. */
export async function applyOutcomeToLog(db: Db, messageId: string, outcome: ProviderOutcome): Promise<boolean> {
  const patch: Record<string, unknown> = { status: outcome.type, updated_at: db.fn.now() };
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
  return db.transaction(async (trx) => {
    const updated = await trx('email_log').where({ message_id: messageId }).whereIn('status', REPLACEABLE[outcome.type]).update(patch);
    if (updated > 0) await recordEmailEvent(trx, { messageId, type: outcome.type, at: new Date(outcome.at), details: outcomeDetails(outcome) });
    return updated > 0;
  });
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
  }
}

/** Retention (spec 2.9): deletes rows created before `cutoff`, in batches; returns how many. */
export async function purgeLogRowsBefore(db: Db, cutoff: Date, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db('email_log')
      .whereIn('message_id', db('email_log').where('created_at', '<', cutoff).select('message_id').limit(batchSize))
      .delete();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
