// After a one-click unsubscribe of a shared message (docs/sending.md, "One-click unsubscribe"): the
// suppression is already written (the POST did it before answering); this records the
// `unsubscribed` timeline event while the log row exists and tells the subscribed endpoints
// (`email.unsubscribed`, docs/webhooks.md, "Events"). Started by the POST after its answer, with
// the id `unsubscribe-<message id>-<topic or all>`, so a repeated POST starts nothing new. BYOC
// messages never start it: they have no log and no webhooks.
import type { UnsubscribeAnnouncement } from '../core/model/workflowContract';
import { bookkeeping, webhookDelivery } from './activityProxies';

export async function announceUnsubscribe(input: UnsubscribeAnnouncement): Promise<{ webhooks: number }> {
  const { messageId, accountId, topic, at, token } = input;
  await bookkeeping().recordUnsubscribed({ messageId, topic, at });
  const { endpointIds } = await bookkeeping().findWebhookEndpoints({ accountId, event: 'email.unsubscribed' });
  await Promise.all(
    endpointIds.map((endpointId) =>
      // One attempt per endpoint, as for every event (docs/webhooks.md, "Delivery policy").
      webhookDelivery()
        .deliverWebhook({ endpointId, messageId, event: 'email.unsubscribed', unsubscribe: { token, at } })
        .catch(() => undefined),
    ),
  );
  return { webhooks: endpointIds.length };
}
