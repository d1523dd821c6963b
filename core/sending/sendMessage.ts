// The send use case: one message from an already-validated request, whoever asks (POST /api/send/
// its batch, the SMTP relay and Postage's own emails). In the documented order
// (README, "API reference"): the idempotency claim (or the replay of a finished request), the
// gates, acceptance (stage + count + outbox row, commit, then start), and the claim's release on
// anything but acceptance. It answers with a typed result; callers only translate it (HTTP status,
// metrics, log lines). Parsing and validating the caller's wire format stay with the caller.
import type { Mailbox, RecipientKind, TestOutcome } from '../model/addresses';
import type { ApiErrorCodes } from '../model/errorCodes';
import type { Attachment } from '../model/messageContent';
import type { MessageKind, SendLane, SendingMode } from '../model/sendingModes';
import { acceptMessage, type AcceptDeps, type AcceptFailure } from './acceptMessage';
import { claimIdempotencyKey, releaseIdempotencyKey, type IdempotencyClaim } from './idempotency';
import {
  checkKeyScope,
  checkSendGates,
  sendingKeyNow,
  USAGE_LIMIT_DETAIL,
  type GateCode,
  type SendingKeyFacts,
} from './sendGates';
import { buildSendResponse, type SendResponseBody } from './sendResponse';
import { scheduleProblem } from './scheduledSends';
import { trackingHost } from '../domains/trackingDomain';
import type { Domain } from '../domains/domains';
import type { Config } from '../platform/config';
import { withStatementTimeout, type Db } from '../platform/db';
import { renderTemplateForSend, type RenderBudget, type TemplateReference } from '../templates/renderTemplate';

/** A send request that passed validation (docs/sending.md; docs/errors-and-limits.md, "400 field errors"): addresses parsed, attachments decoded. */
export interface SendRequest {
  to: Mailbox;
  recipientKind: RecipientKind;
  from: Mailbox;
  fromDomain: string;
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
  tags?: Record<string, string>;
  /** Per-send tracking choices (docs/sending.md, "Tracking opens and clicks"); absent: the domain's defaults. Shared mode only. */
  trackOpens?: boolean;
  trackClicks?: boolean;
  /** Custom headers that passed core/model/customHeaders.ts (docs/sending.md, "Custom headers"). */
  headers?: Record<string, string>;
  /** A scheduled send (ISO 8601, UTC), within MAX_SCHEDULE_DAYS. */
  scheduledAt?: string;
  attachments: Attachment[];
  /** Rendered at acceptance (its published version) into subject, HTML and text, in place of those. */
  template?: TemplateReference;
  /** The sender's own well-formed `Message-ID` (the SMTP relay keeps it); the API never sets it. */
  messageIdHeader?: string;
  /** One-click unsubscribe headers (docs/sending.md, "One-click unsubscribe"); `topic` absent: all mail. */
  unsubscribe?: { topic?: string };
}

/**
 * Who sends: the authenticated key's account and domain scope (empty: every domain), and its id,
 * which the gates check is still active (absent for Postage's own emails).
 */
export type SendingKey = SendingKeyFacts;

export interface SendMessageInput {
  request: SendRequest;
  key: SendingKey;
  /**
   * The request's idempotency key and its fingerprint (core/sending/idempotency.ts,
   * `requestFingerprint`): the caller fingerprints its own wire form of the request.
   */
  idempotency?: { key: string; requestHash: string };
  /** What is left of the request's render time (a batch's, shared by its emails); unset: one render's budget. */
  renderBudget?: RenderBudget;
  /** `bulk` for a batch's messages; a scheduled send is `bulk` too, whoever sends it (docs/sending.md, "Pace and fair shares"). */
  lane?: SendLane;
}

/** Every refusal is a code of the README's error table (a code outside it does not compile), with the detail the client reads. */
export type SendRefusalCode = ApiErrorCodes<
  GateCode | AcceptFailure | 'idempotency_key_reused' | 'idempotency_key_in_progress' | 'service_unavailable'
>;

/** Every SendRefusalCode, for what documents them (the send endpoints' answers); a code missing here does not compile. */
export const SEND_REFUSAL_CODES = Object.keys({
  domain_not_registered: true,
  domain_not_allowed: true,
  unauthorized: true,
  sending_suspended: true,
  account_deletion_pending: true,
  domain_not_verified: true,
  dkim_not_verified: true,
  domain_mode_mismatch: true,
  byoc_not_configured: true,
  recipient_suppressed: true,
  usage_limit_exceeded: true,
  attachment_upload_failed: true,
  queue_error: true,
  idempotency_key_reused: true,
  idempotency_key_in_progress: true,
  service_unavailable: true,
} satisfies Record<SendRefusalCode, true>) as SendRefusalCode[];

