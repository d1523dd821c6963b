import { ApplicationFailure, Context } from '@temporalio/activity';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { byocSesClient, byocSesV1Client } from '../core/platform/awsClients';
import { markLogRowSent, recordPossibleDuplicate } from '../core/sending/emailLog';
import type { MessageKind } from '../core/model/sendingModes';
import { classifySesError, isThrottle, type ClassifiedProviderError } from '../core/ses/providerErrors';
import { readMaxSendRate } from '../core/ses/sendRate';
import { sendingAccountOf, type SendLane, type SendingAccount } from '../core/sending/sesPacing';
import type { SendingMode } from '../core/model/sendingModes';
import { sleepUntil, takeSesTurn, type TurnAnswer } from './sesTurn';
import { providerMessageIdOf, recordProviderMessage } from '../core/providerEvents/providerMessages';
import { recordSendSample } from '../core/providerEvents/reputation';
import { domainOf } from '../core/model/addresses';
import { sendRawThroughSes, type ComposeOptions } from '../core/ses/rawMessages';
import { sesIsolationOf, type SesIsolation } from '../core/ses/accountIsolation';
import { trackingKey } from '../core/tracking/trackingTokens';
import { createUnsubscribeToken, unsubscribeUrl } from '../core/unsubscribe/unsubscribeTokens';
import {
  beginSesCall,
  byocSentId,
  deleteStagedMessage,
  loadStagedMessage,
  recordByocSent,
  settleSesCall,
  type StagedMessage,
} from '../core/sending/staging';
import { SEND_FAILURE } from '../core/model/sendFailures';
import { AttemptDeadline } from './attemptDeadline';
import { whileBeating } from './heartbeat';
import { killPoint } from '../core/platform/killPoints';
import { attemptOutOfTime, byocSession, throwClassified } from './byocSession';
import type { ResolvedActivityDeps } from './deps';

interface AcceptedByProvider {
  providerMessageId: string;
}

/** Not its turn at SES yet: the workflow waits this long and runs the step again. */
interface NotYourTurn {
  waitMs: number;
}

export interface SendViaSesInput {
  messageId: string;
  kind: MessageKind;
  /** Absent in steps scheduled before pacing came in: those go without a turn. */
  mode?: SendingMode;
  accountId?: string;
  lane?: SendLane;
}

// SendEmail is not idempotent. The moment SES answers, its id goes into the heartbeat (kept by
// Temporal across attempts) and, for shared messages, into provider_messages; a retried attempt
// that finds either returns it instead of sending again (docs/decisions.md, "Sending twice").
function idFromEarlierAttempt(): string | undefined {
  return (Context.current().info.heartbeatDetails as AcceptedByProvider | undefined)?.providerMessageId;
}

/** The details every heartbeat of an attempt carries: the earlier attempt's, until SES accepts. */
const attemptDetails = new WeakMap<Context, AcceptedByProvider | undefined>();

function rememberAcceptance(providerMessageId: string): void {
  const ctx = Context.current();
  attemptDetails.set(ctx, { providerMessageId });
  ctx.heartbeat({ providerMessageId } satisfies AcceptedByProvider);
}

/** SES errors by class and code, for the operator's dashboard; a throttle also lowers the pace. */
async function counted(
  deps: ResolvedActivityDeps,
  error: ClassifiedProviderError,
  sendingAccount: SendingAccount,
): Promise<ClassifiedProviderError> {
  deps.metrics.sesErrors.inc({ class: error.kind, type: error.code });
  if (isThrottle(error)) {
    deps.metrics.sesThrottles.inc({ sending_account: sendingAccount === 'shared' ? 'shared' : 'byoc' });
    await deps.pacer
      ?.throttled(sendingAccount)
      .catch((err: unknown) => deps.logger.warn({ err, sendingAccount }, 'could not lower the SES pace'));
  }
  return error;
}

async function recordSharedAcceptance(
  deps: ResolvedActivityDeps,
  staged: StagedMessage,
  kind: MessageKind,
  providerMessageId: string,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    await recordProviderMessage(trx, {
      providerMessageId,
      messageId: staged.messageId,
      accountId: staged.accountId,
      kind,
    });
    await markLogRowSent(trx, staged.messageId, providerMessageId);
    // Rates count real recipients only: test and simulator sends never reach reputation.
    if (kind === 'real')
      await recordSendSample(trx, {
        messageId: staged.messageId,
        accountId: staged.accountId,
        domain: domainOf(staged.content.from.address),
      });
  });
}

/** SES answered with an HTTP status below 500: it refused the message, so the call sent nothing. */
function refusedBySes(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return typeof status === 'number' && status < 500;
}

