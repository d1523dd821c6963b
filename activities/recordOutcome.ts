import { applyOutcomeToLog, getLogRow, type MessageKind } from '../core/emailLog';
import type { MessageStatus, ProviderOutcome } from '../core/outcomes';
import type { ActivityDeps } from './deps';

/** Writes a provider outcome to the email log; `applied` is false when a later status already stands. */
export function recordOutcome(deps: ActivityDeps) {
  return async function recordOutcome(input: {
    messageId: string;
    accountId: string;
    kind: MessageKind;
    outcome: ProviderOutcome;
  }): Promise<{ applied: boolean; status: MessageStatus }> {
    const applied = await applyOutcomeToLog(deps.db, input.messageId, input.outcome);
    const row = await getLogRow(deps.db, input.messageId);
    return { applied, status: row?.status ?? input.outcome.type };
  };
}
