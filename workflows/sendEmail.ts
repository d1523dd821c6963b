// One workflow per accepted message. Read in the Temporal UI top to bottom it tells the
// message's story: queued -> email.sent webhooks -> SES (or the test simulator) -> outcome ->
// log, suppression and reputation -> outcome webhooks. Every path ends in a final status.
import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  getExternalWorkflowHandle,
  ParentClosePolicy,
  setHandler,
  sleep,
  startChild,
  TimeoutFailure,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { TestOutcome } from '../core/model/addresses';
import type { MessageStatus, ProviderOutcome } from '../core/model/outcomes';
import {
  isFinalOutcome,
  syntheticOutcomeAt,
  syntheticTestOutcomes,
  testProviderMessageId,
} from '../core/model/outcomes';
import { SEND_FAILURE } from '../core/model/sendFailures';
import { bookkeeping, leanBookkeeping, provider } from './activityProxies';
import { MESSAGE_STATUS, SENDING_MODE } from '../core/model/searchAttributes';
import { settleOutcome } from './settleOutcome';
import { canceledSignal, engagementSignal, providerOutcomeSignal, rescheduledSignal } from '../core/model/signals';
import {
  engagementWorkflowId,
  type EngagementEvent,
  type SendEmailInput,
  type SendEmailResult,
} from '../core/model/workflowContract';
import { recordEngagement } from './recordEngagement';
import { webhookFanout, type WebhookFanout } from './webhookFanout';

export { providerOutcomeSignal };

// The status search attribute as last written (module state is per run; null: not set).
let writtenStatus: SendEmailResult['status'] | null = 'queued';
// Runs started with `statusAttribute: 'where-needed'` write it only where an operator looks.
let whereNeeded = false;

/**
 * Each write is a history event and a visibility update on the Temporal server, so it is written
 * only when it changes and, in runs started with `where-needed`, only for a scheduled wait and a
 * final status other than the path's normal end (`delivered`; BYOC's `sent`): a run without it
 * is on its way or ended normally (docs/operations.md, "Following a message in the Temporal UI").
 */
function setStatus(status: SendEmailResult['status'], mode: SendEmailInput['mode']): void {
  const normal = status === 'queued' || status === 'delivered' || (status === 'sent' && mode === 'byoc');
  const shown = whereNeeded && normal ? null : status;
  if (shown === writtenStatus) return;
  writtenStatus = shown;
  upsertSearchAttributes([{ key: MESSAGE_STATUS, value: shown }]);
}

/** Statuses during the wait for SES's outcome: written as they come in older runs only. */
function setWaitingStatus(status: SendEmailResult['status']): void {
  if (!whereNeeded) setStatus(status, 'shared');
}

export async function sendEmail(input: SendEmailInput): Promise<SendEmailResult> {
  whereNeeded = input.statusAttribute === 'where-needed';
  writtenStatus = whereNeeded ? null : 'queued';
  // Outcomes are buffered from the start: a notification may arrive before the wait begins.
  const outcomes: ProviderOutcome[] = [];
  setHandler(providerOutcomeSignal, (outcome) => void outcomes.push(outcome));
  const webhooks = webhookFanout(input);

  if (
    input.testSend === 'one-step' &&
    input.kind === 'test' &&
    input.testOutcome &&
    input.mode === 'shared' &&
    !input.scheduledAt
  ) {
    const result = await simulateTestSendInOneStep(input, input.testOutcome, webhooks);
    setStatus(result.status, input.mode);
    await webhooks.settled();
    return result;
  }

  const confirmed = await confirmAcceptance(input);
  if (confirmed.state !== 'accepted') {
    setStatus(confirmed.state, input.mode);
    return { status: confirmed.state };
  }
  if (input.scheduledAt) {
    const release = await waitForScheduledTime(input, input.scheduledAt);
    if (release.state === 'canceled') {
      setStatus('canceled', input.mode);
      return { status: 'canceled' };
    }
    if (release.state === 'blocked')
      return failScheduled(input, release.reason ?? 'a send gate refused it at its scheduled time', webhooks);
  }
  setStatus('queued', input.mode);
  webhooks.fire('email.sent', confirmed.sentEndpointIds); // docs/webhooks.md, "Events": as soon as the message is queued

  let result: SendEmailResult;
  if (input.mode === 'byoc') result = await sendThroughCustomerAccount(input);
  else if (input.kind === 'test' && input.testOutcome)
    result = await simulateTestRecipient(input, input.testOutcome, webhooks);
  else result = await sendThroughSharedAccount(input, outcomes, webhooks);
  setStatus(result.status, input.mode);
  await webhooks.settled();
  return result;
}

