// The invited person's side: what an invitation link offers, and accepting it. Anonymous (the
// link's token is the credential), limited like the other token checks; accepting while signed in
// acts with that session, so it needs the session's CSRF token like any change.
import { acceptInvitation, previewInvitation } from '../../core/accounts/invitations';
import { noteAccountUsed } from '../../core/accounts/members';
import { operation, type Answers } from '../http/operation';
import { hasValidCsrfToken, startSession } from '../middleware/session';
import { AcceptInvitationRequest, InvitationPreview, InvitationTokenRequest, Session } from '../schemas/management';
import { signedIn } from './auth';

/** The anonymous limit's 429 (its `limit`), described for token checks. */
const tokenLimit = {
  429: 'Too many token checks from this client, or from everyone, this hour (Retry-After).',
} as const satisfies Answers;

export const invitationOperations = [
  operation({
    method: 'post',
    path: '/api/auth/invitation/lookup',
    summary:
      'What an invitation link offers: the account, the role, the invited address, and whether that address already has a sign-in.',
    who: 'anyone',
    limit: 'tokenCheck',
    body: InvitationTokenRequest,
    ok: [200, InvitationPreview, 'The open invitation.'],
    more: { ...tokenLimit },
    async handler({ deps, body }) {
      const p = await previewInvitation(deps.db, body.token);
      return {
        account_name: p.accountName,
        email: p.email,
        role: p.role,
        invited_by: p.invitedBy,
        expires_at: p.expiresAt.toISOString(),
        has_user: p.hasUser,
        require_two_factor: p.requireTwoFactor,
      };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/invitation/accept',
    summary:
      'Accept an invitation (once, within 72 hours): signed in as the invited address, or, when that address has no sign-in yet, with a new `password` (and `name`). Starts a session acting on the account.',
    who: 'anyone',
    limit: 'tokenCheck',
    body: AcceptInvitationRequest,
    ok: [200, Session, 'Joined; the session acts on the account.'],
    more: {
      ...tokenLimit,
      403: [
        { codes: ['invitation_wrong_user', 'csrf_token_invalid'] },
        'Signed in as someone other than the invited address, or signed in without sending the CSRF token.',
      ],
    },
    async handler({ deps, req, res, body, refuse }) {
      const signedInUserId = req.session?.userId;
      if (signedInUserId && !hasValidCsrfToken(deps.config, req))
        return refuse(
          'csrf_token_invalid',
          'Signed in: send the csrf_token of GET /api/auth/session as the X-CSRF-Token header.',
        );
      const joined = await acceptInvitation(deps.db, body, signedInUserId);
      await startSession(req, joined.user, joined.accountId);
      await noteAccountUsed(deps.db, joined.accountId, joined.user.id);
      res.locals.outcome = 'invitation_accepted';
      return signedIn(deps, req, res, joined.user, joined.accountId);
    },
  }),
];
