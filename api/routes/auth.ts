// Sign-up, email verification, sign-in/out, the session, password reset and change
// (core/accounts/customerAuth.ts holds the rules). Sign-up and reset requests always answer 202
// with the same body, before the work that depends on whether the address has an account, so
// neither the answer nor its time reveals who has one. The anonymous endpoints that send email or
// hash a password are limited per client and in total (api/middleware/authLimits.ts).
import { Semaphore } from 'async-mutex';
import type { Request, Response } from 'express';
import { getAccount } from '../../core/accounts/accounts';
import { dashboardLinks } from '../../core/accounts/authEmails';
import {
  changePassword,
  completeSignUp,
  confirmPasswordReset,
  passwordResetAddress,
  prepareSignUp,
  requestPasswordReset,
  resendVerification,
  signIn,
  verifyEmail,
  type AuthDeps,
} from '../../core/accounts/customerAuth';
import { subscribedPlan } from '../../core/accounts/subscription';
import { accountsOf, noteAccountUsed, type AccountMembership } from '../../core/accounts/members';
import { getUser, type User } from '../../core/accounts/users';
import { twoFactorState } from '../../core/accounts/twoFactor';
import { PostageError } from '../../core/platform/errors';
import { sendSystemEmail } from '../../core/sending/systemEmail';
import type { RouteDeps } from '../http/deps';
import type { Static } from '@sinclair/typebox';
import { describeError, sendUnauthenticated } from '../http/errors';
import { ANSWERED, operation, type Answers } from '../http/operation';
import { perApp } from '../http/perApp';
import { csrfToken, endSession, startPendingSignIn, startSession, switchSessionAccount } from '../middleware/session';
import { createAuthEmailLimit, createSigninLimits } from '../middleware/authLimits';
import {
  Accepted,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  Session,
  SigninRequest,
  SignupRequest,
  SwitchAccountRequest,
  TwoFactorChallenge,
  VerifyEmailRequest,
} from '../schemas/management';

/** Largest sign-in body, in bytes. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** Sign-up and reset emails being prepared at once per process, after their 202. */
const AUTH_FOLLOW_UPS_AT_ONCE = 4;
const CHECK_INBOX = 'If the address can be used, an email is on its way to it. Check the inbox (and the spam folder).';

/** The session's answer: the person, the account it acts on with their role there, and their other accounts; undefined when they are not its member. */
export async function sessionBody(
  deps: RouteDeps,
  req: Request,
  user: User,
  accountId: string,
  known?: AccountMembership[],
): Promise<Static<typeof Session> | undefined> {
  const accounts = known ?? (await accountsOf(deps.db, user.id));
  const membership = accounts.find((a) => a.accountId === accountId);
  const [account, twoFactor] = await Promise.all([
    membership && getAccount(deps.db, accountId),
    twoFactorState(deps.db, user.id),
  ]);
  if (!membership || !account) return undefined;
  return {
    user: { id: user.id, email: user.email, name: user.name, two_factor_enabled: twoFactor.enabled },
    accounts: accounts.map((a) => ({ id: a.accountId, name: a.name, role: a.role })),
    account: {
      role: membership.role,
      id: account.id,
      name: account.name,
      email: account.email,
      is_verified: account.isVerified,
      current_plan: subscribedPlan(account) ?? '',
      sending_suspended: account.sendingSuspended,
      require_two_factor: account.requireTwoFactor,
    },
    csrf_token: csrfToken(deps.config, req.sessionID),
    two_factor_setup_required: account.requireTwoFactor && !twoFactor.enabled,
  };
}

/** What the sign-in operations keep for the life of the app (the members' operations share the mailer). */
export const authServices = perApp((deps) => {
  const emailAllowed = createAuthEmailLimit(deps.redis, deps.config);
  const auth: AuthDeps = {
    db: deps.db,
    links: dashboardLinks(deps.config.api.baseUrl),
    async mayEmail(address) {
      const allowed = await emailAllowed(address);
      if (!allowed) deps.logger.warn('system email not sent: this address had its hourly allowance');
      return allowed;
    },
    mail: async (email) => void (await sendSystemEmail(deps, email)),
  };
  // The work after a 202: a failure does not change the answer (that would reveal the account);
  // it is logged, and the user can ask again. A few at a time, so a flood of sign-ups cannot take
  // the database pool from signed-in users and sign-ins.
  const followUps = new Semaphore(AUTH_FOLLOW_UPS_AT_ONCE);
  const afterAnswer = (what: string, work: () => Promise<void>) =>
    void followUps
      .runExclusive(work)
      .catch((err: unknown) => deps.logger.error({ cause: describeError(err) }, `${what}: not completed`));
  return { auth, afterAnswer, signinLimits: createSigninLimits(deps.redis, deps.config) };
});

/** The 404 every `caller` operation documents, described for those only a signed-in person can use. */
const onlyUsers = (detail: string): Answers => ({ 404: detail });

