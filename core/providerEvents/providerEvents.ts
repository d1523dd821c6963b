// Hands a verified SES outcome to the right workflow. The SES message id is mapped to our message
// through provider_messages (written when SES accepted it); the outcome is signalled to the send
// workflow while it runs, and once it has closed a late-outcome workflow settles it the same way
// (log, suppression, reputation, webhook), one per SNS notification so redeliveries are no-ops.
import type { LateOutcomeInput, MessageWorkflows } from '../model/workflowContract';
import type { Db } from '../platform/db';
import type { ProviderOutcome } from '../model/outcomes';
import { findProviderMessage } from './providerMessages';

export type ProviderEventRoute =
  /** The send workflow was waiting (or still sending) and got the outcome as a signal. */
  | 'signalled'
  /** The send workflow had closed; a late-outcome workflow was started. */
  | 'late'
  /** This notification already started its late-outcome workflow (an SNS redelivery). */
  | 'duplicate'
  /** No message of ours has this SES id (another sender on the account, or purged after 90 days). */
  | 'unknown_message';

export async function routeProviderOutcome(
  deps: { db: Db; workflows: MessageWorkflows },
  input: { sesMessageId: string; snsMessageId: string; outcome: ProviderOutcome },
): Promise<ProviderEventRoute> {
  const message = await findProviderMessage(deps.db, input.sesMessageId);
  if (!message) return 'unknown_message';
  if ((await deps.workflows.signalOutcome(message.messageId, input.outcome)) === 'signalled') return 'signalled';
  const late: LateOutcomeInput = {
    messageId: message.messageId,
    accountId: message.accountId,
    kind: message.kind,
    outcome: input.outcome,
  };
  return (await deps.workflows.startLateOutcome(input.snsMessageId, late)) === 'started' ? 'late' : 'duplicate';
}
