// Spec 6.4: the envelope `{event_type, payload}` with string values only.
import type { EmailLogRow } from '../sending/emailLog';
import type { WebhookEventType } from '../model/webhookEvents';

export interface WebhookEnvelope {
  event_type: WebhookEventType;
  payload: Record<string, string>;
}

export function buildWebhookEnvelope(event: WebhookEventType, row: EmailLogRow): WebhookEnvelope {
  const base = { message_id: row.message_id, recipient: row.recipient };
  switch (event) {
    case 'email.sent':
      return { event_type: event, payload: { ...base, subject: row.subject, status: 'queued', mode: 'shared' } };
    case 'email.delivered':
      return { event_type: event, payload: { ...base, status: 'delivered' } };
    case 'email.bounced':
      return { event_type: event, payload: { ...base, bounce_type: row.bounce_type ?? 'Undetermined', status: 'bounced' } };
    case 'email.complained':
      return { event_type: event, payload: { ...base, status: 'complaint' } };
    case 'email.failed':
      return { event_type: event, payload: { ...base, status: 'failed', reason: row.failure_reason ?? 'unknown' } };
  }
}