/**
 * A sign-in completed (a password, a second factor, a passkey): a new session acting on the account
 * used last (first of `accounts`), and the session's answer.
 */
export async function openSession(
  deps: RouteDeps,
  req: Request,
  res: Response,
  user: User,
  accounts: [AccountMembership, ...AccountMembership[]],
): Promise<Static<typeof Session> | typeof ANSWERED> {
  // The account used last is already first: nothing to note.
  await startSession(req, user, accounts[0].accountId);
  res.locals.outcome = 'signed_in';
  return signedIn(deps, req, res, user, accounts[0].accountId, accounts);
}

/** The signed-in person of a session-only operation (a key is answered 404, as `what` is a person's). */
export async function signedInPerson(deps: RouteDeps, userId: string | undefined, what: string): Promise<User> {
  const user = userId ? await getUser(deps.db, userId) : undefined;
  if (!user) throw new PostageError('member_not_found', `Only a signed-in person has ${what}.`);
  return user;
}

/** The session's answer; a 401 when its account is gone or the person is no longer its member. */
export async function signedIn(
  deps: RouteDeps,
  req: Request,
  res: Response,
  user: User,
  accountId: string,
  known?: AccountMembership[],
): Promise<Static<typeof Session> | typeof ANSWERED> {
  const answer = await sessionBody(deps, req, user, accountId, known);
  if (answer) return answer;
  sendUnauthenticated(res, 'This account no longer exists, or you are no longer its member.');
  return ANSWERED;
}

