import { subscribedEndpointIds } from '../core/webhooks/webhookEndpoints';
import type { WebhookEventType } from '../core/model/webhookEvents';
import type { ResolvedActivityDeps } from './deps';
import { withLiveStream } from './liveEndpoint';

/** Ids of the account's active endpoints subscribed to the event (docs/webhooks.md, "Events"), and its live stream's. */
export function findWebhookEndpoints(deps: ResolvedActivityDeps) {
  return async function findWebhookEndpoints(input: {
    accountId: string;
    event: WebhookEventType;
  }): Promise<{ endpointIds: string[] }> {
    return {
      endpointIds: await withLiveStream(
        deps,
        input.accountId,
        subscribedEndpointIds(deps.db, input.accountId, input.event),
      ),
    };
  };
}
