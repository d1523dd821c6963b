// Accepting a message: one short transaction stages the content (claim check), counts it against
// the monthly quota, records the idempotent answer and an outbox row, and commits; then the
// workflow starts, with no lock held. If the start fails the message is given back (nothing
// counted, staged or replayable: 502 queue_error) unless its workflow took it first. If this
// process dies in between, the outbox relay starts it (core/sending/acceptOutbox.ts).
import { killPoint } from '../platform/killPoints';
import { recordScheduledSend } from './scheduledSends';
import { domainOfAddress } from '../accounts/keyScope';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MessageWorkflows, SendEmailInput } from '../model/workflowContract';
import type { Config } from '../platform/config';
import { utcDay, utcMonthStart, type Db } from '../platform/db';
import { completeIdempotencyKey, type IdempotencyClaim } from './idempotency';
import { sealContent, stageAttachments } from './staging';
import type { Attachment, MessageContent } from '../model/messageContent';
import { withdrawAcceptance } from './acceptOutbox';
import type { UsageMode } from './sendGates';

export type AcceptFailure =
  'usage_limit_exceeded' | 'attachment_upload_failed' | 'queue_error' | 'idempotency_key_in_progress';

class AcceptError extends Error {
  constructor(
    readonly code: AcceptFailure,
    readonly causeError?: unknown,
  ) {
    super(code);
  }
}

/** `R`: the answer the caller gives once the message id is known (core/sending/sendResponse.ts for a send). */
export interface AcceptInput<R extends object = Record<string, unknown>> {
  accountId: string;
  monthlyLimit: number;
  /** Sent with a test key: counted as a test send, not against the quota; its log row marked `test`. */
  test?: true;
  workflow: Omit<SendEmailInput, 'messageId' | 'accountId' | 'outcomeTimeoutSeconds'>;
  content: MessageContent;
  attachments: Attachment[];
  /** Builds the answer once the message id is known (stored for idempotent replays). */
  response: (messageId: string) => R;
  /** The request's idempotency claim, completed with the response inside the transaction. */
  idempotency?: IdempotencyClaim;
}

export type AcceptResult<R extends object = Record<string, unknown>> =
  { ok: true; messageId: string; response: R } | { ok: false; code: AcceptFailure; cause?: unknown };

export interface AcceptDeps {
  /**
   * sendMessage gives the sending store (its statements carry the staging deadline), so a slow or
   * locked store fails the acceptance (retryable 502) instead of holding it, and everything queued
   * behind it, open.
   */
  db: Db;
  config: Config;
  workflows: MessageWorkflows;
}