/**
 * Confirm the message against the outbox and log it as queued. The API commits before it starts
 * the workflow (and the relay starts only committed rows), so one look decides: a message not
 * found was given back after a start that answered too late, and is not sent.
 */
async function confirmAcceptance(
  input: SendEmailInput,
): Promise<{ state: 'accepted' | 'not_accepted' | 'canceled'; sentEndpointIds?: string[] }> {
  // The endpoints for `email.sent` come with it when the message is queued now (a scheduled one
  // looks them up when it is released).
  leanBookkeeping();
  const endpointsNow = input.mode === 'shared' && !input.scheduledAt;
  const { accepted, canceled, webhookEndpointIds } = await bookkeeping().recordQueuedMessage({
    messageId: input.messageId,
    kind: input.kind,
    ...(input.scheduledAt ? { scheduledAt: input.scheduledAt } : {}),
    ...(endpointsNow ? { webhookEndpointsFor: 'email.sent' as const } : {}),
  });
  return {
    state: accepted ? 'accepted' : canceled ? 'canceled' : 'not_accepted',
    ...(webhookEndpointIds ? { sentEndpointIds: webhookEndpointIds } : {}),
  };
}

/**
 * A scheduled send waits on a durable timer (search attribute `scheduled`), woken early by a
 * reschedule or a cancellation; when it fires, the release step decides (the database has the
 * last word, so a move whose signal was lost is still honoured: `wait` again).
 */
async function waitForScheduledTime(
  { messageId, mode }: SendEmailInput,
  scheduledAt: string,
): Promise<{ state: 'released' | 'canceled' | 'blocked'; reason?: string }> {
  setStatus('scheduled', mode);
  let until = Date.parse(scheduledAt);
  let changed = false;
  let canceled = false;
  setHandler(rescheduledSignal, (moved) => {
    until = Date.parse(moved.scheduledAt);
    changed = true;
  });
  setHandler(canceledSignal, () => void (canceled = true));
  for (;;) {
    changed = false;
    const wait = until - Date.now();
    // The timer's summary tells the Temporal UI what the run waits for.
    if (wait > 0)
      await condition(() => canceled || changed, wait, {
        summary: `scheduled send: waiting until ${new Date(until).toISOString()}`,
      });
    if (changed) continue;
    const release = await bookkeeping().releaseScheduledMessage({ messageId });
    if (release.state === 'wait') {
      until = Date.parse(release.until);
      continue;
    }
    return release.state === 'blocked' ? { state: 'blocked', reason: release.reason } : { state: release.state };
  }
}

/** A gate that ran again at release stopped the message: it fails like any message (its webhook included). */
async function failScheduled(input: SendEmailInput, reason: string, webhooks: WebhookFanout): Promise<SendEmailResult> {
  if (input.mode === 'byoc') {
    await bookkeeping().discardStagedMessage({ messageId: input.messageId });
    setStatus('failed', input.mode);
    return { status: 'failed', reason };
  }
  const status = await settleOutcome(input, { type: 'failed', at: new Date().toISOString(), reason }, webhooks);
  setStatus(status, input.mode);
  await webhooks.settled();
  return { status, reason };
}

