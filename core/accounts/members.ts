// An account's members and their roles (core/accounts/roles.ts). The rules a role check in the
// route table cannot see, because they depend on whom the change is about, live here: nobody
// changes a role above their own, the owner is changed only by a transfer, removing a member (or
// lowering their role) ends their sessions for the account and the invitations they may no longer
// give, and removing one revokes the API keys they made unless the account keeps them (then the
// owner answers for them). Every change takes the team's lock and reads the acting member's role
// again under it (lockTeam), so changes of one account never race: a transfer and a removal of the
// same person happen one after the other, and an account never loses its owner (the database
// refuses it too: memberships_owner_kept).
import type { Knex } from 'knex';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { keyPrefix, type ApiKey } from './apiKeys';
import {
  API_KEY_ROLE,
  GRANTABLE_ROLES,
  TEAM_ADMIN_ROLE,
  isRole,
  lesserRole,
  mayStillGrant,
  roleCovers,
  type GrantableRole,
  type Role,
} from './roles';
import { dropUserAccountSessions, findUserByEmail, insertUser, NO_PASSWORD } from './users';

/** Members an account may have (invitations waiting included): a team, not a mailing list. */
export const MEMBER_LIMIT = 100;

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
  /** The person signs in with two factors (docs/teams.md, "Two-factor sign-in"). */
  twoFactorEnabled: boolean;
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
export async function membershipRole(
  db: Db | Knex.Transaction,
  accountId: string,
  userId: string,
): Promise<Role | undefined> {
  const row = await db('memberships')
    .where({ account_id: accountId, user_id: userId })
    .first<{ role: Role } | undefined>('role');
  return row?.role;
}

/**
 * The role an API key acts with: API_KEY_ROLE at most, and never above the current role of the
 * member who made it; undefined when that person is no longer a member (their keys were revoked
 * with them, or handed to the owner). A key made by an operator (no person) acts as API_KEY_ROLE.
 */
export async function keyRole(db: Db, key: Pick<ApiKey, 'accountId' | 'createdByUser'>): Promise<Role | undefined> {
  if (key.createdByUser === null) return API_KEY_ROLE;
  const makerRole = await membershipRole(db, key.accountId, key.createdByUser);
  return makerRole && lesserRole(API_KEY_ROLE, makerRole);
}

/** Changes to one account's team (members, roles, invitations) happen one at a time: each takes this lock first. */
export async function lockTeam(trx: Knex.Transaction, accountId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`team:${accountId}`]);
}

/**
 * lockTeam, then the acting member as they are now: their role is read again (it may have changed
 * since the request was authenticated) and must still cover `needed`. An operator (no person) is
 * not a member and is not checked.
 */
export async function lockTeamActing(
  trx: Knex.Transaction,
  accountId: string,
  acting: ActingMember,
  needed: Role,
): Promise<ActingMember> {
  await lockTeam(trx, accountId);
  if (!acting.userId) return acting;
  const role = await membershipRole(trx, accountId, acting.userId);
  if (!role) throw new PostageError('insufficient_role', 'you are no longer a member of this account');
  if (!roleCovers(role, needed))
    throw new PostageError(
      'insufficient_role',
      `your role in this account is now ${role}; this needs the ${needed} role or above`,
    );
  return { ...acting, role };
}

/** Revokes the open invitations `userId` sent that `role` may not give (all of them when they are no longer a member: `role` undefined). */
async function revokeInvitationsBeyond(
  trx: Knex.Transaction,
  accountId: string,
  userId: string,
  role: Role | undefined,
): Promise<void> {
  const keep = GRANTABLE_ROLES.filter((invited) => mayStillGrant(role, invited));
  const query = trx('invitations')
    .where({ account_id: accountId, invited_by: userId })
    .whereNull('accepted_at')
    .whereNull('revoked_at');
  if (keep.length > 0) query.whereNotIn('role', keep);
  await query.update({ revoked_at: trx.fn.now() });
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
    .select<
      { user_id: string; email: string; name: string; role: Role; created_at: Date; totp_enabled_at: Date | null }[]
    >('m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at', 'u.totp_enabled_at');
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    role: r.role,
    joinedAt: r.created_at,
    twoFactorEnabled: r.totp_enabled_at !== null,
  }));
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
    throw new PostageError(
      'invalid_role',
      `the role is one of ${GRANTABLE_ROLES.join(', ')} (ownership moves only by transfer)`,
      'role',
    );
  }
  return role as GrantableRole;
}

