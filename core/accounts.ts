// Accounts: identity, verification, plan (subscription) and suspension.
import { recordAudit } from './audit';
import type { Db } from './db';
import { PostageError } from './errors';

export interface Account {
  id: string;
  name: string;
  email: string;
  isVerified: boolean;
  /** Subscribed plan; null means no subscription (the free BYOC plan applies). */
  plan: string | null;
  sendingSuspended: boolean;
  suspendedReason: string | null;
  createdAt: Date;
}

interface AccountRow {
  id: string;
  name: string;
  email: string;
  is_verified: boolean;
  plan: string | null;
  sending_suspended: boolean;
  suspended_reason: string | null;
  created_at: Date;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isVerified: row.is_verified,
    plan: row.plan,
    sendingSuspended: row.sending_suspended,
    suspendedReason: row.suspended_reason,
    createdAt: row.created_at,
  };
}

export async function createAccount(
  db: Db,
  input: { email: string; name?: string; plan?: string | null; verified?: boolean },
  actor: string,
): Promise<Account> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (trx) => {
    const [row] = await trx<AccountRow>('accounts')
      .insert({ email, name: input.name ?? '', plan: input.plan ?? null, is_verified: input.verified ?? false })
      .onConflict('email')
      .ignore()
      .returning('*');
    if (!row) throw new PostageError('account_exists', `an account with email ${email} already exists`);
    await recordAudit(trx, { accountId: row.id, actor, action: 'account.create', details: { email, plan: row.plan, verified: row.is_verified } });
    return toAccount(row);
  });
}

export async function getAccount(db: Db, id: string): Promise<Account | undefined> {
  const row = await db<AccountRow>('accounts').where({ id }).first();
  return row ? toAccount(row) : undefined;
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const row = await db<AccountRow>('accounts').where({ email: email.trim().toLowerCase() }).first();
  return row ? toAccount(row) : undefined;
}

export async function listAccounts(db: Db): Promise<Account[]> {
  return (await db<AccountRow>('accounts').orderBy('created_at')).map(toAccount);
}

export interface AccountChanges {
  name?: string;
  plan?: string | null;
  verified?: boolean;
  suspended?: boolean;
  suspendedReason?: string;
}

export async function updateAccount(db: Db, id: string, changes: AccountChanges, actor: string): Promise<Account> {
  return db.transaction(async (trx) => {
    const patch: Record<string, unknown> = { updated_at: trx.fn.now() };
    if (changes.name !== undefined) patch.name = changes.name;
    if (changes.plan !== undefined) patch.plan = changes.plan;
    if (changes.verified !== undefined) patch.is_verified = changes.verified;
    if (changes.suspended !== undefined) {
      patch.sending_suspended = changes.suspended;
      patch.suspended_reason = changes.suspended ? (changes.suspendedReason ?? 'suspended by an operator') : null;
      patch.suspended_at = changes.suspended ? trx.fn.now() : null;
    }
    const [row] = await trx<AccountRow>('accounts').where({ id }).update(patch).returning('*');
    if (!row) throw new PostageError('account_not_found', `no account ${id}`);
    await recordAudit(trx, { accountId: id, actor, action: 'account.update', details: { ...changes } });
    return toAccount(row);
  });
}