/**
 * About to call SES for a message an earlier attempt may already have had accepted (its answer
 * was never recorded): say so in the timeline (shared) and count it, then send. SES has no
 * idempotency, so the alternative would be losing the message (docs/decisions.md).
 */
async function noteSecondCall(deps: ResolvedActivityDeps, staged: StagedMessage): Promise<void> {
  const reason =
    'An earlier attempt handed the message to SES but its answer was lost (the worker stopped or SES did not answer in time); it was sent again and may arrive twice.';
  const recorded = staged.mode === 'shared' ? await recordPossibleDuplicate(deps.db, staged.messageId, reason) : true;
  if (recorded) deps.metrics.possibleDuplicates.inc({ mode: staged.mode });
}

/**
 * The one SendEmail call of an attempt, counted as unsettled from just before it is made until
 * SES's answer is recorded (the caller's job) or SES refuses the message. Returns SES's id.
 */
async function callSes(
  deps: ResolvedActivityDeps,
  staged: StagedMessage,
  ses: SESv2Client,
  deadline: AttemptDeadline,
  callAt: number,
  isolation?: SesIsolation,
): Promise<string> {
  const { attachments, earlierUnsettledCalls } = await beginSesCall(deps.db, deps.config.secretKey, staged.messageId);
  const settle = () =>
    settleSesCall(deps.db, staged.messageId).catch((err: unknown) =>
      deps.logger.warn({ err, messageId: staged.messageId }, 'could not settle an SES call'),
    );
  let signal: AbortSignal;
  try {
    if (earlierUnsettledCalls > 0) await noteSecondCall(deps, staged);
    signal = sesCallSignal(deps, deadline);
  } catch (err) {
    await settle(); // the call was never made
    throw err;
  }
  try {
    return await sendRawThroughSes(
      ses,
      staged.messageId,
      staged.content,
      attachments,
      signal,
      { ...composeOptions(deps, staged), ...(isolation ? { isolation } : {}) },
      () => sleepUntil(callAt, signal),
    );
  } catch (err) {
    if (refusedBySes(err)) await settle();
    throw err;
  }
}

/**
 * What composing adds, made now (nothing about it is stored): the tracking key, so tracked links
 * are signed at send time (docs/sending.md, "Tracking opens and clicks"), and the one-click
 * unsubscribe URL of a message that asked for it.
 */
function composeOptions(deps: ResolvedActivityDeps, staged: StagedMessage): ComposeOptions {
  const options: ComposeOptions = { trackingKey: trackingKey(deps.config.secretKey) };
  if (!staged.content.unsubscribe) return options;
  const token = createUnsubscribeToken(deps.config.secretKey, {
    accountId: staged.accountId,
    recipient: staged.content.to.address,
    topic: staged.content.unsubscribe.topic ?? null,
    messageId: staged.messageId,
    mode: staged.mode,
  });
  return { ...options, listUnsubscribeUrl: unsubscribeUrl(deps.config.api.baseUrl, token) };
}

/**
 * The SendEmail call's signal: SES_SEND_TIMEOUT_MS, cut to what the attempt has left after the
 * reads (and, for BYOC, the STS call) before it, or the activity's cancellation. SES has no
 * idempotency: a call still running when the attempt times out would overlap its retry.
 */
function sesCallSignal(deps: ResolvedActivityDeps, deadline: AttemptDeadline): AbortSignal {
  return (
    deadline.callSignal(deps.config.ses.sendTimeoutMs, Context.current().cancellationSignal) ?? attemptOutOfTime('SES')
  );
}

async function sendShared(
  deps: ResolvedActivityDeps,
  staged: StagedMessage,
  kind: MessageKind,
  deadline: AttemptDeadline,
  callAt: number,
): Promise<AcceptedByProvider> {
  const earlier = idFromEarlierAttempt() ?? (await providerMessageIdOf(deps.db, staged.messageId));
  if (earlier) {
    await recordSharedAcceptance(deps, staged, kind, earlier);
    return { providerMessageId: earlier };
  }
  // The account's own configuration set and tenant once provisioned (BYOC sends name none: the
  // customer's SES account is theirs alone).
  const isolation = await sesIsolationOf(deps.db, deps.config, staged.accountId);
  let providerMessageId: string;
  try {
    providerMessageId = await callSes(deps, staged, deps.sharedSes, deadline, callAt, isolation);
  } catch (err) {
    throwClassified(await counted(deps, classifySesError(err, staged.content), 'shared'));
  }
  killPoint('ses:answered'); // SES accepted it; nobody knows yet
  rememberAcceptance(providerMessageId);
  await recordSharedAcceptance(deps, staged, kind, providerMessageId);
  return { providerMessageId };
}

