import { Context } from '@temporalio/activity';
import { loadInboundMessage, receivedEmailPayload } from '../core/inbound/receivedEmail';
import { getLogRow, type EmailLogRow } from '../core/sending/emailLog';
import { messageDelay } from '../core/sending/emailTimeline';
import { readUnsubscribeToken } from '../core/unsubscribe/unsubscribeTokens';
import { attemptAndRecordWebhook, recordedMessageDelivery } from '../core/webhooks/webhookAttempts';
import { webhookEventId } from '../core/webhooks/standardWebhooks';
import { endpointForDelivery } from '../core/webhooks/webhookEndpoints';
import { liveEndpointAccount, publishLiveEvent } from '../core/webhooks/liveEvents';
import { isAccountNoticeEvent, type WebhookEventType } from '../core/model/webhookEvents';
import { getNotice } from '../core/accounts/accountNotices';
import type { EngagementEvent } from '../core/model/workflowContract';
import {
  accountNoticeEnvelope,
  buildWebhookEnvelope,
  receivedEmailEnvelope,
  type AccountNoticeEnvelope,
  type ErasureCompletedEnvelope,
  type ReceivedEmailEnvelope,
  type WebhookEnvelope,
} from '../core/webhooks/webhookPayloads';
import { erasureCompletedEvent } from '../core/privacy/erasures';
import type { ResolvedActivityDeps } from './deps';

/**
 * email.unsubscribed's payload: the recipient from the token (so the event outlives the log row),
 * the tags from the row while it exists, `topic` when the link was for one, and `occurred_at`.
 */
function unsubscribedEnvelope(
  deps: ResolvedActivityDeps,
  messageId: string,
  unsubscribe: { token: string; at: string },
  row: EmailLogRow | undefined,
): WebhookEnvelope | undefined {
  const claim = readUnsubscribeToken(deps.config.secretKey, unsubscribe.token);
  if (!claim || claim.messageId !== messageId) return undefined;
  return buildWebhookEnvelope('email.unsubscribed', {
    message_id: messageId,
    recipient: claim.recipient,
    subject: '',
    bounce_type: null,
    failure_reason: null,
    ...(row ? { tags: row.tags, test: row.test } : {}),
    unsubscribe: { ...(claim.topic !== null ? { topic: claim.topic } : {}), occurred_at: unsubscribe.at },
  });
}

type DeliveryResult = { succeeded: boolean; statusCode: number | null };

/** What the event's payload is built from, read at once (all but one are undefined for most events). */
async function loadEventData(deps: ResolvedActivityDeps, input: DeliveryInput) {
  const received = input.event === 'email.received';
  const aboutSentMessage = !received && !aboutAccount(input.event);
  const [row, delay, inbound] = await Promise.all([
    aboutSentMessage ? getLogRow(deps.db, input.messageId) : undefined,
    input.event === 'email.delivery_delayed' ? messageDelay(deps.db, input.messageId) : undefined,
    received ? loadInboundMessage(deps.db, input.messageId) : undefined,
  ]);
  return { row, delay, inbound };
}

/**
 * The body an endpoint gets; undefined when there is nothing to announce (the log row purged, the
 * received message deleted, or not for `receives`, which says whose received mail may go here).
 */
function envelopeOf(
  deps: ResolvedActivityDeps,
  input: DeliveryInput,
  { row, delay, inbound }: Awaited<ReturnType<typeof loadEventData>>,
  receives: (accountId: string) => boolean,
): WebhookEnvelope | ReceivedEmailEnvelope | undefined {
  if (input.event === 'email.received')
    return inbound && receives(inbound.account_id)
      ? receivedEmailEnvelope(receivedEmailPayload(deps.config, inbound, { forWebhook: true }))
      : undefined;
  if (input.event === 'email.unsubscribed')
    return input.unsubscribe && unsubscribedEnvelope(deps, input.messageId, input.unsubscribe, row);
  if (aboutAccount(input.event)) return undefined; // read for its account: bodyFor
  return row && buildWebhookEnvelope(input.event, { ...row, ...(delay ? { delay } : {}) }, input.engagement);
}

/** An event about the account, not a message: `messageId` is the erasure's or the notice's id. */
const aboutAccount = (event: WebhookEventType) => event === 'privacy.erasure_completed' || isAccountNoticeEvent(event);

/** An account notice's body, read from the notice of `accountId` (undefined for another account's). */
async function accountNoticeBody(
  deps: ResolvedActivityDeps,
  accountId: string,
  noticeId: string,
): Promise<AccountNoticeEnvelope | undefined> {
  const notice = await getNotice(deps.db, accountId, noticeId);
  return notice && accountNoticeEnvelope(notice.event, notice.payload);
}

/**
 * The body for an endpoint or stream of `accountId`: an erasure's end is read from the erasure, an
 * account notice from the notice, of that account only (`messageId` is its id); every other event
 * from what loadEventData read.
 */
