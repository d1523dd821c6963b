// The worker's activities, each doing one thing and named for it (the names show in the UI).
import type { ActivityDeps } from './deps';
import { deliverWebhook } from './deliverWebhook';
import { discardStagedAttachments } from './discardStagedAttachments';
import { findWebhookEndpoints } from './findWebhookEndpoints';
import { recordOutcome } from './recordOutcome';
import { recordQueuedMessage } from './recordQueuedMessage';
import { recordSent } from './recordSent';
import { sendViaSes } from './sendViaSes';

export type { ActivityDeps } from './deps';

export function createActivities(deps: ActivityDeps) {
  return {
    recordQueuedMessage: recordQueuedMessage(deps),
    discardStagedAttachments: discardStagedAttachments(deps),
    recordSent: recordSent(deps),
    sendViaSes: sendViaSes(deps),
    recordOutcome: recordOutcome(deps),
    findWebhookEndpoints: findWebhookEndpoints(deps),
    deliverWebhook: deliverWebhook(deps),
  };
}
