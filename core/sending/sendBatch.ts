// The batch use case (POST /api/send/batch): up to 100 sends in one request, each item its own
// message through `sendMessage` (its own gates, count, log row and workflow), in order, so the
// quota is exact per item (with 3 sends left, items 0-2 are accepted and 3-4 refused). One item's
// refusal never touches the others. With a batch idempotency key the whole answer is kept and
// replayed; every item then also carries a key of its own (its `idempotency_key`, or one derived
// from the batch key and its position), so a batch retried after a crash half-way replays the
// items already accepted instead of counting them twice. The items' templates share one render
// budget (TEMPLATE_BATCH_RENDER_MS): once spent, the items still to render are refused.
import type { SendingMode } from '../model/sendingModes';
import { renderBudget } from '../templates/renderTemplate';
import {
  claimIdempotencyKey,
  completeIdempotencyResponse,
  releaseIdempotencyKey,
  type IdempotencyClaim,
} from './idempotency';
import type { AcceptDeps } from './acceptMessage';
import { sendingKeyNow } from './sendGates';
import {
  sendMessage,
  type SendMessageObserver,
  type SendRefusalCode,
  type SendRequest,
  type SendingKey,
} from './sendMessage';
import type { SendResponseBody } from './sendResponse';

export const BATCH_MAX_ITEMS = 100;

/** One item as the caller parsed it: a valid request (with its own idempotency key, if any), or its field errors. */
export type BatchItemInput =
  | { ok: true; request: SendRequest; idempotency?: { key: string; requestHash: string } }
  | { ok: false; errors: Record<string, string[]> };

export type BatchItemAnswer =
  | ({ index: number; replayed?: true } & SendResponseBody)
  | { index: number; success: false; error: SendRefusalCode; detail: string }
  | { index: number; success: false; detail: string; errors: Record<string, string[]> };

export interface BatchAnswer {
  success: true;
  data: BatchItemAnswer[];
}

export type SendBatchResult =
  | {
      outcome: 'answered';
      body: BatchAnswer;
      accepted: { messageId: string; mode: SendingMode; kind: string }[];
      refusals: SendRefusalCode[];
    }
  | { outcome: 'replayed'; body: unknown }
  /** The key was revoked or expired before any item was accepted: the 401 authentication gives. */
  | { outcome: 'unauthenticated' }
  | { outcome: 'refused'; code: 'idempotency_key_reused' | 'idempotency_key_in_progress'; detail: string };

/** Items after the key was found revoked part-way (the items before it stand, accepted). */
const KEY_REVOKED_DETAIL =
  'The API key was revoked or expired while this batch was being processed; this email was not queued.';

/**
 * Items after one whose workflow could not be started. Each start waits up to
 * TEMPORAL_START_TIMEOUT_MS for a queue that does not answer: trying the rest one after another
 * would hold the batch that many times over, past any client's deadline.
 */
const QUEUE_DOWN_DETAIL =
  'The delivery queue did not answer for an earlier email of this batch; this email was not queued or counted. Retry with backoff.';

/** Batch keys live beside single-send keys; a space cannot occur in either (visible ASCII), so they never meet. */
const batchKey = (key: string) => `batch ${key}`;
const itemKey = (key: string, index: number) => `batch ${key} #${index}`;

