// Scheduled sends (docs/batches-and-scheduling.md, "Scheduled sends"). A message with
// `scheduled_at` is gated and counted at acceptance and staged as any other; its workflow waits on
// a durable timer. The `scheduled_sends` row is the authority on whether and when it goes, for both
// modes: cancelling and the workflow's release change its state only from `scheduled`, so exactly
// one of them wins, and the release re-reads the time, so a reschedule whose signal never reached
// the workflow is still honoured.
// At release two gates run again: a suspension of the account, and (shared mode, whose log has
// the recipient) a suppression of the recipient that arrived meanwhile; either fails the message
// (it stays counted, like any failed message). A key revoked meanwhile does not stop it: the key
// was valid when the message was accepted.
import type { Knex } from 'knex';
import { getAccount } from '../accounts/accounts';
import { isSuppressed } from '../accounts/suppressions';
import { utcDay, utcMonthStart, type Db } from '../platform/db';
import { isUuid } from '../platform/ids';

/** How far ahead a send may be scheduled. */
export const MAX_SCHEDULE_DAYS = 30;

/**
 * How far in the past a `scheduled_at` may be and still be used (the message goes at once): a
 * client whose clock is a little behind, or one retrying a request our outage kept from being
 * accepted (a claim left by a database restart holds its key for 120 s), is not refused for it.
 */
export const SCHEDULE_PAST_GRACE_MINUTES = 10;

/** Why a `scheduled_at` cannot be used, or undefined when it can (now − 10 min < it ≤ now + 30 days). */
export function scheduleProblem(at: Date, now = new Date()): string | undefined {
  if (Number.isNaN(at.getTime()))
    return 'Must be an ISO 8601 date-time with a UTC offset, such as 2026-12-01T09:00:00Z.';
  if (at.getTime() <= now.getTime() - SCHEDULE_PAST_GRACE_MINUTES * 60_000)
    return `Must be in the future (a time under ${SCHEDULE_PAST_GRACE_MINUTES} minutes past is sent at once).`;
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000)
    return `Must be at most ${MAX_SCHEDULE_DAYS} days ahead.`;
  return undefined;
}

export async function recordScheduledSend(
  trx: Knex.Transaction,
  input: {
    messageId: string;
    accountId: string;
    mode: string;
    /** Sent with a test key: its count is the test sends' (docs/test-recipients.md, "Test keys"). */
    test: boolean;
    senderDomain: string;
    scheduledAt: string;
    countedAt: Date;
    templateId?: string;
  },
): Promise<void> {
  await trx('scheduled_sends').insert({
    message_id: input.messageId,
    account_id: input.accountId,
    mode: input.mode,
    test: input.test,
    // A domain of the account, not content: a scoped key is judged by it before any log row exists.
    sender_domain: input.senderDomain,
    scheduled_at: input.scheduledAt,
    counted_at: input.countedAt,
    template_id: input.templateId ?? null,
  });
}

/** A scheduled message's log row leaves `scheduled` with its timeline event; a row already past it (a retried step) is left as it is. */
async function leaveScheduled(
  db: Db | Knex.Transaction,
  messageId: string,
  status: 'queued' | 'canceled',
): Promise<void> {
  await db.raw(
    `WITH moved AS (UPDATE email_log SET status = ?, updated_at = now() WHERE message_id = ? AND status = 'scheduled' RETURNING message_id)
     INSERT INTO email_events (message_id, type, at) SELECT message_id, ?, now() FROM moved ON CONFLICT DO NOTHING`,
    [status, messageId, status],
  );
}

/**
 * Writes a scheduled message's log row (`insert`, from the staged content) in line with
 * `scheduled_sends`, which a reschedule or a cancellation made before the row existed could not
 * update: one transaction, so no reader ever sees the row say `scheduled` for a message already
 * cancelled. The row lock orders it with a cancellation in flight: one that commits first is seen
 * here; one that waits for us then finds the row. True when the message was cancelled (the caller
 * deletes its content and stops).
 */
export async function writeScheduledLogRow(
  db: Db,
  messageId: string,
  insert: (trx: Knex.Transaction) => Promise<void>,
): Promise<{ canceled: boolean }> {
  return db.transaction(async (trx) => {
    const row = await trx('scheduled_sends')
      .where({ message_id: messageId })
      .forShare()
      .first<{ state: string; scheduled_at: Date } | undefined>('state', 'scheduled_at');
    await insert(trx);
    if (!row) return { canceled: false };
    if (row.state !== 'canceled') {
      await trx('email_log')
        .where({ message_id: messageId, status: 'scheduled' })
        .update({ scheduled_at: row.scheduled_at });
      return { canceled: false };
    }
    await leaveScheduled(trx, messageId, 'canceled');
    return { canceled: true };
  });
}

/** `scheduled`, `released` or `canceled`; undefined for a message that was not scheduled. */
export async function scheduledSendState(db: Db, messageId: string): Promise<string | undefined> {
  const row = await db('scheduled_sends')
    .where({ message_id: messageId })
    .first<{ state: string } | undefined>('state');
  return row?.state;
}

export type ReleaseResult =
  | { state: 'released' }
  | { state: 'wait'; until: string }
  | { state: 'canceled' }
  | { state: 'blocked'; reason: string };