export const authOperations = [
  operation({
    method: 'post',
    path: '/api/auth/signup',
    summary: 'Create an account and its user; sends a verification email. Always 202 with the same body.',
    who: 'anyone',
    limit: 'signup',
    body: SignupRequest,
    ok: [202, Accepted, 'Accepted (whether or not the address already had an account).'],
    async handler({ deps, res, body }) {
      const request = await prepareSignUp(body);
      res.locals.outcome = 'signup_accepted';
      res.status(202).json({ success: true, detail: CHECK_INBOX });
      const { auth, afterAnswer } = authServices(deps);
      afterAnswer('sign-up', () => completeSignUp(auth, request));
      return ANSWERED;
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/verify-email',
    summary: 'Verify the account email with the token from the verification link.',
    who: 'anyone',
    limit: 'tokenCheck',
    body: VerifyEmailRequest,
    ok: [200, Accepted, 'Verified.'],
    async handler({ deps, res, body }) {
      await verifyEmail(deps.db, body.token);
      res.locals.outcome = 'email_verified';
      return { success: true as const, detail: 'Your email address is verified.' };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/verify-email/resend',
    summary: 'Send a new verification link (signed-in users whose address is unverified).',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [202, Accepted, 'Sent if the address is still unverified.'],
    more: onlyUsers('Called with an API key: only a signed-in user has an address to verify.'),
    async handler({ deps, res, caller, refuse }) {
      const user = caller.userId ? await getUser(deps.db, caller.userId) : undefined;
      if (!user) return refuse('not_found', 'Only a signed-in user can ask for a new verification email.');
      const account = await getAccount(deps.db, caller.accountId);
      res.status(202).json({ success: true, detail: CHECK_INBOX });
      const { auth, afterAnswer } = authServices(deps);
      // The account's address is verified by the person who signed up with it.
      if (account && !account.isVerified && account.email === user.email)
        afterAnswer('verification email', () => resendVerification(auth, user));
      return ANSWERED;
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/signin',
    summary: 'Sign in: starts a new session (HttpOnly cookie `postage_session`) and answers with the CSRF token.',
    who: 'anyone',
    body: SigninRequest,
    ok: [200, Session, 'Signed in.'],
    more: {
      202: [
        TwoFactorChallenge,
        'The password is right and the person signs in with two factors: the session cookie now waits (5 minutes) for POST /api/auth/signin/two-factor.',
      ],
      401: ['PlainError', 'The address or the password is wrong (which one is not said).'],
      403: [{ codes: ['no_account'] }, 'The person is no longer a member of any account.'],
      429: [
        { codes: ['too_many_attempts'] },
        'Too many failed sign-ins for the address from this client, for the address from all clients, or from this client (Retry-After).',
      ],
    },
    async handler({ deps, req, res, body, refuse }) {
      // Reserved before the password is checked, so parallel guesses cannot pass the limit.
      const attempt = await authServices(deps).signinLimits.attempt(body.email, req.ip);
      if (attempt.wait !== undefined) {
        return refuse(
          'too_many_attempts',
          `Too many failed sign-ins; try again in ${Math.ceil(attempt.wait / 60)} minute(s), or reset the password.`,
          { retryAfter: attempt.wait },
        );
      }
      const user = await signIn(deps.db, body);
      await attempt.settle(user !== undefined);
      if (!user) {
        res.locals.outcome = 'signin_failed';
        sendUnauthenticated(res, 'The email address or the password is not correct.');
        return ANSWERED;
      }
      // The account used last; a person removed from every account has none to open.
      const accounts = await accountsOf(deps.db, user.id);
      const [account] = accounts;
      if (!account)
        return refuse(
          'no_account',
          'You are no longer a member of any account. Ask an admin to invite you again, or sign up with another address.',
        );
      // The password is one factor of two: the session waits for the second (api/routes/twoFactor.ts).
      if ((await twoFactorState(deps.db, user.id)).enabled) {
        await startPendingSignIn(req, user);
        res.locals.outcome = 'two_factor_required';
        res.status(202).json({
          success: true,
          two_factor_required: true,
          detail:
            'Enter the code from your authenticator app, or a recovery code, at POST /api/auth/signin/two-factor.',
        });
        return ANSWERED;
      }
      return openSession(deps, req, res, user, [account, ...accounts.slice(1)]);
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/signout',
    summary: 'End this session.',
    beforeTwoFactor: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, Accepted, 'Signed out.'],
    async handler({ req, res, caller }) {
      if (caller.userId) await endSession(req, res);
      res.locals.outcome = 'signed_out';
      return { success: true as const, detail: 'Signed out.' };
    },
  }),
  operation({
    method: 'get',
    path: '/api/auth/session',
    summary: 'The signed-in user, the account and the CSRF token.',
    who: 'anyone',
    ok: [200, Session, 'Signed in.'],
    more: { 401: ['PlainError', 'Not signed in.'] },
    async handler({ deps, req, res }) {
      const user = req.session?.userId ? await getUser(deps.db, req.session.userId) : undefined;
      const answer =
        user && req.session.accountId ? await sessionBody(deps, req, user, req.session.accountId) : undefined;
      if (answer) return answer;
      sendUnauthenticated(res, 'Not signed in.');
      return ANSWERED;
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/password-reset',
    summary: 'Email a password-reset link (valid 1 hour). Always 202 with the same body.',
    who: 'anyone',
    limit: 'passwordReset',
    body: PasswordResetRequest,
    ok: [202, Accepted, 'Accepted.'],
    async handler({ deps, res, body }) {
      const email = passwordResetAddress(body);
      res.status(202).json({ success: true, detail: CHECK_INBOX });
      const { auth, afterAnswer } = authServices(deps);
      afterAnswer('password reset request', () => requestPasswordReset(auth, email));
      return ANSWERED;
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    summary: 'Set a new password with the reset token; signs the user out everywhere.',
    who: 'anyone',
    limit: 'tokenCheck',
    body: PasswordResetConfirmRequest,
    ok: [200, Accepted, 'Password changed.'],
    async handler({ deps, res, body }) {
      const user = await confirmPasswordReset(deps.db, body);
      // The 429 of sign-in tells a locked-out user to reset: a reset unlocks the address.
      await authServices(deps).signinLimits.forgetAddress(user.email);
      res.locals.outcome = 'password_reset';
      return {
        success: true as const,
        detail: 'Your password is changed and every session is signed out; sign in with the new password.',
      };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/password',
    summary: 'Change the password (signed-in users); ends every session and starts a new one.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: PasswordChangeRequest,
    ok: [200, Session, 'Changed; the new session.'],
    more: onlyUsers('Called with an API key.'),
    async handler({ deps, req, res, caller, body, refuse }) {
      const user = caller.userId ? await getUser(deps.db, caller.userId) : undefined;
      if (!user) return refuse('not_found', 'Only a signed-in user can change the password.');
      await changePassword(deps.db, user, { currentPassword: body.current_password, newPassword: body.new_password });
      // Every session ended, this one included: continue in a new one.
      await startSession(req, user, caller.accountId);
      return signedIn(deps, req, res, user, caller.accountId);
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/session/account',
    summary: 'Act on another of the person’s accounts from now on (the account switcher); same session and CSRF token.',
    sessionOnly: true,
    beforeTwoFactor: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: SwitchAccountRequest,
    ok: [200, Session, 'The session, acting on that account.'],
    more: onlyUsers('Called with an API key, or an account the person is not a member of.'),
    async handler({ deps, req, res, caller, body, refuse }) {
      const user = caller.userId ? await getUser(deps.db, caller.userId) : undefined;
      const target = user
        ? (await accountsOf(deps.db, user.id)).find((a) => a.accountId === body.account_id)
        : undefined;
      if (!user || !target)
        return refuse(
          'not_found',
          user ? 'You are not a member of that account.' : 'Only a signed-in user has accounts to switch between.',
        );
      await switchSessionAccount(req, target.accountId);
      await noteAccountUsed(deps.db, target.accountId, user.id);
      res.locals.outcome = 'account_switched';
      return signedIn(deps, req, res, user, target.accountId);
    },
  }),
];