async function sendByoc(
  deps: ResolvedActivityDeps,
  staged: StagedMessage,
  deadline: AttemptDeadline,
  callAt: number,
): Promise<AcceptedByProvider> {
  const session = await byocSession(deps, staged.accountId, deadline);
  const ses = byocSesClient(deps.config, session.config.region, session.credentials);
  let providerMessageId: string;
  try {
    providerMessageId = await callSes(deps, staged, ses, deadline, callAt);
  } catch (err) {
    const classified = await counted(
      deps,
      classifySesError(err, staged.content),
      sendingAccountOf('byoc', staged.accountId),
    );
    if (classified.refreshCredentials) deps.byocCredentials.forget(session.cacheKey);
    throwClassified(classified);
  } finally {
    ses.destroy();
  }
  killPoint('ses:answered'); // SES accepted it; nobody knows yet
  rememberAcceptance(providerMessageId);
  // BYOC content must not outlive its use; SES's id is kept in its place, so a retry of this
  // attempt (its worker died) knows the message went. The workflow deletes the content again
  // (retrying) whatever happens, so a failure here must not fail an accepted send.
  await recordByocSent(deps.db, staged.messageId, providerMessageId).catch((err: unknown) =>
    deps.logger.warn({ err, messageId: staged.messageId }, 'could not delete BYOC content yet'),
  );
  return { providerMessageId };
}

/**
 * Loads the staged message and its attachments (claim check), sends it through SES (the shared
 * account, or the customer's with BYOC credentials) and records SES's message id at once. Every
 * call ends before the attempt's start-to-close timeout, less a margin (attemptDeadline.ts).
 */
export function sendViaSes(deps: ResolvedActivityDeps) {
  return async function sendViaSes(input: SendViaSesInput): Promise<AcceptedByProvider | NotYourTurn> {
    const deadline = AttemptDeadline.ofCurrentAttempt(); // first: the attempt's clock runs from here
    const ctx = Context.current();
    attemptDetails.set(ctx, ctx.info.heartbeatDetails as AcceptedByProvider | undefined);
    return whileBeating(
      () => sendOnce(deps, input, deadline),
      () => attemptDetails.get(ctx),
    );
  };
}

async function sendOnce(
  deps: ResolvedActivityDeps,
  input: SendViaSesInput,
  deadline: AttemptDeadline,
): Promise<AcceptedByProvider | NotYourTurn> {
  const earlier = idFromEarlierAttempt();
  // The turn comes before the content is read, so a message told to wait has cost one Redis call;
  // a message given its slot reads and composes meanwhile and calls at the slot.
  let callAt = Date.now();
  if (!earlier) {
    const turn = await turnAtSes(deps, input, deadline);
    if (!turn.go) return { waitMs: turn.waitMs };
    callAt = turn.at;
  }
  const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
  if (!staged) {
    // BYOC content is deleted right after SES accepts: an attempt after that finds its id (the
    // heartbeat, or the record written with the deletion).
    const sent = earlier ?? (await byocSentId(deps.db, input.messageId));
    if (sent) return { providerMessageId: sent };
    throw ApplicationFailure.nonRetryable(
      'the staged message content is gone (purged or already discarded)',
      SEND_FAILURE.message,
    );
  }
  if (staged.mode === 'shared') return sendShared(deps, staged, input.kind, deadline, callAt);
  if (earlier) {
    await deleteStagedMessage(deps.db, staged.messageId);
    return { providerMessageId: earlier };
  }
  return sendByoc(deps, staged, deadline, callAt);
}

/** The message's turn at its sending account (activities/sesTurn.ts). */
async function turnAtSes(
  deps: ResolvedActivityDeps,
  input: SendViaSesInput,
  deadline: AttemptDeadline,
): Promise<TurnAnswer> {
  const { mode, accountId } = input;
  if (!mode || !accountId) return { go: true, at: Date.now() };
  const sendingAccount = sendingAccountOf(mode, accountId);
  const request = { messageId: input.messageId, accountId, lane: input.lane ?? 'single' };
  if (mode === 'shared')
    return takeSesTurn(deps, sendingAccount, request, (signal) => readMaxSendRate(deps.sharedSes, signal));
  return takeSesTurn(deps, sendingAccount, request, async (signal) => {
    const session = await byocSession(deps, accountId, deadline);
    const { credentials } = session;
    const region = session.config.region;
    const ses = byocSesClient(deps.config, region, credentials);
    try {
      return await readMaxSendRate(ses, signal, () => byocSesV1Client(deps.config, region, credentials));
    } finally {
      ses.destroy();
    }
  });
}