/** Nobody gives a role above their own. */
export function checkMayGrant(acting: ActingMember, role: Role): void {
  if (!roleCovers(acting.role, role))
    throw new PostageError('insufficient_role', `an ${acting.role} cannot give the ${role} role`);
}

/** The owner's role changes only by a transfer; nobody changes the role of someone above them. */
function checkMayChange(acting: ActingMember, target: Member, what: string): void {
  if (target.role === 'owner')
    throw new PostageError(
      'ownership_transfer_required',
      `the owner cannot be ${what}: transfer ownership to another member first`,
    );
  if (!roleCovers(acting.role, target.role))
    throw new PostageError(
      'insufficient_role',
      `an ${acting.role} cannot change a member whose role is ${target.role}`,
    );
}

export async function changeMemberRole(
  db: Db,
  accountId: string,
  actingAsked: ActingMember,
  userId: string,
  newRole: string,
): Promise<Member> {
  const role = checkedGrantableRole(newRole);
  return db.transaction(async (trx) => {
    const acting = await lockTeamActing(trx, accountId, actingAsked, TEAM_ADMIN_ROLE);
    const target = await getMember(trx, accountId, userId);
    checkMayChange(acting, target, 'given another role');
    checkMayGrant(acting, role);
    if (target.role === role) return target;
    await trx('memberships').where({ account_id: accountId, user_id: userId }).update({ role });
    // A lower role takes effect at once: the member's sessions for the account end, and so do the
    // invitations they may no longer give (the role is also read on every request, by sessions
    // and by the keys they made, so a raised one needs no new sign-in).
    if (!roleCovers(role, target.role)) {
      await dropUserAccountSessions(trx, userId, accountId);
      await revokeInvitationsBeyond(trx, accountId, userId, role);
    }
    await recordAudit(trx, {
      accountId,
      actor: acting.actor,
      action: 'member.role_change',
      details: { user_id: userId, email: target.email, from: target.role, to: role },
    });
    return { ...target, role };
  });
}

/**
 * Removes the member: their sessions for the account and the invitations they sent end, and the
 * API keys they made (directly or through a key of theirs) are revoked, unless `keepKeys` (then
 * the owner answers for them, and they act with the owner's role). Returns the revoked keys' prefixes.
 */
export async function removeMember(
  db: Db,
  accountId: string,
  actingAsked: ActingMember,
  userId: string,
  keepKeys: boolean,
): Promise<{ member: Member; revokedKeys: string[] }> {
  return db.transaction(async (trx) => {
    const acting = await lockTeamActing(
      trx,
      accountId,
      actingAsked,
      actingAsked.userId === userId ? 'viewer' : TEAM_ADMIN_ROLE,
    );
    const target = await getMember(trx, accountId, userId);
    checkMayChange(acting, target, 'removed');
    const revokedKeys = await dropMembership(trx, accountId, target, keepKeys);
    await recordAudit(trx, {
      accountId,
      actor: acting.actor,
      action: target.userId === acting.userId ? 'member.leave' : 'member.remove',
      details: {
        user_id: userId,
        email: target.email,
        role: target.role,
        revoked_keys: revokedKeys,
        kept_keys: keepKeys,
      },
    });
    return { member: target, revokedKeys };
  });
}

/** The member leaves; the owner must transfer ownership first. The keys they made are revoked. */
export async function leaveAccount(
  db: Db,
  accountId: string,
  acting: ActingMember,
): Promise<{ member: Member; revokedKeys: string[] }> {
  if (acting.role === 'owner')
    throw new PostageError(
      'ownership_transfer_required',
      'the owner cannot leave: transfer ownership to another member first',
    );
  return removeMember(db, accountId, acting, acting.userId, false);
}

