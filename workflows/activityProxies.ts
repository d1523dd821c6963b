// How each kind of activity is retried. Bookkeeping (PostgreSQL) retries until it works; SES and
// STS retry throttling and transient errors with backoff for up to 30 minutes but never a
// permanent refusal; a webhook gets exactly one attempt (spec 6.1).
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { NON_RETRYABLE_SEND_FAILURES, SEND_ATTEMPT_TIMEOUT_MS } from '../core/model/sendFailures';

/** Short PostgreSQL bookkeeping: retried until it works. */
type Bookkeeping = Pick<
  Activities,
  | 'recordQueuedMessage'
  | 'discardStagedAttachments'
  | 'recordSent'
  | 'markByocUnusable'
  | 'discardStagedMessage'
  | 'recordOutcome'
  | 'suppressRecipient'
  | 'updateReputation'
  | 'findWebhookEndpoints'
>;

export const bookkeeping = proxyActivities<Bookkeeping>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '30s' },
});

/** After this long of throttling or outages the message fails with the last reason. */
export const PROVIDER_RETRY_WINDOW = '30m';

export const provider = proxyActivities<Pick<Activities, 'resolveByocCredentials' | 'sendViaSes'>>({
  startToCloseTimeout: SEND_ATTEMPT_TIMEOUT_MS,
  scheduleToCloseTimeout: PROVIDER_RETRY_WINDOW,
  retry: {
    initialInterval: '1s',
    backoffCoefficient: 2,
    maximumInterval: '2m',
    maximumAttempts: 12,
    nonRetryableErrorTypes: NON_RETRYABLE_SEND_FAILURES,
  },
});

export const webhookDelivery = proxyActivities<Pick<Activities, 'deliverWebhook'>>({
  // The request itself gives up after WEBHOOK_TIMEOUT_MS (5 s); this only bounds a stuck worker.
  startToCloseTimeout: '15s',
  retry: { maximumAttempts: 1 },
});

export const retention = proxyActivities<Pick<Activities, 'purgeEmailLog' | 'purgeExpiredContent'>>({
  startToCloseTimeout: '10m',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '5m', maximumAttempts: 5 },
});
