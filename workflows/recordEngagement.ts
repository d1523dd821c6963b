// The opens and clicks of one tracked message (docs/sending.md, "Tracking opens and clicks"):
// `engagement-<message id>`, started by the first event's signal (signal-with-start from the
// tracking routes), recording each event as it comes and announcing the recorded ones to the
// endpoints subscribed to `email.opened`/`email.clicked`. It closes after IDLE of quiet (the next
// event starts it again) and continues as new after MAX_EVENTS_PER_RUN, so its history stays small.
import { condition, continueAsNew, setHandler, uuid4 } from '@temporalio/workflow';
import { engagementSignal } from '../core/model/signals';
import type { EngagementEvent, EngagementInput } from '../core/model/workflowContract';
import { bookkeeping, webhookDelivery } from './activityProxies';

const IDLE = '10m';
const MAX_EVENTS_PER_RUN = 200;

export async function recordEngagement(input: EngagementInput): Promise<{ handled: number }> {
  const queue: EngagementEvent[] = [...(input.pending ?? [])];
  setHandler(engagementSignal, (event) => void queue.push(event));
  const deliveries: Promise<unknown>[] = [];
  let handled = 0;
  for (;;) {
    if (!(await condition(() => queue.length > 0, IDLE))) break;
    if (handled >= MAX_EVENTS_PER_RUN) {
      await Promise.all(deliveries);
      await continueAsNew<typeof recordEngagement>({ messageId: input.messageId, pending: queue });
    }
    const event = queue.shift()!;
    handled += 1;
    // Drawn by the workflow, so a call re-run after its worker died is known as the same event.
    const recordedBy = uuid4();
    const { recorded, webhookEndpointIds } = await bookkeeping().recordEngagementEvent({
      messageId: input.messageId,
      event,
      recordedBy,
    });
    if (!recorded) continue;
    const type = event.type === 'opened' ? 'email.opened' : 'email.clicked';
    // One attempt per endpoint, in the background (docs/webhooks.md, "Delivery policy").
    for (const endpointId of webhookEndpointIds)
      deliveries.push(
        webhookDelivery()
          .deliverWebhook({ endpointId, messageId: input.messageId, event: type, engagement: event })
          .catch(() => undefined),
      );
  }
  await Promise.all(deliveries);
  return { handled };
}
