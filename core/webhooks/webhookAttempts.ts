// One delivery attempt, recorded: the signed POST (webhookDelivery.ts) and its row in the
// endpoint's delivery history, whether it came from the workflow or from "send test event". The
// row (and every answer built from it) says what the endpoint answered and how long it took; a
// failure without an answer has only its category, and no measured time: the deadline for a
// timeout, 0 otherwise (a measured connect or DNS failure time would map the network).
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { postSignedWebhook, webhookFailureOf, type WebhookAttempt } from './webhookDelivery';
import type { WebhookEndpoint } from './webhookEndpoints';

export async function attemptAndRecordWebhook(
  db: Db,
  config: Pick<Config, 'webhooks'>,
  input: {
    endpoint: Pick<WebhookEndpoint, 'id' | 'url'> & { signingSecret: string };
    event: string;
    body: string;
    /** Null for test events. */
    messageId: string | null;
    isTest: boolean;
    signal?: AbortSignal;
  },
): Promise<WebhookAttempt & { attemptedAt: Date; durationMs: number }> {
  const attemptedAt = new Date();
  let attempt: WebhookAttempt;
  try {
    attempt = await postSignedWebhook({
      url: input.endpoint.url,
      signingSecret: input.endpoint.signingSecret,
      event: input.event,
      body: input.body,
      timeoutMs: config.webhooks.timeoutMs,
      allowedPrivateAddresses: config.webhooks.allowedPrivateAddresses,
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (err) {
    // A URL the agent cannot even attempt (bad scheme): recorded like any failed delivery.
    attempt = { statusCode: null, latencyMs: 0, succeeded: false, ...webhookFailureOf(err) };
  }
  const durationMs = attempt.statusCode !== null ? attempt.latencyMs : attempt.error === 'timeout' ? config.webhooks.timeoutMs : 0;
  await db('webhook_deliveries').insert({
    endpoint_id: input.endpoint.id,
    message_id: input.messageId,
    event_type: input.event,
    status_code: attempt.statusCode,
    latency_ms: durationMs,
    succeeded: attempt.succeeded,
    error: attempt.error,
    is_test: input.isTest,
    attempted_at: attemptedAt,
  });
  return { ...attempt, attemptedAt, durationMs };
}
