import { applyOutcomeToLog } from '../core/sending/emailLog';
import type { MessageStatus, ProviderOutcome } from '../core/model/outcomes';
import type { ResolvedActivityDeps } from './deps';

/**
 * Writes an outcome to the email log. `applied` is false when the row already holds a status the
 * outcome may not replace (a duplicate notification, a delivery after a bounce) or is gone; it is
 * true again for the same call re-run after its worker died (`recordedBy`, drawn by the
 * workflow), so the outcome's webhook is still fired.
 */
export function recordOutcome(deps: ResolvedActivityDeps) {
  return async function recordOutcome(input: { messageId: string; outcome: ProviderOutcome; recordedBy?: string }): Promise<{ applied: boolean; status: MessageStatus }> {
    const { applied, status: current } = await applyOutcomeToLog(deps.db, input.messageId, input.outcome, input.recordedBy);
    const status = current ?? input.outcome.type;
    if (applied) deps.metrics.outcomes.inc({ status });
    return { applied, status };
  };
}
