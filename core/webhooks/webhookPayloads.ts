// docs/webhooks.md, "Payloads": the envelope `{event_type, payload}` with string values only.
import type { EmailLogRow } from '../sending/emailLog';
import type { WebhookEventType } from '../model/webhookEvents';

export interface WebhookEnvelope {
  event_type: WebhookEventType;
  /** The documented fields, strings only; plus `tags` when the send carried any. */
  payload: Record<string, string | Record<string, string>>;
}

/**
 * `details`: what the event carries besides the log row (email.unsubscribed: `topic` when the link
 * was for one, and `time`).
 */
export function buildWebhookEnvelope(
  event: WebhookEventType,
  row: Pick<EmailLogRow, 'message_id' | 'recipient' | 'subject' | 'bounce_type' | 'failure_reason'> & {
    tags?: Record<string, string>;
  },
  details: Record<string, string> = {},
): WebhookEnvelope {
  const base: Record<string, string | Record<string, string>> = {
    message_id: row.message_id,
    recipient: row.recipient,
  };
  if (row.tags && Object.keys(row.tags).length > 0) base.tags = row.tags;
  switch (event) {
    case 'email.sent':
      return { event_type: event, payload: { ...base, subject: row.subject, status: 'queued', mode: 'shared' } };
    case 'email.delivered':
      return { event_type: event, payload: { ...base, status: 'delivered' } };
    case 'email.bounced':
      return {
        event_type: event,
        payload: { ...base, bounce_type: row.bounce_type ?? 'Undetermined', status: 'bounced' },
      };
    case 'email.complained':
      return { event_type: event, payload: { ...base, status: 'complaint' } };
    case 'email.failed':
      return { event_type: event, payload: { ...base, status: 'failed', reason: row.failure_reason ?? 'unknown' } };
    case 'email.unsubscribed':
      return { event_type: event, payload: { ...base, ...details, status: 'unsubscribed' } };
  }
}
