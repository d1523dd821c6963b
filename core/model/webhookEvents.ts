// The webhook event types of spec 6.3.
export const WEBHOOK_EVENT_TYPES = ['email.sent', 'email.delivered', 'email.failed', 'email.bounced', 'email.complained'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
