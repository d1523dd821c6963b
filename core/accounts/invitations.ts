// Invitations to join an account: an admin or the owner invites an address with a role; the email
// (sent through Postage's own pipeline, within the address's hourly allowance like sign-up's
// emails) carries a single-use token valid for 72 hours, stored only as its SHA-256 hash. The
// invited person accepts signed in as that address, or, without a user yet, by choosing a
// password (the link proves the inbox). Inviting an address again replaces its open invitation.
// An invitation is only as good as its sender: it is revoked when they are removed or lose the
// right to give its role, and accepting checks again that they still may (mayStillGrant).
import type { Knex } from 'knex';
import { getAccount } from './accounts';
import { invitationEmail, type AuthLinks } from './authEmails';
import { checkedEmail, checkedPassword, type SystemMailer } from './customerAuth';
import {
  checkedGrantableRole,
  checkMayGrant,
  lockTeam,
  lockTeamActing,
  MEMBER_LIMIT,
  membershipRole,
  seatsTaken,
  type ActingMember,
} from './members';
import { hashPassword } from './passwords';
import { mayStillGrant, TEAM_ADMIN_ROLE, type GrantableRole, type Role } from './roles';
import { findUserByEmail, getUser, insertUser, type User } from './users';
import { recordAudit } from '../platform/audit';
import { randomToken, sha256 } from '../platform/crypto';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';

export const INVITATION_LIFETIME_HOURS = 72;

export interface Invitation {
  id: string;
  email: string;
  role: GrantableRole;
  invitedBy: { userId: string | null; email: string | null; name: string | null; actor: string };
  createdAt: Date;
  expiresAt: Date;
}

