// The worker's activities, each doing one thing and named for it (the names show in the UI).
import { stsClient } from '../core/platform/awsClients';
import { ByocCredentialCache } from '../core/byoc/byocRole';
import { createWorkerMetrics } from '../core/platform/metrics';
import type { ActivityDeps, ResolvedActivityDeps } from './deps';
import { emailAccountNotice, finishAccountNotice } from './accountNotices';
import { checkAccountDeletionDue, deleteAccountData, stopAccountWorkflows } from './accountDeletion';
import { checkSenderAuthentication } from './checkSenderAuthentication';
import { deliverWebhook } from './deliverWebhook';
import { discardStagedMessage } from './discardStagedMessage';
import { erasureActivities } from './eraseAddress';
import { findFirstLink } from './findFirstLink';
import { findWebhookEndpoints } from './findWebhookEndpoints';
import { markByocUnusable } from './markByocUnusable';
import { parseReceivedMessage } from './parseReceivedMessage';
import { provisionSesConfigurationSet } from './provisionSesConfigurationSet';
import { purgeEmailLog, purgeExpiredContent } from './purge';
import { recordEngagementEvent } from './recordEngagementEvent';
import { recordOutcome } from './recordOutcome';
import { releaseScheduledMessage } from './releaseScheduledMessage';
import { recordQueuedMessage } from './recordQueuedMessage';
import { recordReceivedMessage } from './recordReceivedMessage';
import { recordSent } from './recordSent';
import { recordTestSend } from './recordTestSend';
import { recordUnsubscribed } from './recordUnsubscribed';
import { resolveByocCredentials } from './resolveByocCredentials';
import { sendViaSes } from './sendViaSes';
import { suppressRecipient } from './suppressRecipient';
import { updateReputation } from './updateReputation';

export type { ActivityDeps } from './deps';

export function createActivities(input: ActivityDeps) {
  const deps: ResolvedActivityDeps = {
    ...input,
    sts: input.sts ?? stsClient(input.config),
    byocCredentials: input.byocCredentials ?? new ByocCredentialCache(),
    metrics: input.metrics ?? createWorkerMetrics(),
  };
  return {
    recordQueuedMessage: recordQueuedMessage(deps),
    recordSent: recordSent(deps),
    recordTestSend: recordTestSend(deps),
    resolveByocCredentials: resolveByocCredentials(deps),
    sendViaSes: sendViaSes(deps),
    markByocUnusable: markByocUnusable(deps),
    discardStagedMessage: discardStagedMessage(deps),
    recordOutcome: recordOutcome(deps),
    recordEngagementEvent: recordEngagementEvent(deps),
    findFirstLink: findFirstLink(deps),
    releaseScheduledMessage: releaseScheduledMessage(deps),
    suppressRecipient: suppressRecipient(deps),
    updateReputation: updateReputation(deps),
    emailAccountNotice: emailAccountNotice(deps),
    finishAccountNotice: finishAccountNotice(deps),
    findWebhookEndpoints: findWebhookEndpoints(deps),
    deliverWebhook: deliverWebhook(deps),
    recordUnsubscribed: recordUnsubscribed(deps),
    parseReceivedMessage: parseReceivedMessage(deps),
    checkSenderAuthentication: checkSenderAuthentication(deps),
    recordReceivedMessage: recordReceivedMessage(deps),
    purgeEmailLog: purgeEmailLog(deps),
    purgeExpiredContent: purgeExpiredContent(deps),
    checkAccountDeletionDue: checkAccountDeletionDue(deps),
    stopAccountWorkflows: stopAccountWorkflows(deps),
    deleteAccountData: deleteAccountData(deps),
    provisionSesConfigurationSet: provisionSesConfigurationSet(deps),
    ...erasureActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