export async function acceptMessage<R extends object>(
  deps: AcceptDeps,
  input: AcceptInput<R>,
): Promise<AcceptResult<R>> {
  const messageId = randomUUID();
  const response = input.response(messageId);
  const countedAt = new Date();
  const countedAs: UsageMode = input.test ? 'test' : input.workflow.mode;
  const content: MessageContent = input.test ? { ...input.content, test: true } : input.content;
  // Only ids and flags travel through Temporal; the content stays in the claim-check store.
  const workflowInput: SendEmailInput = {
    ...input.workflow,
    messageId,
    accountId: input.accountId,
    outcomeTimeoutSeconds: deps.config.outcomes.timeoutSeconds,
    statusAttribute: 'where-needed',
    testSend: 'one-step',
  };
  // Stage, count and record (then the attachments), or fail the acceptance with its code.
  const stageAndCount = async (store: Knex | Knex.Transaction) => {
    let counted: boolean;
    try {
      counted = await stageCountAndRecord(store, deps.config.secretKey, {
        workflowInput,
        content,
        attachments: input.attachments,
        monthlyLimit: input.monthlyLimit,
        countedAs,
        countedAt,
      });
      if (counted) await stageAttachments(store, deps.config.secretKey, messageId, input.attachments);
    } catch (err) {
      throw new AcceptError('attachment_upload_failed', err);
    }
    if (!counted) throw new AcceptError('usage_limit_exceeded');
  };
  // Most sends have no attachments, no idempotency key and no schedule: their whole acceptance is
  // the one statement, in autocommit (three round trips fewer than a transaction; bench/README.md,
  // "Half the cost per email, before and after").
  const oneStatement = input.attachments.length === 0 && !input.idempotency && !workflowInput.scheduledAt;
  try {
    if (oneStatement) await stageAndCount(deps.db);
    else
      await deps.db.transaction(async (trx) => {
        await stageAndCount(trx);
        if (workflowInput.scheduledAt) {
          await recordScheduledSend(trx, {
            messageId,
            accountId: input.accountId,
            mode: workflowInput.mode,
            test: input.test === true,
            senderDomain: domainOfAddress(input.content.from.address),
            scheduledAt: workflowInput.scheduledAt,
            countedAt,
            ...(input.content.template ? { templateId: input.content.template.id } : {}),
          });
        }
        // Last, so the key's row is locked only for the end of the transaction: a retry of this
        // request meanwhile gets 409 at once instead of waiting behind the staging.
        if (input.idempotency && !(await completeIdempotencyKey(trx, { ...input.idempotency, response, messageId }))) {
          throw new AcceptError('idempotency_key_in_progress');
        }
      });
  } catch (err) {
    if (err instanceof AcceptError) return { ok: false, code: err.code, cause: err.causeError };
    throw err;
  }

  killPoint('accept:committed'); // counted and in the outbox; no workflow yet (the relay's case)
  try {
    await deps.workflows.startSend(workflowInput, Date.now() + deps.config.temporal.startTimeoutMs);
  } catch (startError) {
    const { idempotency } = input;
    let outcome: 'withdrawn' | 'already_confirmed';
    try {
      outcome = await withdrawAcceptance(deps.db, {
        messageId,
        accountId: input.accountId,
        mode: countedAs,
        countedAt,
        ...(idempotency ? { idempotency } : {}),
      });
    } catch {
      // Neither Temporal nor PostgreSQL now: the message stays committed in the outbox, and the
      // relay starts it once both are back. It is accepted: answer so (never lost, never twice).
      return { ok: true, messageId, response };
    }
    if (outcome === 'withdrawn') return { ok: false, code: 'queue_error', cause: startError };
  }
  return { ok: true, messageId, response };
}

/**
 * One statement: the count under `countedAs` (the domain's mode, or `test` for a test key's send;
 * only under the limit; the upsert's row lock serialises an account's concurrent sends, so with
 * one send left exactly one wins), then, only if counted, the daily count, the staged content and
 * the outbox row. False when the month's allowance is used up.
 */
async function stageCountAndRecord(
  trx: Knex | Knex.Transaction,
  secretKey: string,
  input: {
    workflowInput: SendEmailInput;
    content: MessageContent;
    attachments: Attachment[];
    monthlyLimit: number;
    countedAs: UsageMode;
    countedAt: Date;
  },
): Promise<boolean> {
  if (input.monthlyLimit <= 0) return false;
  const { messageId, accountId, mode } = input.workflowInput;
  const { rows } = await trx.raw<{ rows: { counted: boolean }[] }>(
    `WITH monthly AS (
       INSERT INTO usage_counters (account_id, month, mode, count) VALUES (?, ?::date, ?, 1)
       ON CONFLICT (account_id, month, mode) DO UPDATE SET count = usage_counters.count + 1
       WHERE usage_counters.count < ?
       RETURNING count
     ), daily AS (
       INSERT INTO usage_daily (account_id, day, mode, count) SELECT ?, ?::date, ?, 1 FROM monthly
       ON CONFLICT (account_id, day, mode) DO UPDATE SET count = usage_daily.count + 1
     ), staged AS (
       INSERT INTO staged_messages (message_id, account_id, mode, content, attachment_count) SELECT ?, ?, ?, ?::bytea, ? FROM monthly
     ), outbox AS (
       INSERT INTO accept_outbox (message_id, account_id, workflow_input) SELECT ?, ?, ?::jsonb FROM monthly
     )
     SELECT EXISTS (SELECT 1 FROM monthly) AS counted`,
    [
      accountId,
      utcMonthStart(input.countedAt),
      input.countedAs,
      input.monthlyLimit,
      accountId,
      utcDay(input.countedAt),
      input.countedAs,
      messageId,
      accountId,
      mode,
      sealContent(secretKey, input.content),
      input.attachments.length,
      messageId,
      accountId,
      JSON.stringify(input.workflowInput),
    ],
  );
  return rows[0]?.counted ?? false;
}
