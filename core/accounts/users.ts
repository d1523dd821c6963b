// The people who sign in. A person may belong to several accounts (core/accounts/members.ts);
// signing up creates an account and its owner, whose address is the account's email
// (docs/decisions.md, "Customer accounts and the management API"). Operator-created accounts get
// their owner when the owner first resets the password (see customerAuth.ts); invited people get a
// user when they accept (invitations.ts).
import type { Knex } from 'knex';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';

export interface User {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: Date;
}

export const toUser = (r: Pick<UserRow, 'id' | 'email' | 'name' | 'created_at'>): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  createdAt: r.created_at,
});

/** Stored for a user who has not chosen a password yet: no password ever verifies against it. */
export const NO_PASSWORD = '!';

export async function insertUser(
  db: Db | Knex.Transaction,
  input: { email: string; name?: string; passwordHash: string },
): Promise<User> {
  const [row] = await db<UserRow>('users')
    .insert({ email: input.email.trim().toLowerCase(), name: input.name ?? '', password_hash: input.passwordHash })
    .returning('*');
  return toUser(row!);
}

/** The user and the stored password hash (for sign-in only). */
export async function findUserCredentials(
  db: Db,
  email: string,
): Promise<{ user: User; passwordHash: string } | undefined> {
  const row = await db<UserRow>('users').where({ email: email.trim().toLowerCase() }).first();
  return row ? { user: toUser(row), passwordHash: row.password_hash } : undefined;
}

export async function findUserByEmail(db: Db | Knex.Transaction, email: string): Promise<User | undefined> {
  const row = await db<UserRow>('users').where({ email: email.trim().toLowerCase() }).first();
  return row ? toUser(row) : undefined;
}

export async function getUser(db: Db | Knex.Transaction, id: string): Promise<User | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db<UserRow>('users').where({ id }).first();
  return row ? toUser(row) : undefined;
}

export async function getUserPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const row = await db<UserRow>('users').where({ id }).first('password_hash');
  return row?.password_hash;
}

export async function setUserPassword(db: Db | Knex.Transaction, id: string, passwordHash: string): Promise<void> {
  await db('users')
    .where({ id })
    .update({ password_hash: passwordHash, password_changed_at: db.fn.now(), updated_at: db.fn.now() });
}

/** Ends the user's sessions acting on one account (removed from it, or given a lower role). */
export async function dropUserAccountSessions(
  db: Db | Knex.Transaction,
  userId: string,
  accountId: string,
): Promise<number> {
  return db('sessions').where({ user_id: userId, account_id: accountId }).delete();
}

/** Whether the person's password changed after `since` (a sign-in begun before it is void). */
export async function passwordChangedSince(db: Db, userId: string, since: Date): Promise<boolean> {
  const row = await db('users')
    .where({ id: userId })
    .first<{ password_changed_at: Date | null } | undefined>('password_changed_at');
  return row?.password_changed_at != null && row.password_changed_at > since;
}

/** Signs the user out everywhere (password changed or reset). */
export async function dropUserSessions(db: Db | Knex.Transaction, userId: string): Promise<number> {
  return db('sessions').where({ user_id: userId }).delete();
}

/** Sessions past their expiry: they already behave as absent; this keeps the table small. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  return db('sessions').where('expires_at', '<', now).delete();
}
