// An account's members and their roles (core/accounts/roles.ts). The rules a role check in the
// route table cannot see, because they depend on whom the change is about, live here: nobody
// changes a role above their own, the owner is changed only by a transfer, removing a member (or
// lowering their role) ends their sessions for the account, and removing one revokes the API keys
// they made unless the account keeps them.
import type { Knex } from 'knex';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { keyPrefix } from './apiKeys';
import { GRANTABLE_ROLES, isRole, roleCovers, type GrantableRole, type Role } from './roles';
import { dropUserAccountSessions, findUserByEmail, insertUser, NO_PASSWORD } from './users';

/** Members an account may have (invitations waiting included): a team, not a mailing list. */
export const MEMBER_LIMIT = 100;

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
}

export interface AccountMembership {
  accountId: string;
  name: string;
  role: Role;
}

/** The person acting, as the rules below need them. */
export interface ActingMember {
  userId: string;
  role: Role;
  actor: string;
}

const memberNotFound = (id: string) => new PostageError('member_not_found', `no member ${id}`);

/** The person's role in the account, or undefined when they are not a member (read on every request made with a session). */
export async function membershipRole(db: Db | Knex.Transaction, accountId: string, userId: string): Promise<Role | undefined> {
  const row = await db('memberships').where({ account_id: accountId, user_id: userId }).first<{ role: Role } | undefined>('role');
  return row?.role;
}

/** The person's accounts, the one used last first. */
export async function accountsOf(db: Db, userId: string): Promise<AccountMembership[]> {
  const rows = await db('memberships as m')
    .join('accounts as a', 'a.id', 'm.account_id')
    .where('m.user_id', userId)
    .orderByRaw('m.last_used_at DESC NULLS LAST, m.created_at, a.id')
    .select<{ account_id: string; name: string; role: Role }[]>('m.account_id', 'a.name', 'm.role');
  return rows.map((r) => ({ accountId: r.account_id, name: r.name, role: r.role }));
}

/** Sign-in and switching open this account next time. */
export async function noteAccountUsed(db: Db, accountId: string, userId: string): Promise<void> {
  await db('memberships').where({ account_id: accountId, user_id: userId }).update({ last_used_at: db.fn.now() });
}

/** An account's members with their person's address and name. */
async function memberRows(db: Db | Knex.Transaction, accountId: string, userId?: string): Promise<Member[]> {
  const query = db('memberships as m').join('users as u', 'u.id', 'm.user_id').where('m.account_id', accountId);
  if (userId !== undefined) query.andWhere('m.user_id', userId);
  const rows = await query
    .orderBy([{ column: 'm.created_at' }, { column: 'u.email' }])
    .select<{ user_id: string; email: string; name: string; role: Role; created_at: Date }[]>('m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at');
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role, joinedAt: r.created_at }));
}

export function listMembers(db: Db, accountId: string): Promise<Member[]> {
  return memberRows(db, accountId);
}

export async function getMember(db: Db | Knex.Transaction, accountId: string, userId: string): Promise<Member> {
  const [member] = isUuid(userId) ? await memberRows(db, accountId, userId) : [];
  if (!member) throw memberNotFound(userId);
  return member;
}

export function checkedGrantableRole(role: string): GrantableRole {
  if (!(GRANTABLE_ROLES as readonly string[]).includes(role)) {
    throw new PostageError('invalid_role', `the role is one of ${GRANTABLE_ROLES.join(', ')} (ownership moves only by transfer)`, 'role');
  }
  return role as GrantableRole;
}

/** Nobody gives a role above their own. */
export function checkMayGrant(acting: ActingMember, role: Role): void {
  if (!roleCovers(acting.role, role)) throw new PostageError('insufficient_role', `an ${acting.role} cannot give the ${role} role`);
}

/** The owner's role changes only by a transfer; nobody changes the role of someone above them. */
function checkMayChange(acting: ActingMember, target: Member, what: string): void {
  if (target.role === 'owner') throw new PostageError('ownership_transfer_required', `the owner cannot be ${what}: transfer ownership to another member first`);
  if (!roleCovers(acting.role, target.role)) throw new PostageError('insufficient_role', `an ${acting.role} cannot change a member whose role is ${target.role}`);
}

export async function changeMemberRole(db: Db, accountId: string, acting: ActingMember, userId: string, newRole: string): Promise<Member> {
  const role = checkedGrantableRole(newRole);
  return db.transaction(async (trx) => {
    const target = await getMember(trx, accountId, userId);
    checkMayChange(acting, target, 'given another role');
    checkMayGrant(acting, role);
    if (target.role === role) return target;
    await trx('memberships').where({ account_id: accountId, user_id: userId }).update({ role });
    // A lower role takes effect at once: the member's sessions for the account end (the role is
    // also read on every request, so a raised one needs no new sign-in).
    if (!roleCovers(role, target.role)) await dropUserAccountSessions(trx, userId, accountId);
    await recordAudit(trx, { accountId, actor: acting.actor, action: 'member.role_change', details: { user_id: userId, email: target.email, from: target.role, to: role } });
    return { ...target, role };
  });
}

