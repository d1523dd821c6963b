import { Context } from '@temporalio/activity';
import { loadInboundMessage, receivedEmailPayload } from '../core/inbound/receivedEmail';
import { getLogRow, type EmailLogRow } from '../core/sending/emailLog';
import { messageDelay } from '../core/sending/emailTimeline';
import { readUnsubscribeToken } from '../core/unsubscribe/unsubscribeTokens';
import { attemptAndRecordWebhook, recordedMessageDelivery } from '../core/webhooks/webhookAttempts';
import { webhookEventId } from '../core/webhooks/standardWebhooks';
import { endpointForDelivery } from '../core/webhooks/webhookEndpoints';
import type { WebhookEventType } from '../core/model/webhookEvents';
import type { EngagementEvent } from '../core/model/workflowContract';
import {
  buildWebhookEnvelope,
  receivedEmailEnvelope,
  type ReceivedEmailEnvelope,
  type WebhookEnvelope,
} from '../core/webhooks/webhookPayloads';
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
  return async function deliverWebhook(input: {
    endpointId: string;
    /** The sent message's id; for `email.received`, the received message's (inbound) id. */
    messageId: string;
    event: WebhookEventType;
    /** For `email.opened`/`email.clicked`: the open or click announced (a message has many). */
    engagement?: EngagementEvent;
    /**
     * email.unsubscribed: the link's token (the address sealed, so none is in Temporal history) and
     * when the recipient used it (docs/webhooks.md, "Events").
     */
    unsubscribe?: { token: string; at: string };
  }): Promise<{ succeeded: boolean; statusCode: number | null }> {
    // Run again: a retry, or a local activity whose workflow task is run again after its worker died.
    const { info } = Context.current();
    // Opens and clicks repeat per message: each has its own id, the attempt of this one counts.
    const eventId = input.engagement ? webhookEventId(input.messageId, input.event, input.engagement) : undefined;
    if (info.attempt > 1 || info.isLocal) {
      const recorded = await recordedMessageDelivery(deps.db, { ...input, ...(eventId ? { eventId } : {}) });
      if (recorded) return recorded;
    }
    const received = input.event === 'email.received';
    const [endpoint, row, delay, inbound] = await Promise.all([
      endpointForDelivery(deps.db, deps.config.secretKey, input.endpointId),
      received ? undefined : getLogRow(deps.db, input.messageId),
      input.event === 'email.delivery_delayed' ? messageDelay(deps.db, input.messageId) : undefined,
      received ? loadInboundMessage(deps.db, input.messageId) : undefined,
    ]);
    // Deactivated or deleted since the event fired, or the log row purged: nothing to send.
    if (!endpoint || !endpoint.active) return { succeeded: false, statusCode: null };
    let envelope: WebhookEnvelope | ReceivedEmailEnvelope | undefined;
    if (input.event === 'email.received')
      // Only to an endpoint still subscribed (docs/inbound.md, "Rules"), of the message's account,
      // while the message is kept (deleted meanwhile: nothing to announce).
      envelope =
        inbound && endpoint.accountId === inbound.account_id && endpoint.events.includes('email.received')
          ? receivedEmailEnvelope(receivedEmailPayload(deps.config, inbound, { forWebhook: true }))
          : undefined;
    else if (input.event === 'email.unsubscribed')
      envelope = input.unsubscribe && unsubscribedEnvelope(deps, input.messageId, input.unsubscribe, row);
    else envelope = row && buildWebhookEnvelope(input.event, { ...row, ...(delay ? { delay } : {}) }, input.engagement);
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
