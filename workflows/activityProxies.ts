// How each kind of activity is retried. Bookkeeping (PostgreSQL) retries until it works; SES and
// STS retry throttling and transient errors with backoff for up to 30 minutes but never a permanent
// refusal; a webhook endpoint gets exactly one attempt (docs/webhooks.md, "Delivery policy").
import { deprecatePatch, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { NON_RETRYABLE_SEND_FAILURES, SEND_ATTEMPT_TIMEOUT_MS } from '../core/model/sendFailures';

/** Short PostgreSQL bookkeeping: retried until it works. */
type Bookkeeping = Pick<
  Activities,
  | 'recordQueuedMessage'
  | 'releaseScheduledMessage'
  | 'recordSent'
  | 'recordTestSend'
  | 'markByocUnusable'
  | 'discardStagedMessage'
  | 'recordOutcome'
  | 'suppressRecipient'
  | 'updateReputation'
  | 'findWebhookEndpoints'
  | 'recordEngagementEvent'
  | 'findFirstLink'
  | 'recordUnsubscribed'
>;

const BOOKKEEPING_OPTIONS = {
  startToCloseTimeout: '30s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '30s' },
} as const;

/**
 * Bookkeeping runs as local activities: each is one short PostgreSQL statement or two, so a round
 * trip through the Temporal server and three history events per call cost more than the work
 * (bench/README.md, "pipeline.ts"). The UI still lists each by name (as a local activity marker).
 * They came in behind `patched('local-bookkeeping')`, retired by the patch lifecycle
 * (docs/deployment.md, "Workflow changes"): this code is its step 3, no patch call left, so new
 * runs no longer pay for its marker and `TemporalChangeVersion` upsert; histories recorded with its
 * deprecated marker still replay (Temporal skips a deprecated marker no code asks for).
 */
const localBookkeeping = proxyLocalActivities<Bookkeeping>({
  ...BOOKKEEPING_OPTIONS,
  // Longer backoffs (PostgreSQL away) become workflow timers instead of
  // sleeps inside one workflow task.
  localRetryThreshold: '1s',
});

export function bookkeeping(): Bookkeeping {
  return localBookkeeping;
}

/** After this long of throttling or outages the message fails with the last reason. */
export const PROVIDER_RETRY_WINDOW = '30m';

const PROVIDER_OPTIONS = {
  startToCloseTimeout: SEND_ATTEMPT_TIMEOUT_MS,
  scheduleToCloseTimeout: PROVIDER_RETRY_WINDOW,
  retry: {
    initialInterval: '1s',
    backoffCoefficient: 2,
    maximumInterval: '2m',
    maximumAttempts: 12,
    nonRetryableErrorTypes: NON_RETRYABLE_SEND_FAILURES,
  },
} as const;

/**
 * Both heartbeat every 5 s (activities/heartbeat.ts): a worker that died mid-call is retried after
 * 15 s, not after the whole attempt timeout (sendViaSes's heartbeat also carries SES's id once SES
 * answered).
 */
export const provider = proxyActivities<Pick<Activities, 'resolveByocCredentials' | 'sendViaSes'>>({
  ...PROVIDER_OPTIONS,
  heartbeatTimeout: '15s',
});

const WEBHOOK_DELIVERY_OPTIONS = {
  // The request itself gives up after WEBHOOK_TIMEOUT_MS (5 s); this only bounds a stuck worker.
  startToCloseTimeout: '15s',
  // One attempt at the endpoint (docs/webhooks.md, "Delivery policy"): the activity returns the
  // endpoint's failure instead of throwing, so it is run again only when its worker died or
  // PostgreSQL failed, and a run again finds the attempt already recorded
  // (activities/deliverWebhook.ts). Without retries a worker dying before the POST lost the event.
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 10 },
} as const;

const localWebhookDelivery = proxyLocalActivities<Pick<Activities, 'deliverWebhook'>>({
  ...WEBHOOK_DELIVERY_OPTIONS,
  localRetryThreshold: '1s',
});
export const LEAN_BOOKKEEPING_PATCH = 'lean-bookkeeping';

