// Deleting an account (docs/privacy.md, "Deleting the account"): the owner asks, typing the
// account's name; sending stops at once (the send gates read deletion_due_at); during the grace
// period the owner may cancel; then the workflow `delete-account-<id>` removes everything
// (activities/accountDeletion.ts). This module holds the rules and the statements; the workflow's
// start and stop are the caller's.
import type Redis from 'ioredis';
import { accountDeletionEmail, type AuthLinks } from './authEmails';
import type { SystemMailer } from './customerAuth';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { TEAM_ADMIN_ROLE, roleCovers, type Role } from './roles';

export interface DeletionState {
  /** When the owner asked; null when no deletion is pending. */
  requestedAt: Date | null;
  /** When the deletion takes effect; null when none is pending. */
  dueAt: Date | null;
}

const NOT_PENDING: DeletionState = { requestedAt: null, dueAt: null };

/** What the owner types to confirm: the account's name, or its address when it has none. */
export function confirmationWord(account: { name: string; email: string }): string {
  return account.name.trim() || account.email;
}

export async function deletionState(db: Db, accountId: string): Promise<DeletionState> {
  const row = await db('accounts')
    .where({ id: accountId })
    .first<{ deletion_requested_at: Date | null; deletion_due_at: Date | null } | undefined>(
      'deletion_requested_at',
      'deletion_due_at',
    );
  return row ? { requestedAt: row.deletion_requested_at, dueAt: row.deletion_due_at } : NOT_PENDING;
}

/**
 * Schedules the account's deletion `graceMs` from now, when `confirm` is its confirmation word
 * (else a field error on `confirm`). Asked again while pending, answers the schedule already set.
 */
export async function requestAccountDeletion(
  db: Db,
  input: { accountId: string; confirm: string; graceMs: number; actor: string },
): Promise<{ state: DeletionState; scheduledNow: boolean }> {
  return db.transaction(async (trx) => {
    const account = await trx('accounts')
      .where({ id: input.accountId })
      .forUpdate()
      .first<{ name: string; email: string; deletion_requested_at: Date | null; deletion_due_at: Date | null }>();
    if (!account) throw new PostageError('account_not_found', 'no such account');
    if (input.confirm.trim() !== confirmationWord(account))
      throw new PostageError(
        'invalid_confirmation',
        `Type the account's name, ${JSON.stringify(confirmationWord(account))}, exactly as it is shown.`,
        'confirm',
      );
    if (account.deletion_due_at)
      return {
        state: { requestedAt: account.deletion_requested_at, dueAt: account.deletion_due_at },
        scheduledNow: false,
      };
    const [row] = await trx('accounts')
      .where({ id: input.accountId })
      .update({
        deletion_requested_at: trx.fn.now(),
        deletion_due_at: trx.raw(`now() + ? * interval '1 millisecond'`, [input.graceMs]),
      })
      .returning<{ deletion_requested_at: Date; deletion_due_at: Date }[]>([
        'deletion_requested_at',
        'deletion_due_at',
      ]);
    await recordAudit(trx, {
      accountId: input.accountId,
      actor: input.actor,
      action: 'account.deletion_request',
      details: { due_at: row!.deletion_due_at.toISOString() },
    });
    return { state: { requestedAt: row!.deletion_requested_at, dueAt: row!.deletion_due_at }, scheduledNow: true };
  });
}

/**
 * Cancels a pending deletion: 'canceled', 'not_pending', or throws account_deletion_started once
 * the grace period is over (the workflow decides by the same clock, so exactly one of them wins).
 */
