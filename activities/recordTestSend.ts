import { OUTCOME_EVENT, syntheticOutcomeAt, syntheticTestOutcomes, type MessageStatus } from '../core/model/outcomes';
import type { TestOutcome } from '../core/model/addresses';
import type { WebhookEventType } from '../core/model/webhookEvents';
import type { ResolvedActivityDeps } from './deps';
import { recordOutcome } from './recordOutcome';
import { recordQueuedMessage } from './recordQueuedMessage';
import { recordSent } from './recordSent';

export interface RecordedTestOutcome {
  event: WebhookEventType;
  applied: boolean;
  status: MessageStatus;
  webhookEndpointIds: string[];
}

/**
 * A test send's whole story in one step (docs/test-recipients.md): confirmed and logged `queued`,
 * `sent` with its synthetic id (its staged attachments dropped unsent), then each synthetic outcome,
 * with the endpoints subscribed to each event. The same statements as the three steps it replaces,
 * without a local activity (and its history marker) each. Every part is safe to run again: a
 * workflow task run again after its worker died runs this again and finds its own writes
 * (`recordedBy`, one per outcome, drawn by the workflow).
 */
export function recordTestSend(deps: ResolvedActivityDeps) {
  const queued = recordQueuedMessage(deps);
  const sent = recordSent(deps);
  const outcome = recordOutcome(deps);
  return async function recordTestSend(input: {
    messageId: string;
    accountId: string;
    testOutcome: TestOutcome;
    providerMessageId: string;
    recordedBy: string[];
  }): Promise<
    | { accepted: false }
    | { accepted: true; sentEndpointIds: string[]; outcomeAt: string; outcomes: RecordedTestOutcome[] }
  > {
    const confirmed = await queued({ messageId: input.messageId, kind: 'test', webhookEndpointsFor: 'email.sent' });
    if (!confirmed.accepted) return { accepted: false };
    const { sentAt } = await sent({
      messageId: input.messageId,
      providerMessageId: input.providerMessageId,
      discardAttachments: true,
    });
    const outcomeAt = syntheticOutcomeAt(sentAt, new Date());
    const outcomes: RecordedTestOutcome[] = [];
    for (const [i, next] of syntheticTestOutcomes(input.testOutcome, outcomeAt).entries()) {
      const recorded = await outcome({
        messageId: input.messageId,
        outcome: next,
        recordedBy: input.recordedBy[i],
        webhookEndpointsOf: input.accountId,
      });
      outcomes.push({
        event: OUTCOME_EVENT[next.type],
        applied: recorded.applied,
        status: recorded.status,
        webhookEndpointIds: recorded.webhookEndpointIds ?? [],
      });
    }
    return { accepted: true, sentEndpointIds: confirmed.webhookEndpointIds ?? [], outcomeAt, outcomes };
  };
}
