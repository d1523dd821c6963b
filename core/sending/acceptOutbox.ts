// The accept outbox: an accepted message's row (ids and flags, never content) from the moment its
// accepting statement commits until its workflow confirms it. Three parties may end the row, and
// whoever deletes it first decides:
// - the workflow's first step (claimAcceptance): the message goes ahead;
// - the API after a failed start (withdrawAcceptance): the message, its count and its idempotent
//   answer are given back in one statement, and the client gets 502 queue_error;
// - the relay (relayStaleAcceptances), for rows older than a start could take: the API died
//   between commit and start, or could not give the message back; it starts the workflow.
import type { MessageWorkflows, SendEmailInput } from '../model/workflowContract';
import type { Db } from '../platform/db';
import { utcDay, utcMonthStart } from '../platform/db';
import type { IdempotencyClaim } from './idempotency';

/** The workflow's first step: true when this call took the row (the message is now confirmed). */
export async function claimAcceptance(db: Db, messageId: string): Promise<boolean> {
  const deleted = await db('accept_outbox').where({ message_id: messageId }).delete();
  return deleted > 0;
}

/**
 * After a failed start: deletes the row, the staged content, the count (monthly and daily, of the
 * day it was counted) and the idempotent answer, all in one statement and only if the row was
 * still there. `already_confirmed` means the workflow did start (the start answered too late) and
 * took the row first: the message is accepted after all.
 */
export async function withdrawAcceptance(
  db: Db,
  input: { messageId: string; accountId: string; mode: string; countedAt: Date; idempotency?: IdempotencyClaim },
): Promise<'withdrawn' | 'already_confirmed'> {
  const idem = input.idempotency;
  const { rows } = await db.raw<{ rows: { withdrawn: boolean }[] }>(
    `WITH gone AS (DELETE FROM accept_outbox WHERE message_id = ? RETURNING message_id),
     unstaged AS (DELETE FROM staged_messages WHERE message_id IN (SELECT message_id FROM gone)),
     monthly AS (UPDATE usage_counters SET count = count - 1 WHERE account_id = ? AND month = ?::date AND mode = ? AND count > 0 AND EXISTS (SELECT 1 FROM gone)),
     daily AS (UPDATE usage_daily SET count = count - 1 WHERE account_id = ? AND day = ?::date AND mode = ? AND count > 0 AND EXISTS (SELECT 1 FROM gone))
     ${idem ? `, unanswered AS (DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND claim_token = ? AND EXISTS (SELECT 1 FROM gone))` : ''}
     SELECT EXISTS (SELECT 1 FROM gone) AS withdrawn`,
    [
      input.messageId,
      input.accountId,
      utcMonthStart(input.countedAt),
      input.mode,
      input.accountId,
      utcDay(input.countedAt),
      input.mode,
      ...(idem ? [idem.accountId, idem.key, idem.token] : []),
    ],
  );
  return rows[0]?.withdrawn ? 'withdrawn' : 'already_confirmed';
}

/**
 * Starts the workflows of rows older than `olderThanSeconds` (longer than any start may take) and
 * deletes their rows. Rows are locked while being relayed (SKIP LOCKED: several API processes
 * share the work); a start that fails leaves its row for the next round. Returns how many started.
 */
export async function relayStaleAcceptances(
  db: Db,
  workflows: MessageWorkflows,
  opts: { olderThanSeconds: number; limit: number; startTimeoutMs: number },
): Promise<number> {
  return db.transaction(async (trx) => {
    const rows = await trx('accept_outbox')
      .where('created_at', '<', trx.raw(`now() - make_interval(secs => ?)`, [opts.olderThanSeconds]))
      .orderBy('created_at')
      .limit(opts.limit)
      .forUpdate()
      .skipLocked()
      .select<{ message_id: string; workflow_input: SendEmailInput }[]>('message_id', 'workflow_input');
    let started = 0;
    for (const row of rows) {
      let result: 'started' | 'exists';
      try {
        result = await workflows.startSend(row.workflow_input, Date.now() + opts.startTimeoutMs, { onlyIfNew: true });
      } catch {
        break; // Temporal is away: this row and the rest wait for the next round
      }
      // A workflow that already exists (running or closed) also ends the row: it needs it no more.
      if (result === 'started') started += 1;
      await trx('accept_outbox').where({ message_id: row.message_id }).delete();
    }
    return started;
  });
}
