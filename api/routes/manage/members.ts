// The team: members and their roles, invitations, leaving, ownership transfer. Who may call each
// operation is its `role` in the route table; the rules that depend on whom a change is about
// (nobody above their own role, the owner only by transfer) are core/accounts/members.ts's. A key
// acts as a developer, so no key reaches the members' changes.
import type { Static } from '@sinclair/typebox';
import { describeActors, type ActorView } from '../../../core/accounts/actors';
import {
  inviteMember,
  listInvitations,
  revokeInvitation,
  type Invitation as CoreInvitation,
} from '../../../core/accounts/invitations';
import {
  changeMemberRole,
  leaveAccount,
  listMembers,
  removeMember,
  transferOwnership,
  type ActingMember,
  type Member as CoreMember,
} from '../../../core/accounts/members';
import type { Caller } from '../../http/locals';
import { operation, type Answers } from '../../http/operation';
import { perApp } from '../../http/perApp';
import { createInvitationLimit, INVITATIONS_PER_ACCOUNT_PER_HOUR } from '../../middleware/authLimits';
import {
  Deleted,
  Invitation,
  InvitationList,
  InvitationRequest,
  Member,
  MemberList,
  MemberRoleRequest,
  RemovedMember,
  TransferOwnershipRequest,
} from '../../schemas/management';
import { authServices } from '../auth';
import { choice, queryParameters } from '../../schemas/queryParameters';

const presentMember = (m: CoreMember): Static<typeof Member> => ({
  user_id: m.userId,
  email: m.email,
  name: m.name,
  role: m.role,
  joined_at: m.joinedAt.toISOString(),
  two_factor_enabled: m.twoFactorEnabled,
});

function presentInvitation(i: CoreInvitation, actors: ReadonlyMap<string, ActorView>): Static<typeof Invitation> {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    invited_by: actors.get(i.invitedBy.actor) ?? { type: 'system', id: i.invitedBy.actor, name: null, email: null },
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}

/** The person acting; the route table lets only sessions reach these operations' changes (a key is a developer). */
const acting = (caller: Caller): ActingMember => ({
  userId: caller.userId ?? '',
  role: caller.role,
  actor: caller.actor,
});

const invitationLimit = perApp((deps) => createInvitationLimit(deps.redis, deps.config));

const roleRules: Answers = {
  403: 'The role does not allow this, or the change would give a role above the caller’s own (and the key and session rules of every operation).',
  409: [{ codes: ['ownership_transfer_required'] }, 'The member is the owner: transfer ownership first.'],
};

