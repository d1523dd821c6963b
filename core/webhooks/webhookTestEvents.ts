// "Send test event" (dashboard and POST /api/webhooks/{id}/test): one signed POST of the chosen
// event type in the flat test-event shape (docs/webhooks.md, "Payloads"), or for `email.received`
// a sample envelope shaped like the real event (docs/inbound.md, "The event"), made at once from the
// caller's process (the customer waits for the answer), and recorded with the endpoint's deliveries
// as a test. Checked in this order: the endpoint is the account's (404), the plan (403
// plan_required), the endpoint is active (409), the account's allowance of test events (429); then
// the POST.
import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../platform/config';
import { randomHex } from '../platform/crypto';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import type { ReceivedEmailPayload } from '../model/inbound';
import { testProviderMessageId } from '../model/outcomes';
import type { AccountNoticeEventType, SentMessageEventType, WebhookEventType } from '../model/webhookEvents';
import {
  accountNoticeEnvelope,
  erasureCompletedEnvelope,
  type AccountNoticeEnvelope,
  receivedEmailEnvelope,
  type ErasureCompletedEnvelope,
  type ReceivedEmailEnvelope,
} from './webhookPayloads';
import type { WebhookAttempt } from './webhookDelivery';
import { attemptAndRecordWebhook } from './webhookAttempts';
import { endpointForDelivery } from './webhookEndpoints';
import { requireWebhookPlan } from './webhookPlan';
import type { WebhookTestLimit } from './webhookTestLimit';

const TEST_STATUS: Record<SentMessageEventType, string> = {
  'email.sent': 'queued',
  'email.delivered': 'delivered',
  'email.bounced': 'bounced',
  'email.complained': 'complaint',
  'email.failed': 'failed',
  'email.delivery_delayed': 'delivery_delayed',
  'email.opened': 'opened',
  'email.clicked': 'clicked',
  'email.unsubscribed': 'unsubscribed',
};
const TEST_LOCAL_PART: Record<SentMessageEventType, string> = {
  'email.sent': 'delivered',
  'email.delivered': 'delivered',
  'email.bounced': 'bounce',
  'email.complained': 'complaint',
  'email.failed': 'delivered',
  'email.delivery_delayed': 'delayed',
  'email.opened': 'opened',
  'email.clicked': 'clicked',
  'email.unsubscribed': 'delivered',
};

/** ISO 8601 with microseconds and a UTC offset: the form of a test event's `timestamp`. */
function microsecondTimestamp(at: Date): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

/** A test event's body: flat for the events of a sent message, the envelope for `email.received` and `privacy.erasure_completed`. */
export type TestEventBody =
  Record<string, string | string[]> | ReceivedEmailEnvelope | ErasureCompletedEnvelope | AccountNoticeEnvelope;

/** The flat test-event shape (docs/webhooks.md, "Payloads"): fields at the top level, all strings (plus the bounced list). */
export function testEventPayload(
  event: SentMessageEventType,
  testDomain: string,
  at?: Date,
): Record<string, string | string[]>;
/** `email.received`: a sample envelope, every field of the real event present (docs/inbound.md, "The event"). */
export function testEventPayload(
  event: 'email.received',
  testDomain: string,
  at?: Date,
  baseUrl?: string,
): ReceivedEmailEnvelope;
/** `privacy.erasure_completed`: a sample envelope, an erasure that never was (docs/privacy.md, "Erasing an address"). */
export function testEventPayload(
  event: 'privacy.erasure_completed',
  testDomain: string,
  at?: Date,
): ErasureCompletedEnvelope;
/** An account notice: a sample envelope, a notice that never was (docs/reputation.md, "Warnings and pauses"). */
export function testEventPayload(event: AccountNoticeEventType, testDomain: string, at?: Date): AccountNoticeEnvelope;
export function testEventPayload(
  event: WebhookEventType,
  testDomain: string,
  at?: Date,
  baseUrl?: string,
): TestEventBody;
export function testEventPayload(
  event: WebhookEventType,
  testDomain: string,
  at = new Date(),
  baseUrl = 'https://postage.example',
): TestEventBody {
  if (event === 'email.received') return receivedEmailEnvelope(sampleReceivedEmail(testDomain, at, baseUrl));
  if (event === 'privacy.erasure_completed')
    return erasureCompletedEnvelope({
      erasure_id: randomUUID(),
      status: 'completed',
      removed: { suppressions: 0, log_rows: 0, webhook_deliveries: 0 },
      completed_at: at.toISOString(),
    });
  if (
    event === 'account.reputation_warning' ||
    event === 'account.sending_paused' ||
    event === 'account.sending_resumed'
  )
    return sampleAccountNotice(event, at);
  const recipient = `${TEST_LOCAL_PART[event]}@${testDomain}`;
  return {
    idempotency_key: randomHex(16),
    provider_message_id: testProviderMessageId(randomUUID()),
    recipient,
    status: TEST_STATUS[event],
    ...(event === 'email.bounced'
      ? { bounce_type: 'Permanent', bounce_subtype: 'General', bounced_recipients: [recipient] }
      : {}),
    ...(event === 'email.failed' ? { reason: 'Test event: no email was sent.' } : {}),
    ...(event === 'email.delivery_delayed'
      ? {
          delay_type: 'General',
          reason: 'Test event: no email was sent.',
          expiration_time: microsecondTimestamp(new Date(at.getTime() + 86_400_000)),
        }
      : {}),
    // As the real events (core/webhooks/webhookPayloads.ts): when the open, click or unsubscribe happened.
    ...(event === 'email.opened' || event === 'email.clicked' || event === 'email.unsubscribed'
      ? { occurred_at: at.toISOString() }
      : {}),
    ...(event === 'email.opened' || event === 'email.clicked'
      ? { machine: 'false', user_agent: 'Postage test event' }
      : {}),
    ...(event === 'email.unsubscribed' ? { topic: 'test-topic' } : {}),
    ...(event === 'email.clicked' ? { url: 'https://example.com/', link_index: '0' } : {}),
    timestamp: microsecondTimestamp(at),
  };
}

