// One delivery attempt, recorded: the signed POST (webhookDelivery.ts) and its row in the
// endpoint's delivery history, whether it came from the workflow or from "send test event". The
// row (and every answer built from it) says what the endpoint answered and how long it took; a
// failure without an answer has only its category, and no measured time: the deadline for a
// timeout, 0 otherwise (a measured connect or DNS failure time would map the network).
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { killPoint } from '../platform/killPoints';
import { postSignedWebhook, webhookFailureOf, type WebhookAttempt } from './webhookDelivery';
import { webhookEventId } from './standardWebhooks';
import type { WebhookEndpoint } from './webhookEndpoints';

export async function attemptAndRecordWebhook(
  db: Db,
  config: Pick<Config, 'webhooks'>,
  input: {
    endpoint: Pick<WebhookEndpoint, 'id' | 'url'> & { signingSecret: string; previousSecret?: string };
    event: string;
    body: string;
    /** Null for test events. */
    messageId: string | null;
    isTest: boolean;
    /** The recorded delivery this attempt replays. */
    replayOf?: string;
    /** `webhook-id`: webhookEventId(messageId, event) unless given (an open's or click's own). */
    eventId?: string;
    signal?: AbortSignal;
  },
): Promise<WebhookAttempt & { id: string; attemptedAt: Date; durationMs: number }> {
  const attemptedAt = new Date();
  const eventId = input.eventId ?? webhookEventId(input.messageId, input.event);
  let attempt: WebhookAttempt;
  try {
    attempt = await postSignedWebhook({
      url: input.endpoint.url,
      signingSecret: input.endpoint.signingSecret,
      ...(input.endpoint.previousSecret ? { previousSecret: input.endpoint.previousSecret } : {}),
      event: input.event,
      body: input.body,
      timeoutMs: config.webhooks.timeoutMs,
      allowedPrivateAddresses: config.webhooks.allowedPrivateAddresses,
      eventId,
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (err) {
    // A URL the agent cannot even attempt (bad scheme): recorded like any failed delivery.
    attempt = { statusCode: null, latencyMs: 0, succeeded: false, ...webhookFailureOf(err) };
  }
  killPoint('webhook:answered'); // the endpoint has it; our record of that does not exist yet
  const durationMs =
    attempt.statusCode !== null ? attempt.latencyMs : attempt.error === 'timeout' ? config.webhooks.timeoutMs : 0;
  const [recorded] = await db('webhook_deliveries')
    .insert({
      endpoint_id: input.endpoint.id,
      message_id: input.messageId,
      event_type: input.event,
      status_code: attempt.statusCode,
      latency_ms: durationMs,
      succeeded: attempt.succeeded,
      error: attempt.error,
      is_test: input.isTest,
      replay_of: input.replayOf ?? null,
      event_id: eventId,
      attempted_at: attemptedAt,
    })
    .returning<{ id: string }[]>('id');
  return { ...attempt, id: String(recorded!.id), attemptedAt, durationMs };
}

/**
 * The attempt already recorded for this message's event at this endpoint, if any: a delivery
 * activity run again after its worker died returns it instead of posting again, so the endpoint
 * gets one attempt per event (docs/webhooks.md, "Delivery policy") and never none.
 */
export async function recordedMessageDelivery(
  db: Db,
  /** `eventId`: an open's or click's own webhook id, since a message has many (webhookEventId). */
  input: { endpointId: string; messageId: string; event: string; eventId?: string },
): Promise<{ succeeded: boolean; statusCode: number | null } | undefined> {
  const row = await db('webhook_deliveries')
    .where({ endpoint_id: input.endpointId, message_id: input.messageId, event_type: input.event, is_test: false })
    .modify((q) => {
      if (input.eventId !== undefined) void q.where('event_id', input.eventId);
    })
    .orderBy('attempted_at', 'desc')
    .first<{ succeeded: boolean; status_code: number | null } | undefined>('succeeded', 'status_code');
  return row ? { succeeded: row.succeeded, statusCode: row.status_code } : undefined;
}
