// The webhook event types (docs/webhooks.md, "Events").
export const WEBHOOK_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.failed',
  'email.bounced',
  'email.complained',
  'email.delivery_delayed',
  'email.opened',
  'email.clicked',
  'email.unsubscribed',
  // A message received for one of the account's inbound domains (docs/inbound.md, "The event"):
  // structured, and never a flat test event.
  'email.received',
  // About the account, not a message: an erasure ended (docs/privacy.md, "Erasing an address"). Its
  // payload is structured and names no address; its test event is an envelope like the real one.
  'privacy.erasure_completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The events with a structured payload (never a flat test event): a received message, an erasure's end. */
export type StructuredEventType = 'email.received' | 'privacy.erasure_completed';
/** The events about a message Postage sent: string-valued payloads, and a flat test event each. */
export type SentMessageEventType = Exclude<WebhookEventType, StructuredEventType>;
export const SENT_MESSAGE_EVENT_TYPES: readonly SentMessageEventType[] = WEBHOOK_EVENT_TYPES.filter(
  (t): t is SentMessageEventType => t !== 'email.received' && t !== 'privacy.erasure_completed',
);

/**
 * `privacy.erasure_completed`'s payload (docs/privacy.md, "Erasing an address"): the erasure's id,
 * how it ended, what it removed by kind, when; never the address.
 */
export interface ErasureCompletedPayload {
  erasure_id: string;
  status: 'completed' | 'failed';
  removed: Record<string, number>;
  completed_at: string;
}

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The event type of a flat test event (docs/webhooks.md, "Payloads"), whose body names no type: its
 * signed `status`, one per type, as the test events set it and the SDKs read it (never the unsigned
 * X-Service-Event). `email.received` has none: its test event is an envelope like the real one.
 */
export const FLAT_TEST_EVENT_TYPES: ReadonlyMap<string, SentMessageEventType> = new Map([
  ['queued', 'email.sent'],
  ['delivered', 'email.delivered'],
  ['bounced', 'email.bounced'],
  ['complaint', 'email.complained'],
  ['failed', 'email.failed'],
  ['delivery_delayed', 'email.delivery_delayed'],
  ['opened', 'email.opened'],
  ['clicked', 'email.clicked'],
  ['unsubscribed', 'email.unsubscribed'],
]);

/** The event type a verified body names: the envelope's `event_type`, or a flat test event's `status` (FLAT_TEST_EVENT_TYPES); null when it names none. */
export function signedEventType(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const outer = body as Record<string, unknown>;
  if (outer.payload && typeof outer.payload === 'object')
    return typeof outer.event_type === 'string' && outer.event_type ? outer.event_type : null;
  return typeof outer.status === 'string' ? (FLAT_TEST_EVENT_TYPES.get(outer.status) ?? null) : null;
}