/**
 * Removes the member: their sessions for the account end and the API keys they made (directly or
 * through a key of theirs) are revoked, unless `keepKeys`. Returns the revoked keys' prefixes.
 */
export async function removeMember(db: Db, accountId: string, acting: ActingMember, userId: string, keepKeys: boolean): Promise<{ member: Member; revokedKeys: string[] }> {
  return db.transaction(async (trx) => {
    const target = await getMember(trx, accountId, userId);
    checkMayChange(acting, target, 'removed');
    const revokedKeys = await dropMembership(trx, accountId, target, keepKeys);
    await recordAudit(trx, {
      accountId,
      actor: acting.actor,
      action: target.userId === acting.userId ? 'member.leave' : 'member.remove',
      details: { user_id: userId, email: target.email, role: target.role, revoked_keys: revokedKeys, kept_keys: keepKeys },
    });
    return { member: target, revokedKeys };
  });
}

/** The member leaves; the owner must transfer ownership first. The keys they made are revoked. */
export async function leaveAccount(db: Db, accountId: string, acting: ActingMember): Promise<{ member: Member; revokedKeys: string[] }> {
  if (acting.role === 'owner') throw new PostageError('ownership_transfer_required', 'the owner cannot leave: transfer ownership to another member first');
  return removeMember(db, accountId, acting, acting.userId, false);
}

async function dropMembership(trx: Knex.Transaction, accountId: string, target: Member, keepKeys: boolean): Promise<string[]> {
  await trx('memberships').where({ account_id: accountId, user_id: target.userId }).delete();
  await dropUserAccountSessions(trx, target.userId, accountId);
  if (keepKeys) return [];
  const revoked = await trx('api_keys')
    .where({ account_id: accountId, created_by_user: target.userId })
    .whereNull('revoked_at')
    .update({ revoked_at: trx.fn.now() })
    .returning<{ lookup_id: string }[]>('lookup_id');
  return revoked.map((r) => keyPrefix(r.lookup_id));
}

/** The owner hands the account to another member, and becomes an admin. */
export async function transferOwnership(db: Db, accountId: string, acting: ActingMember, userId: string): Promise<Member> {
  if (acting.role !== 'owner') throw new PostageError('insufficient_role', 'only the owner can transfer ownership');
  return db.transaction(async (trx) => {
    const target = await getMember(trx, accountId, userId);
    if (target.userId === acting.userId) return target;
    // Demote first: one owner at a time (memberships_one_owner).
    await trx('memberships').where({ account_id: accountId, user_id: acting.userId }).update({ role: 'admin' });
    await trx('memberships').where({ account_id: accountId, user_id: userId }).update({ role: 'owner' });
    await recordAudit(trx, { accountId, actor: acting.actor, action: 'member.ownership_transfer', details: { user_id: userId, email: target.email, previous_owner: acting.userId } });
    return { ...target, role: 'owner' };
  });
}

/** Members and open invitations together, for MEMBER_LIMIT. */
export async function seatsTaken(db: Db | Knex.Transaction, accountId: string): Promise<number> {
  const members = await db('memberships').where({ account_id: accountId }).count<{ n: string }[]>({ n: '*' });
  const open = await db('invitations').where({ account_id: accountId }).whereNull('accepted_at').whereNull('revoked_at').andWhere('expires_at', '>', new Date()).count<{ n: string }[]>({ n: '*' });
  return Number(members[0]?.n ?? 0) + Number(open[0]?.n ?? 0);
}

/**
 * An operator adds a person directly (`postage-admin member add`): a person without a user gets
 * one without a password (they choose it with "forgot password"). The owner role only for an
 * account without an owner (an operator-made one).
 */
export async function addMember(db: Db, accountId: string, input: { email: string; role: string }, actor: string): Promise<Member> {
  if (!isRole(input.role)) throw new PostageError('invalid_role', 'the role is one of owner, admin, developer, viewer', 'role');
  const role = input.role;
  return db.transaction(async (trx) => {
    const user = (await findUserByEmail(trx, input.email)) ?? (await insertUser(trx, { email: input.email, passwordHash: NO_PASSWORD }));
    if (await membershipRole(trx, accountId, user.id)) throw new PostageError('already_member', `${user.email} is already a member of this account`);
    if (role === 'owner' && (await trx('memberships').where({ account_id: accountId, role: 'owner' }).first())) {
      throw new PostageError('ownership_transfer_required', 'the account already has an owner: add the person with another role, then transfer ownership');
    }
    await trx('memberships').insert({ account_id: accountId, user_id: user.id, role });
    await recordAudit(trx, { accountId, actor, action: 'member.add', details: { user_id: user.id, email: user.email, role } });
    return getMember(trx, accountId, user.id);
  });
}

/** A new person who is at once a member (the demo seed and tests: a sign-in with a known password). */
export async function insertMemberUser(db: Db, input: { accountId: string; email: string; name?: string; passwordHash: string; role?: Role }): Promise<Member> {
  return db.transaction(async (trx) => {
    const user = await insertUser(trx, { email: input.email, name: input.name ?? '', passwordHash: input.passwordHash });
    await trx('memberships').insert({ account_id: input.accountId, user_id: user.id, role: input.role ?? 'owner' });
    return getMember(trx, input.accountId, user.id);
  });
}
