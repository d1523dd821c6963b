// The opens and clicks of one tracked message (docs/sending.md, "Tracking opens and clicks"):
// `engagement-<message id>`, started by the first event's signal (signal-with-start from the
// tracking routes), recording each event as it comes and announcing the recorded ones to the
// endpoints subscribed to `email.opened`/`email.clicked`. It closes after IDLE of quiet (the next
// event starts it again) and continues as new after MAX_EVENTS_PER_RUN, so its history stays small.
import { condition, continueAsNew, log, setHandler, uuid4 } from '@temporalio/workflow';
import { engagementSignal } from '../core/model/signals';
import type { EngagementEvent, EngagementInput } from '../core/model/workflowContract';
import { bookkeeping, webhookDelivery } from './activityProxies';

const IDLE = '10m';
const MAX_EVENTS_PER_RUN = 200;
/**
 * Events waiting beyond this are dropped (and logged): the API limits what it hands over per
 * client, per message and in total (docs/sending.md, "Rate limits"), so only a flood gets here,
 * and an unbounded queue would grow the history and what continueAsNew carries.
 */
export const MAX_PENDING_EVENTS = 500;

export async function recordEngagement(input: EngagementInput): Promise<{ handled: number; dropped: number }> {
  const queue: EngagementEvent[] = [...(input.pending ?? [])].slice(0, MAX_PENDING_EVENTS);
  let dropped = 0;
  setHandler(engagementSignal, (event) => {
    if (queue.length < MAX_PENDING_EVENTS) queue.push(event);
    else if (++dropped === 1 || dropped % 100 === 0)
      log.warn('engagement events dropped: too many waiting', { messageId: input.messageId, dropped });
  });
  let deliveries: Promise<unknown>[] = [];
  let handled = 0;
  for (;;) {
    if (!(await condition(() => queue.length > 0, IDLE))) {
      // Quiet for IDLE: close once the deliveries are done, unless an event came meanwhile (the
      // run is still open, so its signal started nothing new and is ours to record).
      await Promise.all(deliveries);
      deliveries = [];
      if (queue.length === 0) break;
      continue;
    }
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
  return { handled, dropped };
}
