// The webhook event types of spec 6.3.
export const WEBHOOK_EVENT_TYPES = ['email.sent', 'email.delivered', 'email.failed', 'email.bounced', 'email.complained'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The event type of a flat test event (spec 6.4), whose body names no type: its signed `status`,
 * one per type, as the test events set it and the SDKs read it (never the unsigned X-Service-Event).
 */
export const FLAT_TEST_EVENT_TYPES: ReadonlyMap<string, WebhookEventType> = new Map([
  ['queued', 'email.sent'],
  ['delivered', 'email.delivered'],
  ['bounced', 'email.bounced'],
  ['complaint', 'email.complained'],
  ['failed', 'email.failed'],
]);