/**
 * The workflow's timer fired: the message goes now unless it was cancelled, moved later, or a
 * gate that runs again says no (see the top of this file). One statement takes the release.
 * `topic`: the message's `unsubscribe.topic`, whose suppression stops it as an all-mail one does.
 * `byocRecipient`: a BYOC message's address (it has no log row), read from its staged content.
 */
export async function releaseScheduledSend(
  db: Db,
  messageId: string,
  opts: { topic?: string; byocRecipient?: string; secretKey?: string } = {},
): Promise<ReleaseResult> {
  const row = await db('scheduled_sends')
    .where({ message_id: messageId })
    .first<{ account_id: string; mode: string; scheduled_at: Date; state: string } | undefined>();
  if (!row || row.state === 'canceled') return { state: 'canceled' };
  if (row.state === 'scheduled' && row.scheduled_at.getTime() > Date.now())
    return { state: 'wait', until: row.scheduled_at.toISOString() };
  const account = await getAccount(db, row.account_id);
  const recipient =
    row.mode === 'shared'
      ? (await db('email_log').where({ message_id: messageId }).first<{ recipient: string } | undefined>('recipient'))
          ?.recipient
      : opts.byocRecipient;
  const blocked = account?.sendingSuspended
    ? 'the account was suspended after the message was scheduled'
    : account?.deletionDueAt
      ? 'the account is scheduled for deletion'
      : recipient !== undefined && (await isSuppressed(db, row.account_id, recipient, opts.topic, opts.secretKey))
        ? 'the recipient was suppressed after the message was scheduled'
        : undefined;
  // Released already (a retry of this step) counts as released.
  const taken = await db('scheduled_sends')
    .where({ message_id: messageId })
    .whereIn('state', ['scheduled', 'released'])
    .update({ state: 'released' });
  if (taken === 0) return { state: 'canceled' };
  // A blocked message leaves `scheduled` too, so that its failure applies to its log row.
  await leaveScheduled(db, messageId, 'queued');
  return blocked ? { state: 'blocked', reason: blocked } : { state: 'released' };
}

/**
 * Calls off a scheduled message of the account: `canceled` (the count given back to the month and
 * day it was taken from, the staged content deleted, the log row `canceled`), `not_scheduled`
 * (it already left, or was cancelled), or `not_found`.
 */
export async function cancelScheduledSend(
  db: Db,
  input: { accountId: string; messageId: string },
): Promise<'canceled' | 'not_scheduled' | 'not_found'> {
  if (!isUuid(input.messageId)) return 'not_found';
  return db.transaction(async (trx) => {
    const [row] = await trx('scheduled_sends')
      .where({ message_id: input.messageId, account_id: input.accountId, state: 'scheduled' })
      .update({ state: 'canceled' })
      .returning<{ mode: string; test: boolean; counted_at: Date }[]>(['mode', 'test', 'counted_at']);
    if (!row)
      return (await trx('scheduled_sends').where({ message_id: input.messageId, account_id: input.accountId }).first())
        ? 'not_scheduled'
        : 'not_found';
    await trx.raw(
      `WITH monthly AS (UPDATE usage_counters SET count = count - 1 WHERE account_id = ? AND month = ?::date AND mode = ? AND count > 0),
       daily AS (UPDATE usage_daily SET count = count - 1 WHERE account_id = ? AND day = ?::date AND mode = ? AND count > 0),
       -- A shared message whose workflow has not written its log row yet keeps its content until it
       -- does (writeScheduledLogRow): the row is written from it, marked cancelled.
       unstaged AS (DELETE FROM staged_messages WHERE message_id = ? AND (mode <> 'shared' OR EXISTS (SELECT 1 FROM email_log WHERE message_id = ?))),
       moved AS (UPDATE email_log SET status = 'canceled', updated_at = now() WHERE message_id = ? AND status = 'scheduled' RETURNING message_id)
       INSERT INTO email_events (message_id, type, at) SELECT message_id, 'canceled', now() FROM moved ON CONFLICT DO NOTHING`,
      [
        input.accountId,
        utcMonthStart(row.counted_at),
        row.test ? 'test' : row.mode,
        input.accountId,
        utcDay(row.counted_at),
        row.test ? 'test' : row.mode,
        input.messageId,
        input.messageId,
        input.messageId,
      ],
    );
    return 'canceled';
  });
}

/** Moves a scheduled message of the account to `scheduledAt` (already checked with scheduleProblem). */
export async function rescheduleSend(
  db: Db,
  input: { accountId: string; messageId: string; scheduledAt: string },
): Promise<'rescheduled' | 'not_scheduled' | 'not_found'> {
  if (!isUuid(input.messageId)) return 'not_found';
  return db.transaction(async (trx) => {
    const moved = await trx('scheduled_sends')
      .where({ message_id: input.messageId, account_id: input.accountId, state: 'scheduled' })
      .update({ scheduled_at: input.scheduledAt });
    if (moved === 0)
      return (await trx('scheduled_sends').where({ message_id: input.messageId, account_id: input.accountId }).first())
        ? 'not_scheduled'
        : 'not_found';
    await trx('email_log').where({ message_id: input.messageId }).update({ scheduled_at: input.scheduledAt });
    return 'rescheduled';
  });
}
