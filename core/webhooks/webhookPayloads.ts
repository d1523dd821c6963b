// docs/webhooks.md, "Payloads": the envelope `{event_type, payload}`, with string values only for
// the events of a sent message; `email.received` carries the structured ReceivedEmailPayload.
import type { ReceivedEmailPayload } from '../model/inbound';
import type { EmailLogRow } from '../sending/emailLog';
import type {
  AccountNoticeEventType,
  AccountNoticePayloads,
  ErasureCompletedPayload,
  SentMessageEventType,
} from '../model/webhookEvents';
import type { EngagementEvent } from '../model/workflowContract';

export interface WebhookEnvelope {
  event_type: SentMessageEventType;
  /** The documented fields, strings only; plus `tags` when the send carried any. */
  payload: Record<string, string | Record<string, string>>;
}

/**
 * `email.received` (docs/inbound.md, "The event"): built from the inbound row by
 * core/inbound/receivedEmail.ts. A type, not an interface, so it is a `Record<string, unknown>`
 * where the API answers with the body it posted.
 */
export type ReceivedEmailEnvelope = {
  event_type: 'email.received';
  payload: ReceivedEmailPayload;
};

export function receivedEmailEnvelope(payload: ReceivedEmailPayload): ReceivedEmailEnvelope {
  return { event_type: 'email.received', payload };
}

/** `privacy.erasure_completed` (docs/privacy.md, "Erasing an address"): about the account, not a message. */
export type ErasureCompletedEnvelope = {
  event_type: 'privacy.erasure_completed';
  payload: ErasureCompletedPayload;
};

export function erasureCompletedEnvelope(payload: ErasureCompletedPayload): ErasureCompletedEnvelope {
  return { event_type: 'privacy.erasure_completed', payload };
}

/** `account.reputation_warning`, `account.sending_paused`, `account.sending_resumed` (docs/reputation.md, "Warnings and pauses"): about the account, no address. */
export type AccountNoticeEnvelope = {
  [E in AccountNoticeEventType]: { event_type: E; payload: AccountNoticePayloads[E] };
}[AccountNoticeEventType];

export function accountNoticeEnvelope<E extends AccountNoticeEventType>(
  event: E,
  payload: AccountNoticePayloads[E],
): AccountNoticeEnvelope {
  return { event_type: event, payload } as AccountNoticeEnvelope;
}

export function buildWebhookEnvelope(
  event: SentMessageEventType,
  row: Pick<EmailLogRow, 'message_id' | 'recipient' | 'subject' | 'bounce_type' | 'failure_reason'> & {
    /** Sent with a test key: the payload says `test: "true"` (absent for every other message). */
    test?: boolean;
    tags?: Record<string, string>;
    /** The message's delay, for `email.delivery_delayed`: its timeline details (core/sending/emailTimeline.ts `messageDelay`). */
    delay?: Record<string, string>;
    /** For `email.unsubscribed`: `topic` when the link was for one, and `occurred_at`. */
    unsubscribe?: Record<string, string>;
  },
  /** The open or click an `email.opened`/`email.clicked` announces (docs/webhooks.md, "Payloads"). */
  engagement?: EngagementEvent,
): WebhookEnvelope {
  const base: Record<string, string | Record<string, string>> = {
    message_id: row.message_id,
    recipient: row.recipient,
  };
  if (row.tags && Object.keys(row.tags).length > 0) base.tags = row.tags;
  if (row.test) base.test = 'true';
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
    // Not final: the message is still `sent`, and SES keeps trying (docs/webhooks.md, "Events").
    case 'email.delivery_delayed':
      return {
        event_type: event,
        payload: {
          ...base,
          status: 'delivery_delayed',
          delay_type: row.delay?.delay_type ?? 'Undetermined',
          ...(row.delay?.reason ? { reason: row.delay.reason } : {}),
          ...(row.delay?.expiration_time ? { expiration_time: row.delay.expiration_time } : {}),
        },
      };
    case 'email.opened':
    case 'email.clicked': {
      if (!engagement) throw new Error(`${event} needs the open or click it announces`);
      const seen = {
        ...base,
        occurred_at: engagement.at,
        machine: String(engagement.machine),
        user_agent: engagement.userAgent,
      };
      return {
        event_type: event,
        payload:
          event === 'email.clicked'
            ? { ...seen, url: engagement.url ?? '', link_index: String(engagement.linkIndex ?? 0) }
            : seen,
      };
    }
    case 'email.unsubscribed':
      return { event_type: event, payload: { ...base, ...row.unsubscribe, status: 'unsubscribed' } };
  }
}
