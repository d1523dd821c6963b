import { ApplicationFailure, Context } from '@temporalio/activity';
import { insertQueuedLogRow, type MessageKind } from '../core/sending/emailLog';
import { loadStagedMessage } from '../core/sending/staging';
import { claimAcceptance } from '../core/sending/acceptOutbox';
import type { ResolvedActivityDeps } from './deps';

/** Ordinary activity (histories begun before local bookkeeping): retried until the deadline. */
type RecordQueuedInput = { messageId: string; kind: MessageKind } & ({ acceptDeadline: number } | { lastLook: boolean });

/**
 * Confirms the accepted message (the API commits it, then starts the workflow), then writes the
 * shared-mode log row as `queued`. A message never committed, or given back, is not sent.
 */
export function recordQueuedMessage(deps: ResolvedActivityDeps) {
  return async function recordQueuedMessage(input: RecordQueuedInput): Promise<{ accepted: boolean; pending?: true }> {
    // Take the outbox row (core/sending/acceptOutbox.ts) so the API can no longer give the
    // message back, then read it. Two statements on purpose: the read must see a withdrawal that
    // won the race for the row. Staged without a row means confirmed earlier (a retry, the relay,
    // or an API from before the outbox).
    await claimAcceptance(deps.db, input.messageId);
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    if (!staged) {
      // As a local activity the workflow keeps the time (the worker's clock is not the server's)
      // and asks again after a timer; on the last look the message was never committed.
      if ('lastLook' in input) return input.lastLook ? { accepted: false } : { accepted: false, pending: true };
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