export const memberOperations = [
  operation({
    method: 'get',
    path: '/api/members',
    summary: 'The account’s members and their roles, the earliest first.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, MemberList, 'The members.'],
    async handler({ deps, caller }) {
      return { members: (await listMembers(deps.db, caller.accountId)).map(presentMember) };
    },
  }),
  operation({
    method: 'patch',
    path: '/api/members/{user_id}',
    summary:
      'Change a member’s role (not above your own; not the owner’s). A lower role ends the member’s sessions for this account and the invitations they may no longer give; the API keys they made act with at most their new role.',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    body: MemberRoleRequest,
    ok: [200, Member, 'The member with the new role.'],
    more: roleRules,
    async handler({ deps, res, caller, body, params }) {
      const member = await changeMemberRole(deps.db, caller.accountId, acting(caller), params.user_id, body.role);
      res.locals.outcome = 'member_role_changed';
      return presentMember(member);
    },
  }),
  operation({
    method: 'delete',
    path: '/api/members/{user_id}',
    summary:
      'Remove a member: their sessions for this account and the invitations they sent end at once, and the API keys they made are revoked unless `keep_keys=true` (then the owner answers for them). The owner cannot be removed.',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    query: queryParameters({
      keep_keys: choice(
        ['true', 'false'] as const,
        'true: the account keeps the API keys the member made, and they act with the owner’s role from now on (default false: they are revoked).',
      ),
    }),
    ok: [200, RemovedMember, 'Removed.'],
    more: roleRules,
    async handler({ deps, res, caller, params, query }) {
      const removed = await removeMember(
        deps.db,
        caller.accountId,
        acting(caller),
        params.user_id,
        query.keep_keys === 'true',
      );
      res.locals.outcome = 'member_removed';
      return { member: presentMember(removed.member), revoked_keys: removed.revokedKeys };
    },
  }),
  operation({
    method: 'post',
    path: '/api/account/leave',
    summary:
      'Leave this account: your sessions for it end and the API keys you made are revoked. The owner transfers ownership first.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, RemovedMember, 'Left.'],
    more: { 404: 'Called with an API key: only a person leaves.', 409: roleRules[409]! },
    async handler({ deps, res, caller, refuse }) {
      if (!caller.userId) return refuse('not_found', 'Only a signed-in member can leave an account.');
      const left = await leaveAccount(deps.db, caller.accountId, acting(caller));
      res.locals.outcome = 'member_left';
      return { member: presentMember(left.member), revoked_keys: left.revokedKeys };
    },
  }),
  operation({
    method: 'post',
    path: '/api/account/transfer-ownership',
    summary: 'Make another member the owner; the owner becomes an admin.',
    who: 'caller',
    role: 'owner',
    scopedKey: 'account_wide',
    body: TransferOwnershipRequest,
    ok: [200, Member, 'The new owner.'],
    more: { 403: roleRules[403]! },
    async handler({ deps, res, caller, body }) {
      const owner = await transferOwnership(deps.db, caller.accountId, acting(caller), body.user_id);
      res.locals.outcome = 'ownership_transferred';
      return presentMember(owner);
    },
  }),
  operation({
    method: 'get',
    path: '/api/invitations',
    summary: 'The open invitations (not accepted, revoked or expired), newest first.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, InvitationList, 'The open invitations.'],
    async handler({ deps, caller }) {
      const invitations = await listInvitations(deps.db, caller.accountId);
      const actors = await describeActors(
        deps.db,
        caller.accountId,
        invitations.map((i) => i.invitedBy.actor),
      );
      return { invitations: invitations.map((i) => presentInvitation(i, actors)) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/invitations',
    summary:
      'Invite an address with a role (not above your own). The email carries a link that works once, for 72 hours; inviting the address again replaces it. The account’s address must be verified; at most 20 invitations an hour and 100 members and open invitations.',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    body: InvitationRequest,
    ok: [201, Invitation, 'Invited (the email goes within the address’s hourly allowance of Postage’s emails).'],
    more: {
      403: [
        { codes: ['insufficient_role', 'unauthorized'] },
        'The role does not allow this, the invitation’s role is above the caller’s own, or (`unauthorized`) the account’s address is not verified (and the key and session rules of every operation).',
      ],
      409: [{ codes: ['already_member'] }, 'The address is already a member.'],
      429: [
        { codes: ['too_many_requests'] },
        'Too many invitations this hour (Retry-After), or members and open invitations together at the limit of 100.',
      ],
    },
    async handler({ deps, res, caller, body, refuse }) {
      const wait = await invitationLimit(deps)(caller.accountId);
      if (wait !== undefined) {
        return refuse(
          'too_many_requests',
          `This account sent ${INVITATIONS_PER_ACCOUNT_PER_HOUR} invitations in the last hour; try again after the Retry-After delay.`,
          { retryAfter: wait },
        );
      }
      const { auth } = authServices(deps);
      const invitation = await inviteMember(
        { db: deps.db, mayEmail: auth.mayEmail, mail: auth.mail, links: auth.links },
        caller.accountId,
        acting(caller),
        body,
      );
      res.locals.outcome = 'member_invited';
      return presentInvitation(
        invitation,
        await describeActors(deps.db, caller.accountId, [invitation.invitedBy.actor]),
      );
    },
  }),
  operation({
    method: 'delete',
    path: '/api/invitations/{id}',
    summary: 'Revoke an open invitation: its link stops working.',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    ok: [200, Deleted, 'Revoked.'],
    async handler({ deps, res, caller, params }) {
      await revokeInvitation(deps.db, caller.accountId, params.id, caller.actor);
      res.locals.outcome = 'invitation_revoked';
      return { success: true as const, warnings: [] };
    },
  }),
];