async function dropMembership(
  trx: Knex.Transaction,
  accountId: string,
  target: Member,
  keepKeys: boolean,
): Promise<string[]> {
  await trx('memberships').where({ account_id: accountId, user_id: target.userId }).delete();
  await dropUserAccountSessions(trx, target.userId, accountId);
  await revokeInvitationsBeyond(trx, accountId, target.userId, undefined);
  const theirKeys = trx('api_keys')
    .where({ account_id: accountId, created_by_user: target.userId })
    .whereNull('revoked_at');
  if (keepKeys) {
    // The account keeps them: its owner answers for them from now on (keyRole).
    await theirKeys.update({
      created_by_user: trx('memberships').where({ account_id: accountId, role: 'owner' }).select('user_id'),
    });
    return [];
  }
  const revoked = await theirKeys.update({ revoked_at: trx.fn.now() }).returning<{ lookup_id: string }[]>('lookup_id');
  return revoked.map((r) => keyPrefix(r.lookup_id));
}

/** The owner hands the account to another member, and becomes an admin. */
export async function transferOwnership(
  db: Db,
  accountId: string,
  actingAsked: ActingMember,
  userId: string,
): Promise<Member> {
  if (actingAsked.role !== 'owner')
    throw new PostageError('insufficient_role', 'only the owner can transfer ownership');
  return db.transaction(async (trx) => {
    const acting = await lockTeamActing(trx, accountId, actingAsked, 'owner');
    const target = await getMember(trx, accountId, userId);
    if (target.userId === acting.userId) return target;
    // Demote first: one owner at a time (memberships_one_owner).
    await trx('memberships').where({ account_id: accountId, user_id: acting.userId }).update({ role: 'admin' });
    await trx('memberships').where({ account_id: accountId, user_id: userId }).update({ role: 'owner' });
    await recordAudit(trx, {
      accountId,
      actor: acting.actor,
      action: 'member.ownership_transfer',
      details: { user_id: userId, email: target.email, previous_owner: acting.userId },
    });
    return { ...target, role: 'owner' };
  });
}

/** Members and open invitations together, for MEMBER_LIMIT. */
export async function seatsTaken(db: Db | Knex.Transaction, accountId: string): Promise<number> {
  const members = await db('memberships').where({ account_id: accountId }).count<{ n: string }[]>({ n: '*' });
  const open = await db('invitations')
    .where({ account_id: accountId })
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .andWhere('expires_at', '>', new Date())
    .count<{ n: string }[]>({ n: '*' });
  return Number(members[0]?.n ?? 0) + Number(open[0]?.n ?? 0);
}

/**
 * An operator adds a person directly (`postage-admin member add`): a person without a user gets
 * one without a password (they choose it with "forgot password"). The owner role only for an
 * account without an owner (an operator-made one).
 */
export async function addMember(
  db: Db,
  accountId: string,
  input: { email: string; role: string },
  actor: string,
): Promise<Member> {
  if (!isRole(input.role))
    throw new PostageError('invalid_role', 'the role is one of owner, admin, developer, viewer', 'role');
  const role = input.role;
  return db.transaction(async (trx) => {
    await lockTeam(trx, accountId);
    const user =
      (await findUserByEmail(trx, input.email)) ??
      (await insertUser(trx, { email: input.email, passwordHash: NO_PASSWORD }));
    if (await membershipRole(trx, accountId, user.id))
      throw new PostageError('already_member', `${user.email} is already a member of this account`);
    if (role === 'owner' && (await trx('memberships').where({ account_id: accountId, role: 'owner' }).first())) {
      throw new PostageError(
        'ownership_transfer_required',
        'the account already has an owner: add the person with another role, then transfer ownership',
      );
    }
    await trx('memberships').insert({ account_id: accountId, user_id: user.id, role });
    await recordAudit(trx, {
      accountId,
      actor,
      action: 'member.add',
      details: { user_id: user.id, email: user.email, role },
    });
    return getMember(trx, accountId, user.id);
  });
}

/** A new person who is at once a member (the demo seed and tests: a sign-in with a known password). */
export async function insertMemberUser(
  db: Db,
  input: { accountId: string; email: string; name?: string; passwordHash: string; role?: Role },
): Promise<Member> {
  return db.transaction(async (trx) => {
    const user = await insertUser(trx, {
      email: input.email,
      name: input.name ?? '',
      passwordHash: input.passwordHash,
    });
    await trx('memberships').insert({ account_id: input.accountId, user_id: user.id, role: input.role ?? 'owner' });
    return getMember(trx, input.accountId, user.id);
  });
}
