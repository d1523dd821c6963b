import { applyOutcomeToLog } from '../core/sending/emailLog';
import { OUTCOME_EVENT, type MessageStatus, type ProviderOutcome } from '../core/model/outcomes';
import { subscribedEndpointIds } from '../core/webhooks/webhookEndpoints';
import type { ResolvedActivityDeps } from './deps';
import { withLiveStream } from './liveEndpoint';

/**
 * Writes an outcome to the email log. `applied` is false when the row already holds a status the
 * outcome may not replace (a duplicate notification, a delivery after a bounce) or is gone; it is
 * true again for the same call re-run after its worker died (`recordedBy`, drawn by the
 * workflow), so the outcome's webhook is still fired.
 */
export function recordOutcome(deps: ResolvedActivityDeps) {
  return async function recordOutcome(input: {
    messageId: string;
    outcome: ProviderOutcome;
    recordedBy?: string;
    /** The message's account: also return the endpoints subscribed to the outcome's event (read beside the write). */
    webhookEndpointsOf?: string;
  }): Promise<{ applied: boolean; status: MessageStatus; webhookEndpointIds?: string[] }> {
    const [{ applied, status: current }, endpointIds] = await Promise.all([
      applyOutcomeToLog(deps.db, input.messageId, input.outcome, input.recordedBy),
      input.webhookEndpointsOf !== undefined
        ? withLiveStream(
            deps,
            input.webhookEndpointsOf,
            subscribedEndpointIds(deps.db, input.webhookEndpointsOf, OUTCOME_EVENT[input.outcome.type]),
          )
        : undefined,
    ]);
    // A delay changes no status (a message without a row, a test of the activity alone, reads `sent`).
    const status = current ?? (input.outcome.type === 'delayed' ? 'sent' : input.outcome.type);
    if (applied) deps.metrics.outcomes.inc({ status: input.outcome.type === 'delayed' ? 'delivery_delayed' : status });
    return { applied, status, ...(endpointIds ? { webhookEndpointIds: endpointIds } : {}) };
  };
}
