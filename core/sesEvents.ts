// SES event notifications (the `Message` of an SNS notification) turned into provider outcomes.
// Both SES formats are read: identity notifications (`notificationType`) and configuration-set
// event publishing (`eventType`). Addresses in them are not carried further.
import type { BounceType, ProviderOutcome } from './outcomes';
import { redactProviderText } from './redaction';

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
}

const BOUNCE_TYPES: readonly BounceType[] = ['Permanent', 'Transient', 'Undetermined'];

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback;
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
  const type = n.eventType ?? n.notificationType;
  const fallbackAt = str(n.mail?.timestamp, receivedAt.toISOString());

  switch (type) {
    case 'Delivery':
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'delivered',
          at: str(n.delivery?.timestamp, fallbackAt),
          ...(n.delivery?.smtpResponse ? { smtpResponse: redactProviderText(n.delivery.smtpResponse) } : {}),
        },
      };
    case 'Bounce': {
      const bounceType = BOUNCE_TYPES.find((t) => t === n.bounce?.bounceType) ?? 'Undetermined';
      return { ok: true, sesMessageId, outcome: { type: 'bounced', at: str(n.bounce?.timestamp, fallbackAt), bounceType, bounceSubType: str(n.bounce?.bounceSubType, 'Undetermined') } };
    }
    case 'Complaint':
      return {
        ok: true,
        sesMessageId,
        outcome: {
          type: 'complained',
          at: str(n.complaint?.timestamp, fallbackAt),
          ...(n.complaint?.complaintFeedbackType ? { feedbackType: n.complaint.complaintFeedbackType } : {}),
        },
      };
    // Spec 6.3: a rendering or configuration failure, email not sent.
    case 'Reject':
      return { ok: true, sesMessageId, outcome: { type: 'failed', at: fallbackAt, reason: redactProviderText(`Rejected by SES: ${str(n.reject?.reason, 'no reason given')}`) } };
    case 'Rendering Failure':
      return { ok: true, sesMessageId, outcome: { type: 'failed', at: fallbackAt, reason: redactProviderText(`Rendering failure: ${str(n.failure?.errorMessage, 'no detail given')}`) } };
    default:
      return { ok: false, ignored: `event type ${String(type)} carries no outcome` };
  }
}
