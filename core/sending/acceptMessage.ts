// Accepting a message is one transaction: stage the content (claim check), count it against the
// monthly quota, record the idempotent response, and start its workflow last. If any step fails
// the transaction rolls back, so nothing is counted, staged or replayable. The workflow's first
// activity waits for this commit and ends the workflow unsent if it never happens.
import { randomUUID } from 'node:crypto';
import type { MessageWorkflows, SendEmailInput } from '../model/workflowContract';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { completeIdempotencyKey, type IdempotencyClaim } from './idempotency';
import { KeyedMutex, LockWaitTimeout } from '../platform/keyedMutex';
import { stageMessage, type Attachment, type MessageContent } from './staging';
import { reserveMonthlySend } from '../accounts/usage';

export type AcceptFailure = 'usage_limit_exceeded' | 'attachment_upload_failed' | 'queue_error' | 'idempotency_key_in_progress';

class AcceptError extends Error {
  constructor(
    readonly code: AcceptFailure,
    readonly causeError?: unknown,
  ) {
    super(code);
  }
}

export interface AcceptInput {
  accountId: string;
  monthlyLimit: number;
  workflow: Omit<SendEmailInput, 'messageId' | 'accountId' | 'outcomeTimeoutSeconds'>;
  content: MessageContent;
  attachments: Attachment[];
  /** Builds the 200 body once the message id is known (stored for idempotent replays). */
  response: (messageId: string) => Record<string, unknown>;
  /** The request's idempotency claim, completed with the response inside the transaction. */
  idempotency?: IdempotencyClaim;
}

export type AcceptResult =
  | { ok: true; messageId: string; response: Record<string, unknown> }
  | { ok: false; code: AcceptFailure; cause?: unknown };

/**
 * One account's accepting transactions for a mode wait for the same usage row, whose lock is held
 * until the workflow start returns. Waiting for their turn in memory (one KeyedMutex per process,
 * waits bounded by TEMPORAL_START_TIMEOUT_MS) instead of in PostgreSQL keeps them from holding
 * pool connections: while Temporal is slow, one busy account cannot starve other tenants of
 * connections. Across processes the row lock still decides.
 */
export interface AcceptDeps {
  db: Db;
  config: Config;
  workflows: MessageWorkflows;
  turns: KeyedMutex;
}

export function createAcceptTurns(config: Config): KeyedMutex {
  return new KeyedMutex(config.temporal.startTimeoutMs);
}

export async function acceptMessage(deps: AcceptDeps, input: AcceptInput): Promise<AcceptResult> {
  try {
    return await deps.turns.runExclusive(`${input.accountId}:${input.workflow.mode}`, () => acceptInTransaction(deps, input));
  } catch (err) {
    // The account's earlier sends are still waiting on the queue: this one would only wait longer.
    if (err instanceof LockWaitTimeout) return { ok: false, code: 'queue_error', cause: err };
    throw err;
  }
}

async function acceptInTransaction(deps: AcceptDeps, input: AcceptInput): Promise<AcceptResult> {
  const messageId = randomUUID();
  const response = input.response(messageId);
  try {
    await deps.db.transaction(async (trx) => {
      try {
        // The store gets a deadline: a slow or locked store fails this request (retryable 502)
        // instead of holding it, and everything queued behind it, open. It stays for the short
        // rest of the transaction (the count and the idempotent answer), which saves a round trip.
        await trx.raw(`SELECT set_config('statement_timeout', ?, true)`, [String(deps.config.limits.stagingTimeoutMs)]);
        await stageMessage(trx, deps.config.secretKey, {
          messageId,
          accountId: input.accountId,
          mode: input.workflow.mode,
          content: input.content,
          attachments: input.attachments,
        });
      } catch (err) {
        throw new AcceptError('attachment_upload_failed', err);
      }
      // Counting after staging keeps the counter row locked only for the short rest of the
      // transaction; the lock serialises concurrent sends of one account at the limit.
      if (!(await reserveMonthlySend(trx, input.accountId, input.workflow.mode, input.monthlyLimit))) {
        throw new AcceptError('usage_limit_exceeded');
      }
      if (input.idempotency && !(await completeIdempotencyKey(trx, { ...input.idempotency, response, messageId }))) {
        throw new AcceptError('idempotency_key_in_progress');
      }
      // Only ids and flags travel through Temporal; the content stays in the claim-check store.
      const workflowInput = { ...input.workflow, messageId, accountId: input.accountId, outcomeTimeoutSeconds: deps.config.outcomes.timeoutSeconds };
      try {
        await deps.workflows.startSend(workflowInput, Date.now() + deps.config.temporal.startTimeoutMs);
      } catch (err) {
        throw new AcceptError('queue_error', err);
      }
    });
  } catch (err) {
    if (err instanceof AcceptError) return { ok: false, code: err.code, cause: err.causeError };
    throw err;
  }
  return { ok: true, messageId, response };
}
