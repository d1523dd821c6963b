// What the account is told about its sending (docs/reputation.md, "Warnings and pauses"): a rate
// crossed its warning level, sending was paused, sending resumed. Each notice is a row written in
// the same transaction as the change it tells of; the workflow `account-notice-<id>` then emails
// the owners and admins and fires the webhook event, and marks the notice announced.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AccountNoticeEventType, AccountNoticePayloads } from '../model/webhookEvents';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';
import { TEAM_ADMIN_ROLE, roleCovers, type Role } from './roles';

export interface AccountNotice<E extends AccountNoticeEventType = AccountNoticeEventType> {
  id: string;
  accountId: string;
  event: E;
  payload: AccountNoticePayloads[E];
  createdAt: Date;
}

interface NoticeRow {
  id: string;
  account_id: string;
  event: AccountNoticeEventType;
  payload: AccountNoticePayloads[AccountNoticeEventType];
  created_at: Date;
}

const toNotice = (row: NoticeRow): AccountNotice => ({
  id: row.id,
  accountId: row.account_id,
  event: row.event,
  payload: row.payload,
  createdAt: row.created_at,
});

/** Records a notice to announce; its id. Call it in the transaction of the change it tells of. */
export async function recordNotice<E extends AccountNoticeEventType>(
  db: Db | Knex.Transaction,
  accountId: string,
  event: E,
  payload: AccountNoticePayloads[E],
): Promise<string> {
  const id = randomUUID();
  await db('account_notices').insert({ id, account_id: accountId, event, payload: JSON.stringify(payload) });
  return id;
}

/** The account's notices not yet announced, oldest first. */
export async function pendingNotices(db: Db, accountId: string): Promise<AccountNotice[]> {
  const rows = await db('account_notices')
    .where({ account_id: accountId })
    .whereNull('announced_at')
    .orderBy('created_at')
    .select<NoticeRow[]>('id', 'account_id', 'event', 'payload', 'created_at');
  return rows.map(toNotice);
}

/** One notice of `accountId` (undefined for another account's, or none). */
export async function getNotice(db: Db, accountId: string, id: string): Promise<AccountNotice | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db('account_notices')
    .where({ id, account_id: accountId })
    .first<NoticeRow | undefined>('id', 'account_id', 'event', 'payload', 'created_at');
  return row && toNotice(row);
}

export async function markNoticeAnnounced(db: Db, id: string): Promise<void> {
  await db('account_notices').where({ id }).whereNull('announced_at').update({ announced_at: db.fn.now() });
}

/** The owner and admins of the account: who is told of its sending. */
export async function noticeRecipients(db: Db, accountId: string): Promise<{ userId: string; email: string }[]> {
  const people = await db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.account_id', accountId)
    .select<{ userId: string; email: string; role: Role }[]>('u.id as userId', 'u.email', 'm.role');
  return people.filter((p) => roleCovers(p.role, TEAM_ADMIN_ROLE)).map(({ userId, email }) => ({ userId, email }));
}
