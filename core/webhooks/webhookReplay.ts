// Replaying a recorded delivery (dashboard and POST /api/webhooks/{id}/deliveries/{delivery_id}/
// replay): the same event again, as one attempt, recorded as a replay of the delivery. Still no
// automatic retries (docs/webhooks.md, "Replay"): the customer decides. A message's event is
// rebuilt from its log row and carries the same `webhook-id` as every delivery of that event, so
// receivers deduplicate it; `email.received` is rebuilt from its received message (kept for the
// content retention) the same way; a test delivery is replayed as a new test event of its type. Checked in
// the order of test events: the endpoint is the account's, the plan, active, the delivery is the
// endpoint's, the account's allowance (shared with test events: 10 a minute).
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { loadInboundMessage, receivedEmailPayload } from '../inbound/receivedEmail';
import { getLogRow } from '../sending/emailLog';
import { isAccountNoticeEvent, isWebhookEventType, type WebhookEventType } from '../model/webhookEvents';
import type { WebhookAttempt } from './webhookDelivery';
import { attemptAndRecordWebhook } from './webhookAttempts';
import { webhookEventId } from './standardWebhooks';
import { findWebhookDelivery } from './webhookEndpoints';
import { buildWebhookEnvelope, receivedEmailEnvelope } from './webhookPayloads';
import { announcedEngagement } from '../sending/engagement';
import { messageDelay, messageUnsubscribe } from '../sending/emailTimeline';
import { endpointToPostNow, postTestEvent } from './webhookTestEvents';
import type { WebhookTestLimit } from './webhookTestLimit';

export type ReplayResult =
  | { retryAfterSeconds: number }
  | {
      attempt: WebhookAttempt & { id: string; attemptedAt: Date; durationMs: number };
      event: WebhookEventType;
      messageId: string | null;
      replayOf: string;
      payload: unknown;
    };

export async function replayWebhookDelivery(
  db: Db,
  config: Config,
  input: { accountId: string; endpointId: string; deliveryId: string },
  limit: WebhookTestLimit,
): Promise<ReplayResult> {
  const endpoint = await endpointToPostNow(
    db,
    config.secretKey,
    input,
    'This endpoint is inactive and receives nothing; switch it on to replay a delivery.',
  );
  const delivery = await findWebhookDelivery(db, endpoint.id, input.deliveryId);
  if (!delivery || !isWebhookEventType(delivery.eventType))
    throw new PostageError('webhook_delivery_not_found', `no delivery ${input.deliveryId} of this endpoint`);
  const event = delivery.eventType;
  if (delivery.isTest || delivery.messageId === null) {
    const test = await postTestEvent(
      db,
      config,
      endpoint,
      { accountId: input.accountId, event, replayOf: delivery.id },
      limit,
    );
    if ('retryAfterSeconds' in test) return test;
    return { attempt: test.attempt, event, messageId: null, replayOf: delivery.id, payload: test.payload };
  }
  if (event === 'email.received') {
    const inbound = await loadInboundMessage(db, delivery.messageId);
    if (!inbound || inbound.account_id !== input.accountId)
      throw new PostageError(
        'webhook_delivery_not_found',
        `the received message of delivery ${input.deliveryId} is no longer kept (deleted, or past the content retention)`,
      );
    const retryAfter = await limit(input.accountId);
    if (retryAfter !== undefined) return { retryAfterSeconds: retryAfter };
    // Fresh attachment links; the same event, so the same webhook-id (webhookEventId(inbound id, event)).
    const payload = receivedEmailEnvelope(receivedEmailPayload(config, inbound, { forWebhook: true }));
    const attempt = await attemptAndRecordWebhook(db, config, {
      endpoint,
      event,
      body: JSON.stringify(payload),
      messageId: inbound.id,
      isTest: false,
      replayOf: delivery.id,
    });
    return { attempt, event, messageId: inbound.id, replayOf: delivery.id, payload };
  }
  // About the account, not a message: the erasure's end stays readable at GET /api/privacy/erasures/{id}.
  if (event === 'privacy.erasure_completed')
    throw new PostageError(
      'webhook_delivery_not_found',
      `delivery ${input.deliveryId} announced an erasure's end, which is not replayed: read the erasure ${delivery.messageId} at GET /api/privacy/erasures/${delivery.messageId}`,
    );
  // About the account's sending: told once, when it happened (docs/reputation.md, "Warnings and pauses").
  if (isAccountNoticeEvent(event))
    throw new PostageError(
      'webhook_delivery_not_found',
      `delivery ${input.deliveryId} announced ${event}, which is not replayed: a notice about the account is told once, when it happened`,
    );
  // The message must still be in the log (14 days) to rebuild its event.
  const row = await getLogRow(db, delivery.messageId);
  if (!row || row.account_id !== input.accountId)
    throw new PostageError(
      'webhook_delivery_not_found',
      `the message of delivery ${input.deliveryId} is no longer in the email log (kept 14 days)`,
    );
  // An open or click is rebuilt from the timeline: the one the first delivery announced (the one
  // with its webhook id, when the delivery recorded it), and is sent with the same id.
  const engagementId = delivery.eventId;
  const engagement =
    event === 'email.opened' || event === 'email.clicked'
      ? await announcedEngagement(
          db,
          row.message_id,
          event === 'email.opened' ? 'opened' : 'clicked',
          delivery.firstAttemptedAt,
          engagementId !== null
            ? { eventId: engagementId, idOf: (e) => webhookEventId(row.message_id, event, e) }
            : undefined,
        )
      : undefined;
  if ((event === 'email.opened' || event === 'email.clicked') && !engagement)
    throw new PostageError(
      'webhook_delivery_not_found',
      `the ${event === 'email.opened' ? 'open' : 'click'} of delivery ${input.deliveryId} is no longer in the message's timeline`,
    );
  const retryAfterSeconds = await limit(input.accountId);
  if (retryAfterSeconds !== undefined) return { retryAfterSeconds };
  const delay = event === 'email.delivery_delayed' ? await messageDelay(db, row.message_id) : undefined;
  const unsubscribe = event === 'email.unsubscribed' ? await messageUnsubscribe(db, row.message_id) : undefined;
  const payload = buildWebhookEnvelope(
    event,
    { ...row, ...(delay ? { delay } : {}), ...(unsubscribe ? { unsubscribe } : {}) },
    engagement,
  );
  const attempt = await attemptAndRecordWebhook(db, config, {
    endpoint,
    event,
    body: JSON.stringify(payload),
    messageId: row.message_id,
    isTest: false,
    replayOf: delivery.id,
    ...(engagement ? { eventId: webhookEventId(row.message_id, event, engagement) } : {}),
  });
  return { attempt, event, messageId: row.message_id, replayOf: delivery.id, payload };
}
