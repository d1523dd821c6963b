// One outcome, settled the same way whether it came from SES (signal or late event) or from the
// test-recipient simulator: email log, then suppression and reputation (real recipients only),
// then the outcome webhook when the log changed.
import type { MessageKind } from '../core/model/sendingModes';
import { OUTCOME_EVENT, suppresses, type MessageStatus, type ProviderOutcome } from '../core/model/outcomes';
import { uuid4 } from '@temporalio/workflow';
import { bookkeeping, leanBookkeeping } from './activityProxies';
import type { WebhookFanout } from './webhookFanout';

export interface OutcomeTarget {
  messageId: string;
  accountId: string;
  kind: MessageKind;
}

export async function settleOutcome(
  target: OutcomeTarget,
  outcome: ProviderOutcome,
  webhooks: WebhookFanout,
): Promise<MessageStatus> {
  // The same uuid when this task is run again after its worker died: the re-run recognises its
  // own write and the webhook below still fires (a duplicate notification gets a new one).
  leanBookkeeping();
  const recorded = await bookkeeping().recordOutcome({
    messageId: target.messageId,
    outcome,
    recordedBy: uuid4(),
    webhookEndpointsOf: target.accountId,
  });
  const event = suppresses(outcome);
  // Test and simulator addresses are never suppressed nor counted (docs/decisions.md).
  if (event && target.kind === 'real') {
    await bookkeeping().suppressRecipient({ accountId: target.accountId, messageId: target.messageId, reason: event });
    await bookkeeping().updateReputation({
      accountId: target.accountId,
      messageId: target.messageId,
      event,
      at: outcome.at,
    });
  }
  if (recorded.applied) webhooks.fire(OUTCOME_EVENT[outcome.type], recorded.webhookEndpointIds);
  return recorded.status;
}
