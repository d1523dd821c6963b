// Sign-up, email verification, sign-in/out, the session, password reset and change
// (core/accounts/customerAuth.ts holds the rules). Sign-up and reset requests always answer 202
// with the same body, before the work that depends on whether the address has an account, so
// neither the answer nor its time reveals who has one. The anonymous endpoints that send email or
// hash a password are limited per client and in total (api/middleware/authLimits.ts).
import { Semaphore } from 'async-mutex';
import { Router, type Request, type Response } from 'express';
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
import { getUser, type User } from '../../core/accounts/users';
import { sendSystemEmail } from '../../core/sending/systemEmail';
import type { RouteDeps } from '../http/deps';
import { describeError, sendError, sendUnauthenticated } from '../http/errors';
import { jsonBody } from '../middleware/jsonBody';
import { requireCaller } from '../middleware/caller';
import { handled } from '../http/handled';
import { validBody } from '../http/requestBody';
import { csrfToken, endSession, startSession } from '../middleware/session';
import { anonymousLimit, createAuthEmailLimit, createSigninLimits } from '../middleware/authLimits';

const AUTH_BODY_LIMIT = 16 * 1024;
/** Sign-up and reset emails being prepared at once per process, after their 202. */
const AUTH_FOLLOW_UPS_AT_ONCE = 4;
const CHECK_INBOX = 'If the address can be used, an email is on its way to it. Check the inbox (and the spam folder).';

async function sessionBody(deps: RouteDeps, req: Request, user: User) {
  const account = await getAccount(deps.db, user.accountId);
  if (!account) return undefined;
  return {
    user: { id: user.id, email: user.email },
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      is_verified: account.isVerified,
      current_plan: subscribedPlan(account) ?? '',
      sending_suspended: account.sendingSuspended,
    },
    csrf_token: csrfToken(deps.config, req.sessionID),
  };
}

export function authRoute(deps: RouteDeps): Router {
  const router = Router();
  const body = jsonBody(AUTH_BODY_LIMIT);
  const limits = createSigninLimits(deps.redis, deps.config);
  const caller = requireCaller(deps);
  const emailAllowed = createAuthEmailLimit(deps.redis, deps.config);
  const limited = (operation: Parameters<typeof anonymousLimit>[2]) => anonymousLimit(deps.redis, deps.config, operation);
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
    void followUps.runExclusive(work).catch((err: unknown) => deps.logger.error({ cause: describeError(err) }, `${what}: not completed`));

  router.post(
    '/api/auth/signup',
    limited('signup'),
    body,
    handled(async (req, res) => {
      const input = validBody<{ email: string; password: string; name?: string }>('SignupRequest', req, res);
      if (!input) return;
      const request = await prepareSignUp(input);
      res.locals.outcome = 'signup_accepted';
      res.status(202).json({ success: true, detail: CHECK_INBOX });
      afterAnswer('sign-up', () => completeSignUp(auth, request));
    }),
  );

  router.post(
    '/api/auth/verify-email',
    limited('tokenCheck'),
    body,
    handled(async (req, res) => {
      const input = validBody<{ token: string }>('VerifyEmailRequest', req, res);
      if (!input) return;
      await verifyEmail(deps.db, input.token);
      res.locals.outcome = 'email_verified';
      res.json({ success: true, detail: 'Your email address is verified.' });
    }),
  );

  router.post(
    '/api/auth/verify-email/resend',
    caller,
    handled(async (_req, res) => {
      const user = res.locals.caller?.userId ? await getUser(deps.db, res.locals.caller.userId) : undefined;
      if (!user) return sendError(res, { code: 'not_found', detail: 'Only a signed-in user can ask for a new verification email.' });
      const account = await getAccount(deps.db, user.accountId);
      res.status(202).json({ success: true, detail: CHECK_INBOX });
      if (account && !account.isVerified) afterAnswer('verification email', () => resendVerification(auth, user));
    }),
  );

  router.post(
    '/api/auth/signin',
    body,
    handled(async (req, res) => {
      const input = validBody<{ email: string; password: string }>('SigninRequest', req, res);
      if (!input) return;
      // Reserved before the password is checked, so parallel guesses cannot pass the limit.
      const attempt = await limits.attempt(input.email, req.ip);
      if (attempt.wait !== undefined) {
        res.locals.outcome = 'too_many_attempts';
        res.set('Retry-After', String(attempt.wait));
        return sendError(res, { code: 'too_many_attempts', detail: `Too many failed sign-ins; try again in ${Math.ceil(attempt.wait / 60)} minute(s), or reset the password.` });
      }
      const user = await signIn(deps.db, input);
      await attempt.settle(user !== undefined);
      if (!user) {
        res.locals.outcome = 'signin_failed';
        return sendUnauthenticated(res, 'The email address or the password is not correct.');
      }
      await startSession(req, user);
      res.locals.outcome = 'signed_in';
      res.json(await sessionBody(deps, req, user));
    }),
  );

  router.post(
    '/api/auth/signout',
    caller,
    handled(async (req, res) => {
      if (res.locals.caller?.userId) await endSession(req, res);
      res.locals.outcome = 'signed_out';
      res.json({ success: true, detail: 'Signed out.' });
    }),
  );

  router.get(
    '/api/auth/session',
    handled(async (req, res) => {
      const user = req.session?.userId ? await getUser(deps.db, req.session.userId) : undefined;
      const answer = user && (await sessionBody(deps, req, user));
      if (!answer) return sendUnauthenticated(res, 'Not signed in.');
      res.json(answer);
    }),
  );

  router.post(
    '/api/auth/password-reset',
    limited('passwordReset'),
    body,
    handled(async (req, res) => {
      const input = validBody<{ email: string }>('PasswordResetRequest', req, res);
      if (!input) return;
      const email = passwordResetAddress(input);
      res.status(202).json({ success: true, detail: CHECK_INBOX });
      afterAnswer('password reset request', () => requestPasswordReset(auth, email));
    }),
  );

  router.post(
    '/api/auth/password-reset/confirm',
    limited('tokenCheck'),
    body,
    handled(async (req, res) => {
      const input = validBody<{ token: string; password: string }>('PasswordResetConfirmRequest', req, res);
      if (!input) return;
      const user = await confirmPasswordReset(deps.db, input);
      // The 429 of sign-in tells a locked-out user to reset: a reset unlocks the address.
      await limits.forgetAddress(user.email);
      res.locals.outcome = 'password_reset';
      res.json({ success: true, detail: 'Your password is changed and every session is signed out; sign in with the new password.' });
    }),
  );

  router.post(
    '/api/auth/password',
    caller,
    body,
    handled(async (req: Request, res: Response) => {
      const input = validBody<{ current_password: string; new_password: string }>('PasswordChangeRequest', req, res);
      if (!input) return;
      const user = res.locals.caller?.userId ? await getUser(deps.db, res.locals.caller.userId) : undefined;
      if (!user) return sendError(res, { code: 'not_found', detail: 'Only a signed-in user can change the password.' });
      await changePassword(deps.db, user, { currentPassword: input.current_password, newPassword: input.new_password });
      // Every session ended, this one included: continue in a new one.
      await startSession(req, user);
      res.json(await sessionBody(deps, req, user));
    }),
  );
  return router;
}
