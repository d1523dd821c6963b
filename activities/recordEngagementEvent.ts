import { recordEngagementEvent as record } from '../core/sending/engagement';
import type { EngagementEvent } from '../core/model/workflowContract';
import { subscribedEndpointIds } from '../core/webhooks/webhookEndpoints';
import type { ResolvedActivityDeps } from './deps';
import { withLiveStream } from './liveEndpoint';

/**
 * One open or click into the message's timeline (core/sending/engagement.ts); when it was
 * recorded, also the account's endpoints subscribed to its event (`email.opened`/`email.clicked`).
 */
export function recordEngagementEvent(deps: ResolvedActivityDeps) {
  return async function recordEngagementEvent(input: {
    messageId: string;
    event: EngagementEvent;
    recordedBy: string;
  }): Promise<{ recorded: boolean; webhookEndpointIds: string[] }> {
    const { recorded, accountId } = await record(deps.db, input.messageId, input.event, input.recordedBy);
    if (!recorded || accountId === null) return { recorded: false, webhookEndpointIds: [] };
    const event = input.event.type === 'opened' ? 'email.opened' : 'email.clicked';
    return {
      recorded: true,
      webhookEndpointIds: await withLiveStream(deps, accountId, subscribedEndpointIds(deps.db, accountId, event)),
    };
  };
}
