// SES event notifications (the `Message` of an SNS notification) turned into provider outcomes.
// Both SES formats are read: identity notifications (`notificationType`) and configuration-set
// event publishing (`eventType`; only it has `DeliveryDelay`). Addresses in them are not carried
// further.
import type { BounceType, ProviderOutcome } from '../model/outcomes';
import { redactProviderText } from '../platform/redaction';

export type SesEvent = { ok: true; sesMessageId: string; outcome: ProviderOutcome } | { ok: false; ignored: string };

interface SesNotification {
  notificationType?: string;
  eventType?: string;
  mail?: { messageId?: string; timestamp?: string };
  delivery?: { timestamp?: string; smtpResponse?: string };
  bounce?: { bounceType?: string; bounceSubType?: string; timestamp?: string };
  complaint?: { timestamp?: string; complaintFeedbackType?: string };
  reject?: { reason?: string };
  failure?: { errorMessage?: string; templateName?: string };
  deliveryDelay?: {
    timestamp?: string;
    delayType?: string;
    expirationTime?: string;
    delayedRecipients?: { emailAddress?: string; status?: string; diagnosticCode?: string }[];
  };
}

/** SES's delay types (SES developer guide, "Event publishing", DeliveryDelay object); another value reads `Undetermined`. */
export const DELAY_TYPES = [
  'InternalFailure',
  'General',
  'MailboxFull',
  'SpamDetected',
  'RecipientServerError',
  'IPFailure',
  'TransientCommunicationFailure',
  'BYOIPHostNameLookupUnavailable',
  'Undetermined',
  'SendingDeferral',
] as const;

const BOUNCE_TYPES: readonly BounceType[] = ['Permanent', 'Transient', 'Undetermined'];

// Notification text ends up in PostgreSQL, whose text type cannot hold NUL: a NUL would make the
// bookkeeping activity fail on every retry. Signed by SNS or not, it is remote data.
const withoutNul = (value: string) => value.replaceAll('\u0000', '');
/** What an SES message id can look like (`0100018c...-000000`); anything else is not one of ours. */
const SES_MESSAGE_ID = /^[\x21-\x7E]{1,256}$/;

/** Longest text kept of one field: SES's own values are short, anything longer is not SES's. */
const MAX_FIELD_LENGTH = 1000;

function str(value: unknown, fallback: string): string {
  const cleaned = typeof value === 'string' ? withoutNul(value).slice(0, MAX_FIELD_LENGTH) : '';
  return cleaned || fallback;
}

/** An ISO time from the notification, or the fallback when it is missing or not a time (it is stored). */
function time(value: unknown, fallback: string): string {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : fallback;
}

/** A non-empty string field, or undefined: the notification is signed, but its fields are still data. */
function optionalStr(value: unknown): string | undefined {
  return str(value, '') || undefined;
}

export function parseSesEvent(message: string, receivedAt: Date = new Date()): SesEvent {
  let n: SesNotification;
  try {
    n = JSON.parse(message) as SesNotification;
  } catch {
    return { ok: false, ignored: 'the notification message is not JSON' };
  }
  if (!n || typeof n !== 'object') return { ok: false, ignored: 'the notification message is not an object' };
  const sesMessageId = n.mail?.messageId;
  if (typeof sesMessageId !== 'string' || !sesMessageId) return { ok: false, ignored: 'no mail.messageId' };
  if (!SES_MESSAGE_ID.test(sesMessageId)) return { ok: false, ignored: 'mail.messageId is not an SES message id' };
  const type = optionalStr(n.eventType) ?? optionalStr(n.notificationType);
  const fallbackAt = time(n.mail?.timestamp, receivedAt.toISOString());

  switch (type) {
    case 'Delivery': {
      const smtpResponse = optionalStr(n.delivery?.smtpResponse);
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'delivered',
          at: time(n.delivery?.timestamp, fallbackAt),
          ...(smtpResponse ? { smtpResponse: redactProviderText(smtpResponse) } : {}),
        },
      };
    }
    case 'Bounce': {
      const bounceType = BOUNCE_TYPES.find((t) => t === n.bounce?.bounceType) ?? 'Undetermined';
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'bounced',
          at: time(n.bounce?.timestamp, fallbackAt),
          bounceType,
          bounceSubType: str(n.bounce?.bounceSubType, 'Undetermined'),
        },
      };
    }
    case 'Complaint': {
      const feedbackType = optionalStr(n.complaint?.complaintFeedbackType);
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'complained',
          at: time(n.complaint?.timestamp, fallbackAt),
          ...(feedbackType ? { feedbackType } : {}),
        },
      };
    }
    // docs/webhooks.md, "Events" (`email.delivery_delayed`): not final; the receiving server's
    // answer (diagnostic code, else the status) stands as the reason, without addresses.
    case 'DeliveryDelay': {
      const d = n.deliveryDelay;
      const first = Array.isArray(d?.delayedRecipients) ? d.delayedRecipients[0] : undefined;
      const reason = optionalStr(first?.diagnosticCode) ?? optionalStr(first?.status);
      const expiresAt = optionalStr(d?.expirationTime) ? time(d?.expirationTime, '') : '';
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'delayed',
          at: time(d?.timestamp, fallbackAt),
          delayType: DELAY_TYPES.find((t) => t === d?.delayType) ?? 'Undetermined',
          ...(reason ? { reason: redactProviderText(reason) } : {}),
          ...(expiresAt ? { expiresAt } : {}),
        },
      };
    }
    // docs/webhooks.md, "Events" (`email.failed`): a rendering or configuration failure, email not sent.
    case 'Reject':
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'failed',
          at: fallbackAt,
          reason: redactProviderText(`Rejected by SES: ${str(n.reject?.reason, 'no reason given')}`),
        },
      };
    case 'Rendering Failure':
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'failed',
          at: fallbackAt,
          reason: redactProviderText(`Rendering failure: ${str(n.failure?.errorMessage, 'no detail given')}`),
        },
      };
    default:
      return { ok: false, ignored: `event type ${String(type)} carries no outcome` };
  }
}
