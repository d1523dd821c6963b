// A provider outcome for a message whose send workflow has already closed (a complaint days after
// the delivery, or a report after the outcome timeout). It is settled exactly like one that came
// in time: email log, suppression and reputation, webhook. Started by the SNS endpoint, one per
// SNS notification (core/providerEvents/providerEvents.ts).
import { upsertSearchAttributes } from '@temporalio/workflow';
import type { MessageStatus } from '../core/model/outcomes';
import { MESSAGE_STATUS } from '../core/model/searchAttributes';
import { settleOutcome } from './settleOutcome';
import type { LateOutcomeInput } from '../core/model/workflowContract';
import { webhookFanout } from './webhookFanout';

export async function recordLateOutcome(input: LateOutcomeInput): Promise<{ status: MessageStatus }> {
  // Only shared messages have provider events reaching us (BYOC events go to the customer's account).
  const webhooks = webhookFanout({ ...input, mode: 'shared' });
  const status = await settleOutcome(input, input.outcome, webhooks);
  upsertSearchAttributes([{ key: MESSAGE_STATUS, value: status }]);
  await webhooks.settled();
  return { status };
}
