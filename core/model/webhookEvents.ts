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
  // About the account too (docs/reputation.md, "Warnings and pauses"): a rate crossed its warning
  // level, sending was paused, sending resumed. Structured, no address; test events are envelopes.
  'account.reputation_warning',
  'account.sending_paused',
  'account.sending_resumed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The events told about the account's sending (docs/reputation.md, "Warnings and pauses"). */
export type AccountNoticeEventType =
  'account.reputation_warning' | 'account.sending_paused' | 'account.sending_resumed';
export const ACCOUNT_NOTICE_EVENT_TYPES: readonly AccountNoticeEventType[] = [
  'account.reputation_warning',
  'account.sending_paused',
  'account.sending_resumed',
];
export function isAccountNoticeEvent(event: string): event is AccountNoticeEventType {
  return (ACCOUNT_NOTICE_EVENT_TYPES as readonly string[]).includes(event);
}

/** The events with a structured payload (never a flat test event): a received message, an erasure's end, an account notice. */
export type StructuredEventType = 'email.received' | 'privacy.erasure_completed' | AccountNoticeEventType;
/** The events about a message Postage sent: string-valued payloads, and a flat test event each. */
export type SentMessageEventType = Exclude<WebhookEventType, StructuredEventType>;
export const SENT_MESSAGE_EVENT_TYPES: readonly SentMessageEventType[] = WEBHOOK_EVENT_TYPES.filter(
  (t): t is SentMessageEventType =>
    t !== 'email.received' && t !== 'privacy.erasure_completed' && !isAccountNoticeEvent(t),
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

/** The two rates an account is warned and paused for (docs/reputation.md). */
export type ReputationMetric = 'bounce_rate' | 'complaint_rate';

/** `account.reputation_warning`: the rate at or over the warning level, the levels, and what it rests on. */
export interface ReputationWarningPayload {
  metric: ReputationMetric;
  rate: number;
  warning_level: number;
  pause_level: number;
  sends: number;
  events: number;
  window_days: number;
  at: string;
}

/** `account.sending_paused`: why, by whom; the metric and its rate when the reputation monitor paused it. */
export interface SendingPausedPayload {
  reason: string;
  metric?: ReputationMetric;
  rate?: number;
  paused_at: string;
  by: 'reputation' | 'operator';
}

/** `account.sending_resumed`: when an operator lifted the pause. */
export interface SendingResumedPayload {
  resumed_at: string;
}

/** Each notice's payload by its event type. */
export interface AccountNoticePayloads {
  'account.reputation_warning': ReputationWarningPayload;
  'account.sending_paused': SendingPausedPayload;
  'account.sending_resumed': SendingResumedPayload;
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