/** docs/test-recipients.md: no SES call; the synthetic outcome takes the same path as a real one. */
async function simulateTestRecipient(
  input: SendEmailInput,
  outcome: TestOutcome,
  webhooks: WebhookFanout,
): Promise<SendEmailResult> {
  const providerMessageId = testProviderMessageId(uuid4());
  // As a local activity it runs within the same workflow task, whose clock is older than the
  // row's `sent_at`: the outcome takes that time. (The outcome follows in the same workflow task,
  // so nobody could see `sent`: the status attribute skips it.)
  const sent = (await bookkeeping().recordSent({
    messageId: input.messageId,
    providerMessageId,
    discardAttachments: true,
  })) as { sentAt: string | null } | undefined;
  const outcomeAt = syntheticOutcomeAt(sent?.sentAt, new Date());
  // `delayed@` gives a delay, then the delivery; `opened@`/`clicked@` a delivery, then an open (and a click).
  let status: MessageStatus = 'sent';
  for (const next of syntheticTestOutcomes(outcome, outcomeAt)) status = await settleOutcome(input, next, webhooks);
  if (outcome === 'opened' || outcome === 'clicked') await engageAsTestRecipient(input, outcome, outcomeAt);
  return { status, providerMessageId };
}

/**
 * A test send started with `testSend: 'one-step'` (docs/test-recipients.md): queued, sent and its
 * synthetic outcomes recorded in one local activity, then the webhooks, `email.sent`'s first (its
 * endpoints hear of it before the outcome, as they would of a real send).
 */
async function simulateTestSendInOneStep(
  input: SendEmailInput,
  outcome: TestOutcome,
  webhooks: WebhookFanout,
): Promise<SendEmailResult> {
  const providerMessageId = testProviderMessageId(uuid4());
  // One id per outcome, drawn here so that the step run again after its worker died finds its own writes.
  const recordedBy = syntheticTestOutcomes(outcome, new Date().toISOString()).map(() => uuid4());
  const step = await bookkeeping().recordTestSend({
    messageId: input.messageId,
    accountId: input.accountId,
    testOutcome: outcome,
    providerMessageId,
    recordedBy,
  });
  if (!step.accepted) return { status: 'not_accepted' };
  webhooks.fire('email.sent', step.sentEndpointIds);
  await webhooks.settled();
  let status: MessageStatus = 'sent';
  for (const recorded of step.outcomes) {
    if (recorded.applied) webhooks.fire(recorded.event, recorded.webhookEndpointIds);
    status = recorded.status;
  }
  if (outcome === 'opened' || outcome === 'clicked') await engageAsTestRecipient(input, outcome, step.outcomeAt);
  return { status, providerMessageId };
}

/** The user agent of the `opened@`/`clicked@` test recipients' events (docs/test-recipients.md). */
export const TEST_RECIPIENT_USER_AGENT = 'Postage test recipient';

/**
 * `opened@` and `clicked@` (docs/test-recipients.md): an open, and for `clicked@` a click on the
 * first link, by a person, handed to the message's engagement workflow as the tracking routes
 * hand theirs (it records and announces them); the send does not wait for it.
 */
