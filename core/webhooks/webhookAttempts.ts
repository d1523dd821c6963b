// One delivery attempt, recorded: the signed POST (webhookDelivery.ts) and its row in the
// endpoint's delivery history, whether it came from the workflow or from "send test event".
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { postSignedWebhook, type WebhookAttempt } from './webhookDelivery';
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
): Promise<WebhookAttempt & { attemptedAt: Date }> {
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
    attempt = { statusCode: null, latencyMs: 0, succeeded: false, error: err instanceof Error ? err.message : String(err) };
  }
  await db('webhook_deliveries').insert({
    endpoint_id: input.endpoint.id,
    message_id: input.messageId,
    event_type: input.event,
    status_code: attempt.statusCode,
    latency_ms: attempt.latencyMs,
    succeeded: attempt.succeeded,
    error: attempt.error,
    is_test: input.isTest,
    attempted_at: attemptedAt,
  });
  return { ...attempt, attemptedAt };
}
