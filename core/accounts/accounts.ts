// Accounts: identity, verification, plan (subscription) and suspension.
import { isValidAddress } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import type { Knex } from 'knex';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';
import { PostageError } from '../platform/errors';
import { recordNotice } from './accountNotices';
import { FREE_PLAN, getPlan } from './plans';

export interface Account {
  id: string;
  name: string;
  email: string;
  isVerified: boolean;
  /** Subscribed plan; null means no subscription (the free BYOC plan applies). */
  plan: string | null;
  sendingSuspended: boolean;
  suspendedReason: string | null;
  /** Every member must sign in with two factors (docs/teams.md, "Two-factor sign-in"). */
  requireTwoFactor: boolean;
  /** When the owner's deletion takes effect; set only while it is pending (docs/privacy.md, "Deleting the account"). */
  deletionDueAt: Date | null;
  createdAt: Date;
}

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  is_verified: boolean;
  plan: string | null;
  sending_suspended: boolean;
  suspended_reason: string | null;
  require_two_factor: boolean;
  deletion_due_at: Date | null;
  created_at: Date;
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isVerified: row.is_verified,
    plan: row.plan,
    sendingSuspended: row.sending_suspended,
    suspendedReason: row.suspended_reason,
    requireTwoFactor: row.require_two_factor,
    deletionDueAt: row.deletion_due_at ?? null,
    createdAt: row.created_at,
  };
}

/**
 * A subscription choice as operators type it: `none` (or `free`, the plan that applies without a
 * subscription) means no subscription; anything else must be a plan in the plans table.
 */
export async function resolvePlanChoice(db: Db, plan: string | null | undefined): Promise<string | null> {
  if (plan === undefined || plan === null) return null;
  const name = plan.trim().toLowerCase();
  if (name === '' || name === 'none' || name === FREE_PLAN) return null;
  if (!(await getPlan(db, name)))
    throw new PostageError('unknown_plan', `there is no plan ${JSON.stringify(plan)} (see plan list)`);
  return name;
}

export async function createAccount(
  db: Db,
  input: { email: string; name?: string; plan?: string | null; verified?: boolean },
  actor: string,
): Promise<Account> {
  const email = input.email.trim().toLowerCase();
  if (!isValidAddress(email))
    throw new PostageError('invalid_email', `${JSON.stringify(input.email)} is not an email address`);
  const plan = await resolvePlanChoice(db, input.plan);
  return db.transaction(async (trx) => {
    const [row] = await trx<AccountRow>('accounts')
      .insert({ email, name: input.name?.trim() ?? '', plan, is_verified: input.verified ?? false })
      .onConflict('email')
      .ignore()
      .returning('*');
    if (!row) throw new PostageError('account_exists', `an account with email ${email} already exists`);
    await recordAudit(trx, {
      accountId: row.id,
      actor,
      action: 'account.create',
      details: { email, plan: row.plan, verified: row.is_verified },
    });
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

/** An account by id or by email: operators know accounts by either. */
export async function findAccount(db: Db, idOrEmail: string): Promise<Account | undefined> {
  const key = idOrEmail.trim();
  return isUuid(key) ? getAccount(db, key) : key.includes('@') ? findAccountByEmail(db, key) : undefined;
}

export async function requireAccount(db: Db, idOrEmail: string): Promise<Account> {
  const account = await findAccount(db, idOrEmail);
  if (!account) throw new PostageError('account_not_found', `no account ${idOrEmail}`);
  return account;
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

/**
 * An operator paused or resumed sending: a notice for the owners and admins and the webhook
 * (docs/reputation.md, "Warnings and pauses"), announced by whoever made the change.
 */
async function recordSuspensionNotice(trx: Knex.Transaction, account: Account): Promise<void> {
  const at = new Date().toISOString();
  if (account.sendingSuspended)
    await recordNotice(trx, account.id, 'account.sending_paused', {
      reason: account.suspendedReason ?? 'suspended by an operator',
      paused_at: at,
      by: 'operator',
    });
  else await recordNotice(trx, account.id, 'account.sending_resumed', { resumed_at: at });
}

export async function updateAccount(db: Db, id: string, changes: AccountChanges, actor: string): Promise<Account> {
  const plan = changes.plan === undefined ? undefined : await resolvePlanChoice(db, changes.plan);
  return db.transaction(async (trx) => {
    const before = isUuid(id) ? await trx<AccountRow>('accounts').where({ id }).forUpdate().first() : undefined;
    if (!before) throw new PostageError('account_not_found', `no account ${id}`);
    const patch: Record<string, unknown> = { updated_at: trx.fn.now() };
    if (changes.name !== undefined) patch.name = changes.name.trim();
    if (plan !== undefined) patch.plan = plan;
    if (changes.verified !== undefined) patch.is_verified = changes.verified;
    if (changes.suspended !== undefined) {
      patch.sending_suspended = changes.suspended;
      patch.suspended_reason = changes.suspended ? (changes.suspendedReason ?? 'suspended by an operator') : null;
      patch.suspended_at = changes.suspended ? trx.fn.now() : null;
    }
    const [row] = await trx<AccountRow>('accounts').where({ id }).update(patch).returning('*');
    // The audit entry says what actually changed, from what to what.
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['name', 'plan', 'is_verified', 'sending_suspended', 'suspended_reason'] as const) {
      if (before[key] !== row![key]) diff[key] = { from: before[key], to: row![key] };
    }
    if (Object.keys(diff).length > 0)
      await recordAudit(trx, { accountId: id, actor, action: 'account.update', details: diff });
    if (diff.sending_suspended) await recordSuspensionNotice(trx, toAccount(row!));
    return toAccount(row!);
  });
}