/**
 * A received message that never was: a reply to `support@` of the test domain with one small
 * attachment whose link goes nowhere (no attachment of a test event exists), every verdict `pass`.
 */
function sampleReceivedEmail(testDomain: string, at: Date, baseUrl: string): ReceivedEmailPayload {
  const inboundId = randomUUID();
  const text = 'Test event: no email was received.';
  return {
    inbound_id: inboundId,
    message_id: null,
    domain: testDomain,
    rule_id: null,
    received_at: at.toISOString(),
    envelope: { from: `sender@${testDomain}`, to: `support@${testDomain}` },
    from: { address: `sender@${testDomain}`, name: 'Test Sender' },
    to: [{ address: `support@${testDomain}`, name: '' }],
    cc: [],
    reply_to: [],
    subject: 'Test event',
    text,
    html: `<p>${text}</p>`,
    truncated: false,
    headers: { message_id: `<${inboundId}@${testDomain}>`, in_reply_to: null, references: [] },
    authentication: { spf: 'pass', dkim: 'pass', dmarc: 'pass', arc: 'none' },
    attachments: [
      {
        id: randomUUID(),
        filename: 'test.txt',
        content_type: 'application/octet-stream',
        declared_content_type: 'text/plain',
        size: text.length,
        sha256: createHash('sha256').update(text).digest('hex'),
        content_id: null,
        download_url: `${baseUrl.replace(/\/+$/, '')}/inbound/attachments/test-event`,
        expires_at: new Date(at.getTime() + 86_400_000).toISOString(),
      },
    ],
    size: 1024,
    source: 'mx',
  };
}

type TestEventResult =
  | { retryAfterSeconds: number }
  | {
      attempt: WebhookAttempt & { id: string; attemptedAt: Date; durationMs: number };
      payload: TestEventBody;
    };
/** An endpoint with its secret(s), as a POST made now needs it. */
export type PostableEndpoint = NonNullable<Awaited<ReturnType<typeof endpointForDelivery>>>;

/**
 * The account's endpoint, on a plan that has webhooks, switched on: what any POST made on demand
 * (a test event, a replay) needs. 404, then 403 plan_required, then 409 webhook_inactive.
 */
export async function endpointToPostNow(
  db: Db,
  secretKey: string,
  input: { accountId: string; endpointId: string },
  inactiveDetail: string,
): Promise<PostableEndpoint> {
  const endpoint = await endpointForDelivery(db, secretKey, input.endpointId);
  if (!endpoint || endpoint.accountId !== input.accountId)
    throw new PostageError('webhook_not_found', `no webhook endpoint ${input.endpointId}`);
  await requireWebhookPlan(db, input.accountId);
  if (!endpoint.active) throw new PostageError('webhook_inactive', inactiveDetail);
  return endpoint;
}

export async function sendTestWebhookEvent(
  db: Db,
  config: Config,
  input: { accountId: string; endpointId: string; event: WebhookEventType },
  limit: WebhookTestLimit,
): Promise<TestEventResult> {
  const endpoint = await endpointToPostNow(
    db,
    config.secretKey,
    input,
    'This endpoint is inactive and receives nothing; switch it on to send a test event.',
  );
  return postTestEvent(db, config, endpoint, input, limit);
}

/** The account's allowance, then the signed POST of a test event to an endpoint already checked, recorded (as a replay of `replayOf` when given). */
export async function postTestEvent(
  db: Db,
  config: Config,
  endpoint: PostableEndpoint,
  input: { accountId: string; event: WebhookEventType; replayOf?: string },
  limit: WebhookTestLimit,
): Promise<TestEventResult> {
  const retryAfterSeconds = await limit(input.accountId);
  if (retryAfterSeconds !== undefined) return { retryAfterSeconds };
  const payload = testEventPayload(input.event, config.testDomain, new Date(), config.api.baseUrl);
  const attempt = await attemptAndRecordWebhook(db, config, {
    endpoint,
    event: input.event,
    body: JSON.stringify(payload),
    messageId: null,
    isTest: true,
    ...(input.replayOf ? { replayOf: input.replayOf } : {}),
  });
  return { attempt, payload };
}

/** A sample notice of each kind, at the default levels, on 1,000 sends. */
function sampleAccountNotice(event: AccountNoticeEventType, at: Date): AccountNoticeEnvelope {
  const when = at.toISOString();
  switch (event) {
    case 'account.reputation_warning':
      return accountNoticeEnvelope(event, {
        metric: 'bounce_rate',
        rate: 0.03,
        warning_level: 0.025,
        pause_level: 0.05,
        sends: 1000,
        events: 30,
        window_days: 7,
        at: when,
      });
    case 'account.sending_paused':
      return accountNoticeEnvelope(event, {
        reason: 'Test event: sending was not paused.',
        metric: 'bounce_rate',
        rate: 0.05,
        paused_at: when,
        by: 'reputation',
      });
    case 'account.sending_resumed':
      return accountNoticeEnvelope(event, { resumed_at: when });
  }
}
