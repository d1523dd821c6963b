import { setTimeout as sleep } from 'node:timers/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { insertQueuedLogRow, type MessageKind } from '../core/sending/emailLog';
import { loadStagedMessage } from '../core/sending/staging';
import type { ResolvedActivityDeps } from './deps';

/** Ordinary activity (histories begun before local bookkeeping): retried until the deadline. */
type RecordQueuedInput = { messageId: string; kind: MessageKind } & ({ acceptDeadline: number } | { lastLook: boolean });

const COMMIT_POLL_MS = 15;
const COMMIT_WAIT_MS = 600;

/**
 * Confirms the API committed the message (it starts the workflow just before committing), then
 * writes the shared-mode log row as `queued`. A message never committed is not sent.
 */
export function recordQueuedMessage(deps: ResolvedActivityDeps) {
  return async function recordQueuedMessage(input: RecordQueuedInput): Promise<{ accepted: boolean; pending?: true }> {
    let staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    // The API commits a few milliseconds after the start returns: a short look again here is far
    // cheaper than a retry (200 ms backoff), which most messages would otherwise take.
    for (let waited = 0; !staged && waited < COMMIT_WAIT_MS; waited += COMMIT_POLL_MS) {
      await sleep(COMMIT_POLL_MS);
      staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    }
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
