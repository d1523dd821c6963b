// Accepting a message is one transaction: stage the content (claim check), count it against the
// monthly quota, record the idempotent response, and start its workflow last. If any step fails
// the transaction rolls back, so nothing is counted, staged or replayable. The workflow's first
// activity waits for this commit and ends the workflow unsent if it never happens.
import { WorkflowIdConflictPolicy, type Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { SendEmailInput } from '../workflows/types';
import { sendWorkflowId } from '../workflows/types';
import { ACCOUNT_ID, MESSAGE_STATUS, SENDING_MODE } from '../workflows/searchAttributes';
import type { Config } from './config';
import type { Db } from './db';
import { completeIdempotencyKey } from './idempotency';
import { stageMessage, type Attachment, type MessageContent } from './staging';
import { reserveMonthlySend } from './usage';

export type AcceptFailure = 'usage_limit_exceeded' | 'attachment_upload_failed' | 'queue_error';

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
  idempotencyKey?: string;
}

export async function acceptMessage(
  deps: { db: Db; config: Config; temporal: Client },
  input: AcceptInput,
): Promise<{ ok: true; messageId: string; response: Record<string, unknown> } | { ok: false; code: AcceptFailure; cause?: unknown }> {
  const messageId = randomUUID();
  const response = input.response(messageId);
  try {
    await deps.db.transaction(async (trx) => {
      try {
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
      if (!(await reserveMonthlySend(trx, input.accountId, input.workflow.mode, input.monthlyLimit))) {
        throw new AcceptError('usage_limit_exceeded');
      }
      if (input.idempotencyKey) {
        await completeIdempotencyKey(trx, { accountId: input.accountId, key: input.idempotencyKey, response, messageId });
      }
      const workflowInput: SendEmailInput = {
        ...input.workflow,
        messageId,
        accountId: input.accountId,
        outcomeTimeoutSeconds: deps.config.outcomes.timeoutSeconds,
      };
      try {
        await deps.temporal.workflow.start('sendEmail', {
          taskQueue: deps.config.temporal.taskQueue,
          workflowId: sendWorkflowId(messageId),
          // A duplicate start (a retried RPC) attaches to the running workflow instead of failing.
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          args: [workflowInput],
          typedSearchAttributes: [
            { key: ACCOUNT_ID, value: input.accountId },
            { key: SENDING_MODE, value: input.workflow.mode },
            { key: MESSAGE_STATUS, value: 'queued' },
          ],
        });
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
