// Webhook deliveries run in the background of the workflow: fired and not awaited, so they never
// delay the send; the workflow waits for them only before it completes.
import type { WebhookEventType } from '../core/model/webhookEvents';
import { accountEventDelivery, bookkeeping, webhookDelivery } from './activityProxies';

export interface WebhookFanout {
  /** `endpointIds`: the subscribed endpoints when a step already read them (else they are looked up). */
  fire(event: WebhookEventType, endpointIds?: string[]): void;
  settled(): Promise<void>;
}

async function notifyEndpoints(
  accountId: string,
  messageId: string,
  event: WebhookEventType,
  known?: string[],
  delivery = webhookDelivery,
): Promise<void> {
  const endpointIds = known ?? (await bookkeeping().findWebhookEndpoints({ accountId, event })).endpointIds;
  await Promise.all(
    endpointIds.map((endpointId) =>
      // One attempt; a failed delivery is recorded by the activity and never fails the message.
      delivery()
        .deliverWebhook({ endpointId, messageId, event })
        .catch(() => undefined),
    ),
  );
}

/** docs/webhooks.md: webhooks exist in shared mode only; BYOC messages get a fan-out that does nothing. */
export function webhookFanout(input: { accountId: string; messageId: string; mode: 'shared' | 'byoc' }): WebhookFanout {
  const pending: Promise<void>[] = [];
  return {
    fire(event, endpointIds) {
      if (input.mode === 'shared') pending.push(notifyEndpoints(input.accountId, input.messageId, event, endpointIds));
    },
    async settled() {
      await Promise.all(pending);
    },
  };
}

/**
 * An event about the account, not a message (`privacy.erasure_completed`): the same lookup and one
 * attempt at each subscribed endpoint and the live stream; `subjectId` (the erasure's id) stands
 * where a message's id does, in the delivery's input and its record.
 */
export async function announceAccountEvent(
  accountId: string,
  subjectId: string,
  event: WebhookEventType,
): Promise<void> {
  await notifyEndpoints(accountId, subjectId, event, undefined, accountEventDelivery);
}
