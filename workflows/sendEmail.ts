// One workflow per accepted message. Read in the Temporal UI top to bottom it tells the
// message's story: queued -> email.sent webhooks -> SES (or the test simulator) -> outcome ->
// log, suppression and reputation -> outcome webhooks.
import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  defineSignal,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { WebhookEventType } from '../core/webhookEndpoints';
import { TEST_SMTP_RESPONSE, type MessageStatus, type ProviderOutcome } from '../core/outcomes';
import { MESSAGE_STATUS } from './searchAttributes';
import type { SendEmailInput, SendEmailResult } from './types';

type Activities = ReturnType<typeof createActivities>;

export const providerOutcomeSignal = defineSignal<[ProviderOutcome]>('providerOutcome');

/** How long the workflow waits for the API's transaction to commit before giving up on it. */
const ACCEPTANCE_GRACE_MS = 60_000;

const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '30s' },
});

const ses = proxyActivities<Activities>({
  startToCloseTimeout: '60s',
  retry: {
    initialInterval: '1s',
    backoffCoefficient: 2,
    maximumInterval: '2m',
    maximumAttempts: 12,
    nonRetryableErrorTypes: ['PermanentSendFailure'],
  },
});

// Spec 6.1: one attempt per endpoint, never retried.
const webhooks = proxyActivities<Activities>({
  startToCloseTimeout: '15s',
  retry: { maximumAttempts: 1 },
});

const OUTCOME_EVENT: Record<ProviderOutcome['type'], WebhookEventType> = {
  delivered: 'email.delivered',
  bounced: 'email.bounced',
  complained: 'email.complained',
  failed: 'email.failed',
};

export async function sendEmail(input: SendEmailInput): Promise<SendEmailResult> {
  const setStatus = (status: MessageStatus | 'not_accepted') => upsertSearchAttributes([{ key: MESSAGE_STATUS, value: status }]);
  const pendingWebhooks: Promise<void>[] = [];
  const fireWebhooks = (event: WebhookEventType) => {
    if (input.mode !== 'shared') return; // spec 6: BYOC produces no events
    pendingWebhooks.push(notifyWebhooks(input, event));
  };

  const outcomes: ProviderOutcome[] = [];
  setHandler(providerOutcomeSignal, (outcome) => void outcomes.push(outcome));

  const { accepted } = await bookkeeping.recordQueuedMessage({
    messageId: input.messageId,
    kind: input.kind,
    acceptDeadline: workflowInfo().startTime.getTime() + ACCEPTANCE_GRACE_MS,
  });
  if (!accepted) {
    setStatus('not_accepted');
    return { status: 'not_accepted' };
  }
  setStatus('queued');
  fireWebhooks('email.sent');

  let outcome: ProviderOutcome | undefined;
  let providerMessageId: string | undefined;
  if (input.kind === 'test' && input.testOutcome) {
    await bookkeeping.discardStagedAttachments({ messageId: input.messageId });
    providerMessageId = `service-test-${uuid4()}`;
    await bookkeeping.recordSent({ messageId: input.messageId, providerMessageId });
    outcome = syntheticOutcome(input.testOutcome, new Date().toISOString());
  } else {
    try {
      ({ providerMessageId } = await ses.sendViaSes({ messageId: input.messageId }));
    } catch (err) {
      outcome = { type: 'failed', at: new Date().toISOString(), reason: failureReason(err) };
    }
    if (providerMessageId) {
      setStatus('sent');
      if (input.mode === 'byoc') return { status: 'sent', providerMessageId };
      const arrived = await condition(() => outcomes.length > 0, input.outcomeTimeoutSeconds * 1000);
      outcome = arrived ? outcomes.shift() : undefined;
    }
  }

  let status: MessageStatus = 'sent';
  if (outcome) {
    const recorded = await bookkeeping.recordOutcome({ messageId: input.messageId, accountId: input.accountId, kind: input.kind, outcome });
    status = recorded.status;
    if (recorded.applied) fireWebhooks(OUTCOME_EVENT[outcome.type]);
  }
  setStatus(status);
  await Promise.all(pendingWebhooks);
  return { status, ...(providerMessageId ? { providerMessageId } : {}) };
}

function syntheticOutcome(kind: NonNullable<SendEmailInput['testOutcome']>, at: string): ProviderOutcome {
  switch (kind) {
    case 'delivered':
      return { type: 'delivered', at, smtpResponse: TEST_SMTP_RESPONSE };
    case 'bounced':
      return { type: 'bounced', at, bounceType: 'Permanent', bounceSubType: 'General' };
    case 'complained':
      return { type: 'complained', at };
  }
}

function failureReason(err: unknown): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure || cause instanceof Error) return cause.message;
  return 'the message could not be sent';
}

async function notifyWebhooks(input: SendEmailInput, event: WebhookEventType): Promise<void> {
  const { endpointIds } = await bookkeeping.findWebhookEndpoints({ accountId: input.accountId, event });
  await Promise.all(
    endpointIds.map((endpointId) =>
      // A failed delivery is recorded by the activity and never fails the message.
      webhooks.deliverWebhook({ endpointId, messageId: input.messageId, event }).catch(() => undefined),
    ),
  );
}
