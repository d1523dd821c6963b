import { subscribedEndpointIds } from '../core/webhooks/webhookEndpoints';
import type { WebhookEventType } from '../core/model/webhookEvents';
import type { ResolvedActivityDeps } from './deps';

/** Ids of the account's active endpoints subscribed to the event (docs/webhooks.md, "Events"). */
export function findWebhookEndpoints(deps: ResolvedActivityDeps) {
  return async function findWebhookEndpoints(input: {
    accountId: string;
    event: WebhookEventType;
  }): Promise<{ endpointIds: string[] }> {
    return { endpointIds: await subscribedEndpointIds(deps.db, input.accountId, input.event) };
  };
}
