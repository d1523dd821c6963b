// Hands a verified SES outcome to the right workflow. The SES message id is mapped to our message
// through provider_messages (written when SES accepted it); the outcome is signalled to the send
// workflow while it runs, and once it has closed a late-outcome workflow settles it the same way
// (log, suppression, reputation, webhook), one per SNS notification so redeliveries are no-ops.
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ACCOUNT_ID, MESSAGE_STATUS, SENDING_MODE } from '../workflows/searchAttributes';
import { providerOutcomeSignal } from '../workflows/signals';
import type { LateOutcomeInput } from '../workflows/types';
import { lateOutcomeWorkflowId, sendWorkflowId } from '../workflows/types';
import type { Config } from './config';
import type { Db } from './db';
import type { ProviderOutcome } from './outcomes';
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
  deps: { db: Db; temporal: Client; config: Config },
  input: { sesMessageId: string; snsMessageId: string; outcome: ProviderOutcome },
): Promise<ProviderEventRoute> {
  const message = await findProviderMessage(deps.db, input.sesMessageId);
  if (!message) return 'unknown_message';
  try {
    await deps.temporal.workflow.getHandle(sendWorkflowId(message.messageId)).signal(providerOutcomeSignal, input.outcome);
    return 'signalled';
  } catch (err) {
    // Closed workflows refuse signals as "not found"; anything else (Temporal down) is retried by SNS.
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  const late: LateOutcomeInput = { messageId: message.messageId, accountId: message.accountId, kind: message.kind, outcome: input.outcome };
  try {
    await deps.temporal.workflow.start('recordLateOutcome', {
      taskQueue: deps.config.temporal.taskQueue,
      workflowId: lateOutcomeWorkflowId(input.snsMessageId),
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [late],
      typedSearchAttributes: [
        { key: ACCOUNT_ID, value: message.accountId },
        { key: SENDING_MODE, value: 'shared' },
        { key: MESSAGE_STATUS, value: input.outcome.type },
      ],
    });
    return 'late';
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'duplicate';
    throw err;
  }
}
