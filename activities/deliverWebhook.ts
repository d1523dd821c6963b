import { getLogRow } from '../core/emailLog';
import { postSignedWebhook } from '../core/webhookDelivery';
import { endpointForDelivery, type WebhookEventType } from '../core/webhookEndpoints';
import { buildWebhookEnvelope } from '../core/webhookPayloads';
import type { ActivityDeps } from './deps';

/** One signed POST to one endpoint; every attempt is recorded for the dashboard. */
export function deliverWebhook(deps: ActivityDeps) {
  return async function deliverWebhook(input: { endpointId: string; messageId: string; event: WebhookEventType }): Promise<{ succeeded: boolean; statusCode: number | null }> {
    const endpoint = await endpointForDelivery(deps.db, deps.config.secretKey, input.endpointId);
    const row = await getLogRow(deps.db, input.messageId);
    if (!endpoint || !endpoint.active || !row) return { succeeded: false, statusCode: null };
    const body = JSON.stringify(buildWebhookEnvelope(input.event, row));
    const attempt = await postSignedWebhook({
      url: endpoint.url,
      signingSecret: endpoint.signingSecret,
      event: input.event,
      body,
      timeoutMs: deps.config.webhooks.timeoutMs,
      allowedPrivateAddresses: deps.config.webhooks.allowedPrivateAddresses,
    });
    await deps.db('webhook_deliveries').insert({
      endpoint_id: endpoint.id,
      message_id: input.messageId,
      event_type: input.event,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      succeeded: attempt.succeeded,
      error: attempt.error,
    });
    if (!attempt.succeeded) deps.logger.warn({ endpointId: endpoint.id, event: input.event, error: attempt.error }, 'webhook delivery failed');
    return { succeeded: attempt.succeeded, statusCode: attempt.statusCode };
  };
}