interface InvitationRow {
  id: string;
  account_id: string;
  email: string;
  role: GrantableRole;
  invited_by: string | null;
  invited_by_actor: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export interface InvitationDeps {
  db: Db;
  /** Whether one more email may go to this address now (the sign-up emails' hourly allowance). */
  mayEmail(address: string): Promise<boolean>;
  mail: SystemMailer;
  links: AuthLinks;
}

const INVALID_INVITATION = 'This invitation link is invalid, used, revoked or expired; ask for a new one.';
const invalidInvitation = () => new PostageError('invalid_token', INVALID_INVITATION, 'token');

function openInvitations(db: Db | Knex.Transaction, now: Date) {
  return db('invitations').whereNull('accepted_at').whereNull('revoked_at').andWhere('expires_at', '>', now);
}

/**
 * Invites `email` with `role`; returns the invitation (its token only goes out in the email). The
 * account must have a verified address, the role may not be above the inviter's, the address may
 * not be a member already, and members plus open invitations stay within MEMBER_LIMIT.
 */
export async function inviteMember(
  deps: InvitationDeps,
  accountId: string,
  actingAsked: ActingMember,
  input: { email: string; role: string },
  now = new Date(),
): Promise<Invitation> {
  const email = checkedEmail(input.email);
  const role = checkedGrantableRole(input.role);
  checkMayGrant(actingAsked, role);
  const account = await getAccount(deps.db, accountId);
  if (!account) throw new PostageError('account_not_found', accountId);
  if (!account.isVerified)
    throw new PostageError('account_not_verified', "Verify the account's email address before inviting anyone.");
  const token = randomToken(32);
  const invitation = await deps.db.transaction(async (trx) => {
    // One team change at a time per account: the member limit and the open-invitation index hold
    // under concurrent invites, and an inviter removed or demoted meanwhile invites nobody.
    const acting = await lockTeamActing(trx, accountId, actingAsked, TEAM_ADMIN_ROLE);
    checkMayGrant(acting, role);
    const existing = await findUserByEmail(trx, email);
    if (existing && (await membershipRole(trx, accountId, existing.id)))
      throw new PostageError('already_member', `${email} is already a member of this account`);
    const replaced = await openInvitations(trx, now)
      .where({ account_id: accountId, email })
      .update({ revoked_at: now })
      .returning('id');
    if (replaced.length === 0 && (await seatsTaken(trx, accountId)) >= MEMBER_LIMIT) {
      throw new PostageError(
        'too_many_invitations',
        `An account has at most ${MEMBER_LIMIT} members and open invitations together.`,
      );
    }
    const [row] = await trx<InvitationRow>('invitations')
      .insert({
        account_id: accountId,
        email,
        role,
        token_hash: sha256(token),
        invited_by: acting.userId,
        invited_by_actor: acting.actor,
        created_at: now,
        expires_at: new Date(now.getTime() + INVITATION_LIFETIME_HOURS * 3_600_000),
      } as Partial<InvitationRow>)
      .returning('*');
    await recordAudit(trx, {
      accountId,
      actor: acting.actor,
      action: 'member.invite',
      details: { invitation_id: row!.id, email, role },
    });
    return row!;
  });
  const inviter = await getUser(deps.db, actingAsked.userId);
  // Like sign-up's emails: past the address's hourly allowance nothing is sent (the invitation
  // stays listed; inviting again later sends a new link).
  if (await deps.mayEmail(email)) {
    try {
      await deps.mail(
        invitationEmail(email, {
          accountName: account.name,
          invitedBy: inviter ? (inviter.name ? `${inviter.name} (${inviter.email})` : inviter.email) : 'A member',
          role,
          link: deps.links.acceptInvitation(token),
          hours: INVITATION_LIFETIME_HOURS,
          requireTwoFactor: account.requireTwoFactor,
        }),
      );
    } catch (err) {
      await deps.db('invitations').where({ id: invitation.id }).update({ revoked_at: new Date() });
      throw err;
    }
  }
  return toInvitation({ ...invitation, inviter_email: inviter?.email ?? null, inviter_name: inviter?.name ?? null });
}

type InvitationWithInviter = InvitationRow & { inviter_email: string | null; inviter_name: string | null };

const toInvitation = (r: InvitationWithInviter): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  invitedBy: { userId: r.invited_by, email: r.inviter_email, name: r.inviter_name, actor: r.invited_by_actor },
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

/** The account's open invitations, newest first. */
export async function listInvitations(db: Db, accountId: string, now = new Date()): Promise<Invitation[]> {
  const rows = await openInvitations(db, now)
    .where({ 'invitations.account_id': accountId })
    .leftJoin('users as u', 'u.id', 'invitations.invited_by')
    .orderBy([
      { column: 'invitations.created_at', order: 'desc' },
      { column: 'invitations.id', order: 'desc' },
    ])
    .select<InvitationWithInviter[]>('invitations.*', 'u.email as inviter_email', 'u.name as inviter_name');
  return rows.map(toInvitation);
}

export async function revokeInvitation(
  db: Db,
  accountId: string,
  id: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  const [row] = isUuid(id)
    ? await openInvitations(db, now)
        .where({ account_id: accountId, id })
        .update({ revoked_at: now })
        .returning<{ email: string }[]>('email')
    : [];
  if (!row) throw new PostageError('invitation_not_found', `no open invitation ${id}`);
  await recordAudit(db, {
    accountId,
    actor,
    action: 'member.invitation_revoke',
    details: { invitation_id: id, email: row.email },
  });
}

async function openInvitationByToken(
  db: Db | Knex.Transaction,
  token: string,
  now: Date,
  lock = false,
): Promise<InvitationRow> {
  if (token.length === 0 || token.length > 200) throw invalidInvitation();
  const query = openInvitations(db, now).where({ token_hash: sha256(token) });
  const row = await (lock ? query.forUpdate() : query).first();
  if (!row) throw invalidInvitation();
  return row;
}

export interface InvitationPreview {
  accountName: string;
  email: string;
  role: GrantableRole;
  invitedBy: string | null;
  expiresAt: Date;
  /** Whether the invited address already has a user: sign in to accept; otherwise choose a password. */
  hasUser: boolean;
  /** The account requires two-factor sign-in (docs/teams.md, "Two-factor sign-in"). */
  requireTwoFactor: boolean;
}

/** What the accept page shows for a token (whoever holds the link reached the invited inbox). */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationPreview> {
  const row = await openInvitationByToken(db, token, now);
  const account = await getAccount(db, row.account_id);
  const inviter = row.invited_by ? await getUser(db, row.invited_by) : undefined;
  return {
    accountName: account?.name ?? '',
    email: row.email,
    role: row.role,
    invitedBy: inviter ? inviter.name || inviter.email : null,
    expiresAt: row.expires_at,
    hasUser: (await findUserByEmail(db, row.email)) !== undefined,
    requireTwoFactor: account?.requireTwoFactor ?? false,
  };
}

/**
 * Accepts the invitation once. `signedInUserId`: the person whose session made the request. An
 * address that has a user must be signed in as that user; one without must not be signed in as
 * anybody else and chooses a password (and a name) here. Returns the member and the account.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password?: string | undefined; name?: string | undefined },
  signedInUserId: string | undefined,
  now = new Date(),
): Promise<{ user: User; accountId: string; role: Role }> {
  // Cheap checks first: a made-up token costs a read, not a password hash.
  const preview = await openInvitationByToken(db, input.token, now);
  const invited = await findUserByEmail(db, preview.email);
  if ((invited && signedInUserId !== invited.id) || (!invited && signedInUserId !== undefined)) {
    throw new PostageError(
      'invitation_wrong_user',
      `This invitation is for ${preview.email}: ${invited ? 'sign in as that address' : 'sign out, then open the link again'} to accept it.`,
    );
  }
  let passwordHash: string | undefined;
  if (!invited) {
    if (input.password === undefined)
      throw new PostageError('invalid_password', 'Choose a password for your new sign-in.', 'password');
    passwordHash = await hashPassword(checkedPassword(input.password));
  }
  const name = (input.name ?? '').trim();
  if (name.length > 100) throw new PostageError('invalid_name', 'Use at most 100 characters.', 'name');
  return db.transaction(async (trx) => {
    await lockTeam(trx, preview.account_id);
    const row = await openInvitationByToken(trx, input.token, now, true);
    // Only as good as its sender: still a member who may give this role (removal and demotion
    // revoke what they may no longer give; this holds for anything made before that rule).
    if (!row.invited_by || !mayStillGrant(await membershipRole(trx, row.account_id, row.invited_by), row.role)) {
      throw new PostageError(
        'invalid_token',
        'This invitation is no longer valid: the member who sent it may no longer give this role. Ask for a new one.',
        'token',
      );
    }
    // A user made for the address meanwhile (a sign-up) chose a password this request did not prove: sign in as them instead.
    if (!invited && (await findUserByEmail(trx, row.email)))
      throw new PostageError(
        'invitation_wrong_user',
        `This invitation is for ${row.email}, which now has a sign-in: sign in as that address to accept it.`,
      );
    const user = invited ?? (await insertUser(trx, { email: row.email, name, passwordHash: passwordHash! }));
    await trx('invitations').where({ id: row.id }).update({ accepted_at: now });
    const current = await membershipRole(trx, row.account_id, user.id);
    if (current) return { user, accountId: row.account_id, role: current };
    await trx('memberships').insert({
      account_id: row.account_id,
      user_id: user.id,
      role: row.role,
      last_used_at: now,
    });
    await recordAudit(trx, {
      accountId: row.account_id,
      actor: `user:${user.id}`,
      action: 'member.join',
      details: { invitation_id: row.id, email: user.email, role: row.role },
    });
    return { user, accountId: row.account_id, role: row.role };
  });
}
