import { Context } from '@temporalio/activity';
import { getLogRow } from '../core/sending/emailLog';
import { postSignedWebhook, type WebhookAttempt } from '../core/webhooks/webhookDelivery';
import { endpointForDelivery, type WebhookEventType } from '../core/webhooks/webhookEndpoints';
import { buildWebhookEnvelope } from '../core/webhooks/webhookPayloads';
import type { ResolvedActivityDeps } from './deps';

/**
 * One signed POST to one endpoint (spec 6.1: one attempt, 5 s, 2xx or failed); every attempt is
 * recorded for the dashboard: endpoint, event, status code, latency, error.
 */
export function deliverWebhook(deps: ResolvedActivityDeps) {
  return async function deliverWebhook(input: { endpointId: string; messageId: string; event: WebhookEventType }): Promise<{ succeeded: boolean; statusCode: number | null }> {
    const endpoint = await endpointForDelivery(deps.db, deps.config.secretKey, input.endpointId);
    const row = await getLogRow(deps.db, input.messageId);
    // Deactivated or deleted since the event fired, or the log row purged: nothing to send.
    if (!endpoint || !endpoint.active || !row) return { succeeded: false, statusCode: null };
    const body = JSON.stringify(buildWebhookEnvelope(input.event, row));
    let attempt: WebhookAttempt;
    try {
      attempt = await postSignedWebhook({
        url: endpoint.url,
        signingSecret: endpoint.signingSecret,
        event: input.event,
        body,
        timeoutMs: deps.config.webhooks.timeoutMs,
        allowedPrivateAddresses: deps.config.webhooks.allowedPrivateAddresses,
        signal: Context.current().cancellationSignal,
      });
    } catch (err) {
      // A URL the agent cannot even attempt (bad scheme): recorded like any failed delivery.
      attempt = { statusCode: null, latencyMs: 0, succeeded: false, error: err instanceof Error ? err.message : String(err) };
    }
    await deps.db('webhook_deliveries').insert({
      endpoint_id: endpoint.id,
      message_id: input.messageId,
      event_type: input.event,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      succeeded: attempt.succeeded,
      error: attempt.error,
    });
    deps.metrics.webhookDeliveries.inc({ result: attempt.succeeded ? 'succeeded' : 'failed' });
    deps.metrics.webhookDuration.observe(attempt.latencyMs / 1000);
    if (!attempt.succeeded) deps.logger.warn({ endpointId: endpoint.id, event: input.event, error: attempt.error }, 'webhook delivery failed');
    return { succeeded: attempt.succeeded, statusCode: attempt.statusCode };
  };
}