export type SendMessageResult =
  /** Accepted: `body` is the answer (also stored for replays of the idempotency key). */
  | { outcome: 'accepted'; messageId: string; mode: SendingMode; kind: MessageKind; body: SendResponseBody }
  /** A finished request with the same key and body: its stored answer, as stored. */
  | { outcome: 'replayed'; body: unknown }
  /** Nothing was queued or counted. `step` says which part of the story refused. */
  | { outcome: 'refused'; step: RefusalStep; code: SendRefusalCode; detail: string }
  /** The key was revoked or expired since it was authenticated: answer as authentication does (401). Nothing was queued or counted. */
  | { outcome: 'unauthenticated' }
  /** A rule about the request that depends on the time or the account's data (a scheduled time out of its window, a template that cannot be rendered): a 400 on the field. Nothing was queued or counted. */
  | { outcome: 'invalid'; errors: Record<string, string[]> };

/** What a caller may want to hear about besides the result (its log lines). */
export interface SendMessageObserver {
  /** Acceptance failed with an underlying error (the store or the queue), before the refusal is returned. */
  notAccepted?(code: AcceptFailure, cause: unknown): void;
  /** The claim could not be freed: it goes stale and is taken over after 120 s; the result stands. */
  claimNotReleased?(cause: unknown): void;
}

const ACCEPT_FAILURE_DETAIL: Record<AcceptFailure, string> = {
  usage_limit_exceeded: USAGE_LIMIT_DETAIL,
  attachment_upload_failed: 'The message and its attachments could not be staged; check the size limits and retry.',
  queue_error: 'The delivery queue is temporarily unavailable; nothing was queued or counted. Retry with backoff.',
  idempotency_key_in_progress: 'Another request with this idempotency key took over; retry to get its result.',
};

const IDEMPOTENCY_REFUSALS = {
  mismatch: {
    code: 'idempotency_key_reused',
    detail: 'This idempotency key was already used with a different request body.',
  },
  in_progress: {
    code: 'idempotency_key_in_progress',
    detail: 'A request with this idempotency key is still being processed; retry shortly.',
  },
} as const satisfies Record<string, { code: SendRefusalCode; detail: string }>;

/** `render`: the account has too many template renders in flight (503 `service_unavailable`, retry). */
type RefusalStep = 'idempotency' | 'render' | 'gates' | 'acceptance';

const refused = (step: RefusalStep, failure: { code: SendRefusalCode; detail: string }): SendMessageResult => ({
  outcome: 'refused',
  step,
  code: failure.code,
  detail: failure.detail,
});

/**
 * The pool every statement of a send runs on (its key's lookup, claim, gates, acceptance,
 * release): each is short and has the staging deadline, so a store that went silent ends each
 * round trip in that deadline + 2 s (core/platform/db.ts), not the pool's general one, and a failed
 * send and the release of its claim stay within the client's patience together
 * (docs/operations.md, "Fault tolerance"). `db` itself for a pool createDb did not make.
 */
export function sendingStore(db: Db, config: Config): Db {
  return withStatementTimeout(db, config.limits.stagingTimeoutMs) ?? db;
}

export async function sendMessage(
  deps: AcceptDeps,
  input: SendMessageInput,
  observer: SendMessageObserver = {},
): Promise<SendMessageResult> {
  deps = { ...deps, db: sendingStore(deps.db, deps.config) };
  const { request, key } = input;
  let claim: IdempotencyClaim | undefined;
  if (input.idempotency) {
    const { key: idempotencyKey, requestHash } = input.idempotency;
    const result = await claimIdempotencyKey(deps.db, {
      accountId: key.accountId,
      key: idempotencyKey,
      requestHash,
      ttlHours: deps.config.limits.idempotencyTtlHours,
    });
    // Answered from the idempotency record, without the gates statement: the key (perhaps from the
    // key cache) must still be active, read now with its scope (docs/decisions.md, "Replays").
    const keyNow = result.state === 'claimed' ? key : await sendingKeyNow(deps.db, key);
    if (!keyNow) return { outcome: 'unauthenticated' };
    if (result.state === 'replay') {
      // A replay is the same body, so the same sender domain: the key must still be allowed to
      // send from it.
      const outOfScope = checkKeyScope(keyNow, request.fromDomain);
      if (outOfScope) return refused('gates', outOfScope);
      return { outcome: 'replayed', body: result.response };
    }
    if (result.state !== 'claimed') return refused('idempotency', IDEMPOTENCY_REFUSALS[result.state]);
    claim = { accountId: key.accountId, key: idempotencyKey, token: result.token };
  }

  let accepted = false;
  try {
    const result = await gateAndAccept(deps, input, claim, observer);
    accepted = result.outcome === 'accepted';
    return result;
  } finally {
    // Anything but acceptance frees our claim (never another request's), so a corrected retry can
    // proceed. If the store cannot be reached to free it, the claim goes stale and is taken over
    // after 120 s; the answer this request already has stands.
    if (!accepted && claim)
      await releaseIdempotencyKey(deps.db, claim).catch((err: unknown) => observer.claimNotReleased?.(err));
  }
}