export async function cancelAccountDeletion(
  db: Db,
  input: { accountId: string; actor: string },
): Promise<'canceled' | 'not_pending'> {
  return db.transaction(async (trx) => {
    const [row] = await trx('accounts')
      .where({ id: input.accountId })
      .forUpdate()
      .select<{ pending: boolean; started: boolean }[]>(
        trx.raw('deletion_due_at IS NOT NULL AS pending'),
        trx.raw('deletion_due_at <= now() AS started'),
      );
    if (!row?.pending) return 'not_pending';
    if (row.started)
      throw new PostageError(
        'account_deletion_started',
        'The grace period is over: the account is being deleted and this can no longer be undone.',
      );
    await trx('accounts').where({ id: input.accountId }).update({ deletion_requested_at: null, deletion_due_at: null });
    await recordAudit(trx, { accountId: input.accountId, actor: input.actor, action: 'account.deletion_cancel' });
    return 'canceled';
  });
}

/** Emails the owner and the admins that the deletion was scheduled or cancelled; past an address's hourly allowance, none goes to it. */
export async function tellAdmins(
  deps: { db: Db; mail: SystemMailer; mayEmail(address: string): Promise<boolean>; links: AuthLinks },
  input: { accountId: string; what: 'scheduled' | 'canceled'; dueAt: Date | null },
): Promise<void> {
  const account = await deps.db('accounts').where({ id: input.accountId }).first<{ name: string; email: string }>();
  if (!account) return;
  const people = await deps
    .db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.account_id', input.accountId)
    .select<{ email: string; role: Role }[]>('u.email', 'm.role');
  for (const person of people.filter((p) => roleCovers(p.role, TEAM_ADMIN_ROLE))) {
    if (!(await deps.mayEmail(person.email))) continue;
    await deps.mail(
      accountDeletionEmail(person.email, {
        accountName: confirmationWord(account),
        what: input.what,
        dueAt: input.dueAt,
        link: deps.links.signIn(),
      }),
    );
  }
}

/** Whether the account's grace period is over and it is still to be deleted (false: cancelled, or gone already). */
export async function deletionIsDue(db: Db, accountId: string): Promise<boolean> {
  const row = await db('accounts').where({ id: accountId }).whereRaw('deletion_due_at <= now()').first('id');
  return row !== undefined;
}

/**
 * The tables whose rows grow with the account's traffic, deleted `batchSize` rows at a time before
 * the account's row (its delete cascades to every other table, each small); children first.
 */
export const BATCHED_TABLES = [
  'send_outcomes',
  'provider_messages',
  'idempotency_keys',
  'email_log',
  'inbound_messages',
  'account_audit',
] as const;

/** Rows per statement: small enough that each holds its locks briefly (core/platform/batchedDelete.ts). */
export const DELETION_BATCH_SIZE = 2000;

/** Deletes up to `batchSize` of the account's rows of `table`; how many it deleted. */
export async function deleteAccountRowsBatch(
  db: Db,
  table: (typeof BATCHED_TABLES)[number],
  accountId: string,
  batchSize = DELETION_BATCH_SIZE,
): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `DELETE FROM ?? WHERE ctid IN (SELECT ctid FROM ?? WHERE account_id = ? LIMIT ?)`,
    [table, table, accountId, batchSize],
  );
  return result.rowCount;
}

/**
 * Deletes the account's row (its other rows cascade), its sessions, and every member who is left
 * with no account at all (a person with another account keeps their sign-in); the number of
 * people deleted.
 */
export async function deleteAccountRow(db: Db, accountId: string): Promise<{ people: number }> {
  return db.transaction(async (trx) => {
    const members = (await trx('memberships').where({ account_id: accountId }).pluck('user_id')) as string[];
    await trx('sessions').where({ account_id: accountId }).delete();
    await trx('accounts').where({ id: accountId }).delete();
    const people = await trx('users')
      .whereIn('id', members)
      .whereNotExists(trx('memberships').whereRaw('memberships.user_id = users.id'))
      .delete();
    return { people };
  });
}

/** Deletes every Redis key that names the account (rate-limit windows, live-stream registrations); how many. */
export async function deleteAccountRedisKeys(redis: Redis, accountId: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `*${accountId}*`, 'COUNT', 1000);
    if (keys.length > 0) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