/**
 * Runs begun since `patched('lean-bookkeeping')` (bench/README.md, "Half the cost per email,
 * before and after") take fewer steps per message:
 * - webhook deliveries are local activities: as ordinary activities each took an activity task
 *   and a second workflow task through the Temporal server, most of its work per message. A
 *   workflow task run again after its worker died runs a delivery again, which finds the attempt
 *   already recorded, as a retried activity did;
 * - the endpoints for `email.sent` come back from recordQueuedMessage, and those for an outcome
 *   from recordOutcome, instead of a findWebhookEndpoints step after each;
 * - a test send drops its staged attachments within recordSent;
 * - the status search attribute is written only when it changes (workflows/sendEmail.ts).
 * This code is step 2 of the patch's lifecycle (docs/deployment.md, "Workflow changes"): every
 * run takes those steps, and `deprecatePatch` still writes the (deprecated) marker so that runs
 * recorded with `patched` replay. It is called where `patched` was first called in each workflow,
 * so a recorded marker meets the call at the same point. Step 3, once no run begun before this
 * release is open: delete the calls.
 */
export function leanBookkeeping(): void {
  deprecatePatch(LEAN_BOOKKEEPING_PATCH);
}

export function webhookDelivery(): Pick<Activities, 'deliverWebhook'> {
  leanBookkeeping();
  return localWebhookDelivery;
}

/**
 * An account's deletion (workflows/accountDeletion.ts): PostgreSQL and Temporal work that must
 * finish, so retried until it does; the data step heartbeats between its batches.
 */
export const accountDeletion = proxyActivities<
  Pick<Activities, 'checkAccountDeletionDue' | 'stopAccountWorkflows' | 'deleteAccountData'>
>({
  startToCloseTimeout: '30m',
  heartbeatTimeout: '1m',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '5m' },
});

/**
 * An account's SES configuration set and tenant (workflows/provisionSes.ts): management calls of a
 * few seconds each, retried with backoff for about half an hour (SES away, a permission not granted
 * yet), after which the operator runs `postage-admin ses provision`.
 */
export const sesProvisioning = proxyActivities<Pick<Activities, 'provisionSesConfigurationSet'>>({
  startToCloseTimeout: '2m',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '10m', maximumAttempts: 10 },
});

export const retention = proxyActivities<Pick<Activities, 'purgeEmailLog' | 'purgeExpiredContent'>>({
  startToCloseTimeout: '10m',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '5m', maximumAttempts: 5 },
});

/**
 * The receive workflow's steps (workflows/receiveEmail.ts). Parsing may take seconds for a large
 * message and runs on the worker's activity slots, not in a workflow task; each try is one
 * activity, tried once, so that the workflow sees how every try ended: it counts the tries whose
 * worker died (a message that kills its worker every time must not do so for ever) apart from
 * those that failed on PostgreSQL, which it runs again (see parseStep). It heartbeats
 * (activities/heartbeat.ts), so a worker that died mid-parse is noticed after 30 s, not after the
 * 5 minutes a parse may take; the fault suite kills workers mid-parse. The sender checks stop
 * themselves after 10 s; recording is short PostgreSQL work, retried until it works.
 */
export const receiveParsing = proxyActivities<Pick<Activities, 'parseReceivedMessage'>>({
  startToCloseTimeout: '5m',
  heartbeatTimeout: '30s',
  retry: { maximumAttempts: 1 },
});

export const receiveSteps = proxyActivities<Pick<Activities, 'checkSenderAuthentication' | 'recordReceivedMessage'>>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s' },
});

/** `email.received`'s deliveries: local, as the lean runs of the other workflows make theirs. */
export function receivedEmailDelivery(): Pick<Activities, 'deliverWebhook'> {
  return localWebhookDelivery;
}

/** An account event's deliveries (workflows/webhookFanout.ts, announceAccountEvent): local too, in workflows that never had the patch. */
export function accountEventDelivery(): Pick<Activities, 'deliverWebhook'> {
  return localWebhookDelivery;
}

/**
 * An erasure's steps (workflows/eraseAddress.ts): each goes through its kind in batches and
 * heartbeats; retried until it works (each is safe to run again: what it removed is gone).
 */
export const erasure = proxyActivities<
  Pick<
    Activities,
    | 'cancelScheduledSends'
    | 'eraseWebhookDeliveries'
    | 'eraseEngagement'
    | 'eraseLogRows'
    | 'eraseReceivedMail'
    | 'eraseAuditMentions'
    | 'eraseExports'
    | 'eraseRedisTraces'
    | 'hashSuppression'
    | 'finishErasure'
  >
>({
  startToCloseTimeout: '30m',
  heartbeatTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 20 },
});

/**
 * An account notice's steps (workflows/announceAccountNotice.ts): the emails go out through
 * Postage's own pipeline (each once, by its idempotency key), then the notice is marked announced;
 * retried until it works.
 */
export const accountNotices = proxyActivities<Pick<Activities, 'emailAccountNotice' | 'finishAccountNotice'>>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
});