async function gateAndAccept(
  deps: AcceptDeps,
  input: SendMessageInput,
  claim: IdempotencyClaim | undefined,
  observer: SendMessageObserver,
): Promise<SendMessageResult> {
  const { request, key } = input;
  const scheduleIssue = request.scheduledAt !== undefined ? scheduleProblem(new Date(request.scheduledAt)) : undefined;
  if (scheduleIssue) return { outcome: 'invalid', errors: { scheduled_at: [scheduleIssue] } };
  // Rendered before the gates, like any other check of the request's content (a 400 comes before a 403).
  const rendered = request.template
    ? await renderTemplateForSend(deps.db, key.accountId, request.template, input.renderBudget)
    : undefined;
  if (rendered && !rendered.ok)
    return 'busy' in rendered
      ? refused('render', { code: 'service_unavailable', detail: rendered.busy })
      : { outcome: 'invalid', errors: rendered.errors };
  const body = rendered ? rendered.rendered : { subject: request.subject, html: request.html, text: request.text };
  const gates = await checkSendGates(deps.db, {
    apiKey: key,
    fromDomain: request.fromDomain,
    recipient: request.to.address,
    recipientKind: request.recipientKind,
    secretKey: deps.config.secretKey,
    ...(request.unsubscribe?.topic !== undefined ? { topic: request.unsubscribe.topic } : {}),
  });
  if (!gates.ok) return 'unauthenticated' in gates ? { outcome: 'unauthenticated' } : refused('gates', gates.failure);

  const { domain, monthlyLimit } = gates.context;
  const { kind, testOutcome } = messageKind(request.recipientKind, key);
  const idempotencyKey = input.idempotency?.key;
  const result = await acceptMessage(deps, {
    accountId: key.accountId,
    monthlyLimit,
    ...(key.test ? { test: true } : {}),
    workflow: {
      mode: domain.sendingMode,
      kind,
      ...(testOutcome ? { testOutcome } : {}),
      ...(request.scheduledAt !== undefined ? { scheduledAt: request.scheduledAt } : {}),
      // Absent means `single` (the workflow's default): most sends store one field fewer.
      ...(input.lane === 'bulk' || request.scheduledAt !== undefined ? { lane: 'bulk' as const } : {}),
    },
    content: {
      to: request.to,
      from: request.from,
      subject: body.subject,
      ...(body.html !== undefined ? { html: body.html } : {}),
      ...(body.text !== undefined ? { text: body.text } : {}),
      ...(request.replyTo !== undefined ? { replyTo: request.replyTo } : {}),
      ...(request.tags !== undefined ? { tags: request.tags } : {}),
      ...(request.headers !== undefined ? { headers: request.headers } : {}),
      ...(request.messageIdHeader !== undefined ? { messageIdHeader: request.messageIdHeader } : {}),
      ...(rendered?.ok ? { template: rendered.template } : {}),
      ...trackingOf(deps.config, domain, request, kind),
      ...(request.unsubscribe !== undefined ? { unsubscribe: request.unsubscribe } : {}),
    },
    attachments: request.attachments,
    ...(claim ? { idempotency: claim } : {}),
    response: (messageId) =>
      buildSendResponse({
        messageId,
        domain,
        attachments: request.attachments.length,
        testSend: key.test ? 'key' : kind === 'test' ? 'recipient' : undefined,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        ...(request.scheduledAt !== undefined ? { scheduledAt: request.scheduledAt } : {}),
      }),
  });
  if (!result.ok) {
    if (result.cause !== undefined) observer.notAccepted?.(result.code, result.cause);
    return refused('acceptance', { code: result.code, detail: ACCEPT_FAILURE_DETAIL[result.code] });
  }
  return { outcome: 'accepted', messageId: result.messageId, mode: domain.sendingMode, kind, body: result.response };
}

/**
 * The one place a message's kind is decided (docs/test-recipients.md): a test key's message is a
 * test send whatever its recipient (a test-domain address's outcome, else `delivered`), so no path
 * through a test key reaches SES.
 */
function messageKind(recipientKind: RecipientKind, key: SendingKey): { kind: MessageKind; testOutcome?: TestOutcome } {
  if (recipientKind.kind === 'test') return { kind: 'test', testOutcome: recipientKind.outcome };
  if (key.test) return { kind: 'test', testOutcome: 'delivered' };
  return { kind: recipientKind.kind === 'simulator' ? 'simulator' : 'real' };
}

/**
 * docs/sending.md, "Tracking opens and clicks": shared mode only (a BYOC message keeps no log and
 * sends no webhooks, so the per-send flags are ignored there), never for test sends (a test-domain
 * recipient or a test key: their outcome is synthetic and no mail leaves), each flag the request's or else the domain's;
 * nothing when both are off.
 */
function trackingOf(
  config: Config,
  domain: Domain,
  request: SendRequest,
  kind: MessageKind,
): { tracking?: { opens: boolean; clicks: boolean; host: string } } {
  if (domain.sendingMode !== 'shared' || kind === 'test') return {};
  const opens = request.trackOpens ?? domain.trackOpens;
  const clicks = request.trackClicks ?? domain.trackClicks;
  return opens || clicks ? { tracking: { opens, clicks, host: trackingHost(config, domain) } } : {};
}