export async function sendBatch(
  deps: AcceptDeps,
  input: {
    items: BatchItemInput[];
    key: SendingKey;
    idempotency?: { key: string; requestHash: string; itemHashes: string[] };
  },
  observer: SendMessageObserver = {},
): Promise<SendBatchResult> {
  let claim: IdempotencyClaim | undefined;
  if (input.idempotency) {
    const key = batchKey(input.idempotency.key);
    const result = await claimIdempotencyKey(deps.db, {
      accountId: input.key.accountId,
      key,
      requestHash: input.idempotency.requestHash,
      ttlHours: deps.config.limits.idempotencyTtlHours,
    });
    // Answered from the idempotency record: authentication still applies (docs/decisions.md, "Replays").
    if (result.state !== 'claimed' && !(await sendingKeyNow(deps.db, input.key))) return { outcome: 'unauthenticated' };
    if (result.state === 'replay') return { outcome: 'replayed', body: result.response };
    if (result.state === 'mismatch')
      return {
        outcome: 'refused',
        code: 'idempotency_key_reused',
        detail: 'This idempotency key was already used with a different batch.',
      };
    if (result.state === 'in_progress')
      return {
        outcome: 'refused',
        code: 'idempotency_key_in_progress',
        detail: 'A batch with this idempotency key is still being processed; retry shortly.',
      };
    claim = { accountId: input.key.accountId, key, token: result.token };
  }

  const data: BatchItemAnswer[] = [];
  const accepted: { messageId: string; mode: SendingMode; kind: string }[] = [];
  const refusals: SendRefusalCode[] = [];
  let completed = false;
  let keyRevoked = false;
  let queueDown = false;
  const rendering = renderBudget(deps.config.templates.batchRenderMs);
  const refuseRevoked = (index: number) => {
    refusals.push('unauthorized');
    data.push({ index, success: false, error: 'unauthorized', detail: KEY_REVOKED_DETAIL });
  };
  try {
    for (const [index, item] of input.items.entries()) {
      if (keyRevoked) {
        refuseRevoked(index);
        continue;
      }
      if (queueDown && item.ok) {
        refusals.push('queue_error');
        data.push({ index, success: false, error: 'queue_error', detail: QUEUE_DOWN_DETAIL });
        continue;
      }
      if (!item.ok) {
        data.push({
          index,
          success: false,
          detail: 'This email is not a valid send request; see `errors`.',
          errors: item.errors,
        });
        continue;
      }
      const derived =
        !item.idempotency && input.idempotency
          ? { key: itemKey(input.idempotency.key, index), requestHash: input.idempotency.itemHashes[index]! }
          : undefined;
      const idempotency = item.idempotency ?? derived;
      const result = await sendMessage(
        deps,
        {
          request: item.request,
          key: input.key,
          renderBudget: rendering,
          lane: 'bulk',
          ...(idempotency ? { idempotency } : {}),
        },
        observer,
      );
      if (result.outcome === 'unauthenticated') {
        // Nothing queued yet (nor replayed): the batch is answered as authentication would.
        if (!data.some((d) => d.success)) return { outcome: 'unauthenticated' };
        keyRevoked = true;
        refuseRevoked(index);
        continue;
      }
      if (result.outcome === 'invalid') {
        data.push({
          index,
          success: false,
          detail: 'This email is not a valid send request; see `errors`.',
          errors: result.errors,
        });
        continue;
      }
      if (result.outcome === 'refused') {
        if (result.code === 'queue_error') queueDown = true;
        refusals.push(result.code);
        data.push({ index, success: false, error: result.code, detail: result.detail });
        continue;
      }
      const body = withoutDerivedKey(result.body as SendResponseBody, derived !== undefined);
      if (result.outcome === 'accepted')
        accepted.push({ messageId: result.messageId, mode: result.mode, kind: result.kind });
      data.push({ index, ...body, ...(result.outcome === 'replayed' ? { replayed: true as const } : {}) });
    }
    const body: BatchAnswer = { success: true, data };
    // Kept for replays once anything was queued; a batch that queued nothing frees its key, like
    // a refused single send, so a corrected retry can run.
    if (claim && data.some((d) => d.success))
      completed = await completeIdempotencyResponse(deps.db, { ...claim, response: body });
    return { outcome: 'answered', body, accepted, refusals };
  } finally {
    if (claim && !completed)
      await releaseIdempotencyKey(deps.db, claim).catch((err: unknown) => observer.claimNotReleased?.(err));
  }
}

/** An item's answer never shows the key derived for it from the batch key. */
function withoutDerivedKey(body: SendResponseBody, derived: boolean): SendResponseBody {
  if (!derived) return body;
  const { idempotency_key: _derived, ...rest } = body;
  return rest;
}