async function engageAsTestRecipient(input: SendEmailInput, outcome: 'opened' | 'clicked', deliveredAt: string) {
  const at = (ms: number) => new Date(Date.parse(deliveredAt) + ms).toISOString();
  const events: EngagementEvent[] = [
    { type: 'opened', at: at(1), machine: false, userAgent: TEST_RECIPIENT_USER_AGENT },
  ];
  if (outcome === 'clicked') {
    const { url } = await bookkeeping().findFirstLink({ messageId: input.messageId });
    if (url !== null)
      events.push({
        type: 'clicked',
        at: at(2),
        machine: false,
        userAgent: TEST_RECIPIENT_USER_AGENT,
        url,
        linkIndex: 0,
      });
  }
  const workflowId = engagementWorkflowId(input.messageId);
  try {
    // As the tracking routes start it (workflows/client.ts, signalEngagement): same search attributes.
    await startChild(recordEngagement, {
      workflowId,
      args: [{ messageId: input.messageId, pending: events }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: [{ key: SENDING_MODE, value: 'shared' }],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    // Already open: it records these too, as it would signals from the tracking routes.
    const running = getExternalWorkflowHandle(workflowId);
    for (const event of events) await running.signal(engagementSignal, event);
  }
}

async function sendThroughSharedAccount(
  input: SendEmailInput,
  outcomes: ProviderOutcome[],
  webhooks: WebhookFanout,
): Promise<SendEmailResult> {
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await sendWhenItsTurn(input));
  } catch (err) {
    const reason = failureReason(err);
    const status = await settleOutcome(input, { type: 'failed', at: new Date().toISOString(), reason }, webhooks);
    return { status, reason };
  }
  setWaitingStatus('sent');
  // SES reports through SNS; without a final report within the timeout the message stays `sent`.
  // Reports that arrive later are settled by a late-outcome workflow (core/providerEvents/providerEvents.ts).
  // A delay is settled as it comes (timeline, webhook) and the wait goes on: it is not final, and
  // it does not extend the timeout, which counts from the send (docs/webhooks.md, "Events").
  let status: MessageStatus = 'sent';
  const waitUntil = Date.now() + input.outcomeTimeoutSeconds * 1000;
  let timedOut = !(await condition(() => outcomes.length > 0, input.outcomeTimeoutSeconds * 1000));
  let final = false;
  for (;;) {
    // Settle every report that arrived, including those that come in while settling or while the
    // webhooks finish (a complaint right after the delivery): a report the workflow accepted as a
    // signal is never dropped.
    for (let next = outcomes.shift(); next; next = outcomes.shift()) {
      status = await settleOutcome(input, next, webhooks);
      setWaitingStatus(status);
      if (isFinalOutcome(next)) final = true;
    }
    if (final || timedOut) {
      await webhooks.settled();
      if (outcomes.length === 0) break;
      continue;
    }
    // Only delays so far: wait on for the rest of the time.
    const left = waitUntil - Date.now();
    timedOut = left <= 0 || !(await condition(() => outcomes.length > 0, left));
  }
  return { status, providerMessageId };
}

/** BYOC: no log, no webhooks; the content is discarded on every path (docs/byoc.md, "How it works"). */
async function sendThroughCustomerAccount(input: SendEmailInput): Promise<SendEmailResult> {
  try {
    await provider.resolveByocCredentials({ accountId: input.accountId });
    const { providerMessageId } = await sendWhenItsTurn(input);
    return { status: 'sent', providerMessageId };
  } catch (err) {
    const reason = failureReason(err);
    // The role or the customer's SES refused us: the API answers 503 until it validates again.
    if (failureType(err) === SEND_FAILURE.account)
      await bookkeeping().markByocUnusable({ accountId: input.accountId, reason });
    return { status: 'failed', reason };
  } finally {
    await bookkeeping().discardStagedMessage({ messageId: input.messageId });
  }
}

/**
 * SES's answer, once the message's turn at its sending account came (activities/sesTurn.ts): a
 * message told to wait sleeps on a durable timer, which the Temporal UI shows as such, and asks again.
 */
async function sendWhenItsTurn({ messageId, kind, mode, accountId, lane }: SendEmailInput) {
  for (;;) {
    const answer = await provider.sendViaSes({ messageId, kind, mode, accountId, lane: lane ?? 'single' });
    if ('providerMessageId' in answer) return answer;
    await sleep(answer.waitMs, { summary: "waiting for its turn at SES (the sending account's pace, shared fairly)" });
  }
}

function failureType(err: unknown): string | undefined {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}

/** Activity reasons are already redacted (core/ses/providerErrors.ts). */
function failureReason(err: unknown): string {
  if (!(err instanceof ActivityFailure)) return err instanceof Error ? err.message : 'the message could not be sent';
  const cause = err.cause;
  if (cause instanceof TimeoutFailure) return 'SES could not be reached within the retry window';
  const message = cause?.message ?? 'the message could not be sent';
  const gaveUp = err.retryState === 'MAXIMUM_ATTEMPTS_REACHED' || err.retryState === 'TIMEOUT';
  return gaveUp ? `gave up after repeated attempts: ${message}` : message;
}