async function bodyFor(
  deps: ResolvedActivityDeps,
  input: DeliveryInput,
  accountId: string,
  data: Awaited<ReturnType<typeof loadEventData>>,
  receives: (accountId: string) => boolean,
): Promise<WebhookEnvelope | ReceivedEmailEnvelope | ErasureCompletedEnvelope | AccountNoticeEnvelope | undefined> {
  if (input.event === 'privacy.erasure_completed') return erasureCompletedEvent(deps.db, accountId, input.messageId);
  if (isAccountNoticeEvent(input.event)) return accountNoticeBody(deps, accountId, input.messageId);
  return envelopeOf(deps, input, data, receives);
}

/**
 * The account's live stream (core/webhooks/liveEvents.ts): the body and `webhook-id` an endpoint
 * gets, appended to its Redis Stream. Best effort, as the stream is: Redis failing loses the event
 * for the stream only, never delays the message.
 */
async function publishToLiveStream(
  deps: ResolvedActivityDeps,
  accountId: string,
  input: DeliveryInput,
  eventId: string | undefined,
): Promise<DeliveryResult> {
  const data = await loadEventData(deps, input);
  const envelope = await bodyFor(deps, input, accountId, data, (owner) => owner === accountId);
  if (!envelope || !deps.redis) return { succeeded: false, statusCode: null };
  const event = {
    id: eventId ?? webhookEventId(input.messageId, input.event),
    type: input.event,
    timestamp: new Date().toISOString(),
    body: JSON.stringify(envelope),
  };
  try {
    await publishLiveEvent(deps.redis, deps.config.redis.keyPrefix, accountId, event);
    return { succeeded: true, statusCode: null };
  } catch (err) {
    deps.logger.warn({ err, event: input.event, accountId }, 'live event not published');
    return { succeeded: false, statusCode: null };
  }
}

export interface DeliveryInput {
  endpointId: string;
  /** The sent message's id; for `email.received`, the received message's (inbound) id; for `privacy.erasure_completed`, the erasure's; for an account notice, the notice's. */
  messageId: string;
  event: WebhookEventType;
  /** For `email.opened`/`email.clicked`: the open or click announced (a message has many). */
  engagement?: EngagementEvent;
  /**
   * email.unsubscribed: the link's token (the address sealed, so none is in Temporal history) and
   * when the recipient used it (docs/webhooks.md, "Events").
   */
  unsubscribe?: { token: string; at: string };
}

/**
 * One signed POST to one endpoint (docs/webhooks.md, "Delivery policy": one attempt, 5 s, 2xx or
 * failed); every attempt is recorded for the dashboard: endpoint, event, status code, latency,
 * error. Temporal runs the activity again only when its worker died (the endpoint's own failure is
 * an answer, not an error), or, as a local activity, when its workflow task runs again after that:
 * then the attempt already recorded stands, and without one the POST is made (the endpoint may get
 * it twice if the worker died after posting; receivers handle events idempotently, as the same
 * section of docs/webhooks.md asks).
 */
export function deliverWebhook(deps: ResolvedActivityDeps) {
  return async function deliverWebhook(input: DeliveryInput): Promise<DeliveryResult> {
    // Run again: a retry, or a local activity whose workflow task is run again after its worker died.
    const { info } = Context.current();
    // Opens and clicks repeat per message: each has its own id, the attempt of this one counts.
    const eventId = input.engagement ? webhookEventId(input.messageId, input.event, input.engagement) : undefined;
    const live = liveEndpointAccount(input.endpointId);
    if (live !== undefined) return publishToLiveStream(deps, live, input, eventId);
    if (info.attempt > 1 || info.isLocal) {
      const recorded = await recordedMessageDelivery(deps.db, { ...input, ...(eventId ? { eventId } : {}) });
      if (recorded) return recorded;
    }
    const [endpoint, data] = await Promise.all([
      endpointForDelivery(deps.db, deps.config.secretKey, input.endpointId),
      loadEventData(deps, input),
    ]);
    // Deactivated or deleted since the event fired, or the log row purged: nothing to send.
    if (!endpoint || !endpoint.active) return { succeeded: false, statusCode: null };
    // email.received only to an endpoint still subscribed (docs/inbound.md, "Rules"), of the message's account.
    const envelope = await bodyFor(
      deps,
      input,
      endpoint.accountId,
      data,
      (accountId) => endpoint.accountId === accountId && endpoint.events.includes('email.received'),
    );
    if (!envelope) return { succeeded: false, statusCode: null };
    const body = JSON.stringify(envelope);
    const attempt = await attemptAndRecordWebhook(deps.db, deps.config, {
      endpoint,
      event: input.event,
      body,
      messageId: input.messageId,
      isTest: false,
      ...(eventId ? { eventId } : {}),
      signal: Context.current().cancellationSignal,
    });
    deps.metrics.webhookDeliveries.inc({ result: attempt.succeeded ? 'succeeded' : 'failed' });
    deps.metrics.webhookDuration.observe(attempt.latencyMs / 1000);
    if (!attempt.succeeded)
      deps.logger.warn(
        {
          endpointId: endpoint.id,
          event: input.event,
          statusCode: attempt.statusCode,
          error: attempt.error,
          cause: attempt.cause,
        },
        'webhook delivery failed',
      );
    return { succeeded: attempt.succeeded, statusCode: attempt.statusCode };
  };
}
