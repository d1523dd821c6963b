import { ApplicationFailure, Context } from '@temporalio/activity';
import { insertQueuedLogRow, type MessageKind } from '../core/sending/emailLog';
import { loadStagedMessage } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/**
 * Confirms the API committed the message (it starts the workflow just before committing), then
 * writes the shared-mode log row as `queued`. A message never committed is not sent.
 */
export function recordQueuedMessage(deps: ResolvedActivityDeps) {
  return async function recordQueuedMessage(input: { messageId: string; kind: MessageKind; acceptDeadline: number }): Promise<{ accepted: boolean }> {
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    if (!staged) {
      // Server time, like the workflow's start time the deadline is counted from.
      if (Context.current().info.currentAttemptScheduledTimestampMs < input.acceptDeadline) {
        throw ApplicationFailure.retryable('the accepting transaction has not committed yet', 'NotYetCommitted');
      }
      return { accepted: false };
    }
    if (staged.mode === 'shared') {
      await insertQueuedLogRow(deps.db, {
        messageId: staged.messageId,
        accountId: staged.accountId,
        recipient: staged.content.to.address,
        fromEmail: staged.content.from.address,
        subject: staged.content.subject,
        kind: input.kind,
        attachments: staged.attachmentCount,
      });
    }
    return { accepted: true };
  };
}
