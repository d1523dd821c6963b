// Two-factor sign-in (docs/teams.md, "Two-factor sign-in"; core/accounts/twoFactor.ts holds the
// rules): the second step of a sign-in, a person's setup (a secret and its QR code, confirmed with
// a code, ten recovery codes shown once), turning it off and new recovery codes (each with a current
// code), and the owner's rule that every member must use it. Every code is counted per person and
// per client (api/middleware/authLimits.ts), so six digits cannot be guessed from many addresses.
import type { Request } from 'express';
import { accountsOf } from '../../core/accounts/members';
import {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  requiredByAnAccount,
  setTwoFactorRequirement,
  startTwoFactorSetup,
  twoFactorState,
  type SecondFactor,
} from '../../core/accounts/twoFactor';
import { getUser, passwordChangedSince, type User } from '../../core/accounts/users';
import { endOtherUserSessions } from '../../core/accounts/userSessions';
import { recordAudit } from '../../core/platform/audit';
import { PostageError } from '../../core/platform/errors';
import type { RouteDeps } from '../http/deps';
import { sendUnauthenticated } from '../http/errors';
import { ANSWERED, operation } from '../http/operation';
import { perApp } from '../http/perApp';
import { createCodeLimits } from '../middleware/authLimits';
import { pendingSignIn, sessionKey, signedInRecently, startSession } from '../middleware/session';
import {
  RecoveryCodes,
  SecondFactorRequest,
  Session,
  TwoFactorCodeRequest,
  TwoFactorRequirementRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../schemas/management';
import { openSession, signedInPerson } from './auth';
import type { Static } from '@sinclair/typebox';

const codeLimits = perApp((deps) => createCodeLimits(deps.redis, deps.config));

const TOO_MANY = {
  429: [
    { codes: ['too_many_attempts'] },
    'Too many wrong codes for this person (from every client together) or from this client (Retry-After).',
  ],
} as const;

function factorOf(body: Static<typeof SecondFactorRequest>): SecondFactor {
  return 'code' in body ? { code: body.code } : { recoveryCode: body.recovery_code };
}

/**
 * Checks a code of `userId`'s within the guess limits: 'limited' with the seconds to wait, else
 * which factor matched (undefined: wrong).
 */
async function checkedFactor(
  deps: RouteDeps,
  req: Request,
  userId: string,
  factor: SecondFactor,
): Promise<{ wait: number } | { matched: 'code' | 'recovery_code' | undefined }> {
  const attempt = await codeLimits(deps).attempt(userId, req.ip);
  if (attempt.wait !== undefined) return { wait: attempt.wait };
  const matched = await checkSecondFactor(deps.db, deps.config.secretKey, userId, factor);
  await attempt.settle(matched !== undefined);
  return { matched };
}

/** A wrong code on a signed-in person's request: a field error on the field that carried it. */
function wrongCode(factor: SecondFactor): PostageError {
  return 'code' in factor
    ? new PostageError('invalid_code', 'The code is not right: enter the six digits the app shows now.', 'code')
    : new PostageError('invalid_code', 'The recovery code is not right, or it was used already.', 'recovery_code');
}

export const RECENT_SIGN_IN =
  'You signed in more than 15 minutes ago: sign in again to add a way to sign in (a cookie left in a browser cannot).';

const tooManyDetail = (wait: number) => `Too many wrong codes; try again in ${Math.ceil(wait / 60)} minute(s).`;

const person = (deps: RouteDeps, userId: string | undefined) => signedInPerson(deps, userId, 'two-factor sign-in');

const statusOf = async (deps: RouteDeps, userId: string): Promise<Static<typeof TwoFactorStatus>> => {
  const state = await twoFactorState(deps.db, userId);
  return {
    enabled: state.enabled,
    enabled_at: state.enabledAt?.toISOString() ?? null,
    recovery_codes_left: state.recoveryCodesLeft,
  };
};

export const twoFactorOperations = [
  operation({
    method: 'post',
    path: '/api/auth/signin/two-factor',
    summary:
      'The second step of a sign-in that answered 202: a code from the authenticator app, or one recovery code (used up). Starts the session.',
    who: 'anyone',
    body: SecondFactorRequest,
    ok: [200, Session, 'Signed in.'],
    more: {
      401: [
        'PlainError',
        'No sign-in waits for a code in this session (sign in with the password first; the wait lasts 5 minutes), or the code is not right.',
      ],
      403: [{ codes: ['no_account'] }, 'The person is no longer a member of any account.'],
      ...TOO_MANY,
    },
    async handler({ deps, req, res, body, refuse }) {
      const pending = pendingSignIn(req);
      // A password changed meanwhile (a reset by the person) voids the sign-in it began.
      const userId =
        pending && !(await passwordChangedSince(deps.db, pending, new Date(req.session.pendingSince!)))
          ? pending
          : undefined;
      if (!userId) {
        sendUnauthenticated(res, 'Sign in with your password first; then enter the code within 5 minutes.');
        return ANSWERED;
      }
      const factor = factorOf(body);
      const checked = await checkedFactor(deps, req, userId, factor);
      if ('wait' in checked)
        return refuse('too_many_attempts', tooManyDetail(checked.wait), { retryAfter: checked.wait });
      const user = checked.matched && (await getUser(deps.db, userId));
      if (!user) {
        res.locals.outcome = 'two_factor_failed';
        sendUnauthenticated(res, 'The code is not right.');
        return ANSWERED;
      }
      const accounts = await accountsOf(deps.db, user.id);
      const [account] = accounts;
      if (!account) return refuse('no_account', 'You are no longer a member of any account.');
      if (checked.matched === 'recovery_code')
        await recordAudit(deps.db, {
          accountId: account.accountId,
          actor: `user:${user.id}`,
          action: 'user.recovery_code_used',
        });
      return openSession(deps, req, res, user, [account, ...accounts.slice(1)]);
    },
  }),
  operation({
    method: 'get',
    path: '/api/auth/two-factor',
    summary: 'Whether the signed-in person signs in with two factors, and how many recovery codes they have left.',
    sessionOnly: true,
    beforeTwoFactor: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, TwoFactorStatus, 'The person’s two-factor sign-in.'],
    more: { 404: 'Called with an API key.' },
    async handler({ deps, caller }) {
      return statusOf(deps, (await person(deps, caller.userId)).id);
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/two-factor/setup',
    summary:
      'Start turning on two-factor sign-in: a new secret to add to an authenticator app (its QR code and the secret as text). Nothing changes until a code from it is confirmed; a new setup replaces an unconfirmed one.',
    sessionOnly: true,
    beforeTwoFactor: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, TwoFactorSetup, 'The secret, shown during the setup only.'],
    more: {
      403: [
        { codes: ['recent_sign_in_required'] },
        'The session signed in more than 15 minutes ago: sign in again to add a way to sign in.',
      ],
      404: 'Called with an API key.',
      409: [{ codes: ['two_factor_enabled'] }, 'Two-factor sign-in is already on.'],
    },
    async handler({ deps, req, res, caller, refuse }) {
      const user = await person(deps, caller.userId);
      if (!signedInRecently(req)) return refuse('recent_sign_in_required', RECENT_SIGN_IN);
      const setup = await startTwoFactorSetup(deps.db, deps.config.secretKey, user);
      res.set('Cache-Control', 'no-store');
      return { secret: setup.secret, otpauth_uri: setup.uri, qr_code_svg: setup.qrSvg };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/two-factor/enable',
    summary:
      'Turn two-factor sign-in on with a code from the secret of the setup. Answers ten recovery codes, shown this once; the person’s other sessions end.',
    sessionOnly: true,
    beforeTwoFactor: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: TwoFactorCodeRequest,
    ok: [200, RecoveryCodes, 'On.'],
    more: {
      400: 'The code is not right (a field error on `code`), or the body is invalid.',
      404: 'Called with an API key.',
      409: [{ codes: ['two_factor_enabled', 'two_factor_not_set_up'] }, 'Already on, or no setup waits for its code.'],
      ...TOO_MANY,
    },
    async handler({ deps, req, res, caller, body, refuse }) {
      const user = await person(deps, caller.userId);
      const attempt = await codeLimits(deps).attempt(user.id, req.ip);
      if (attempt.wait !== undefined)
        return refuse('too_many_attempts', tooManyDetail(attempt.wait), { retryAfter: attempt.wait });
      const enabled = await enableTwoFactor(deps.db, deps.config.secretKey, user.id, body.code).catch(
        async (err: unknown) => {
          // Refused for its state (already on, no setup), not a wrong code: the try is given back.
          await attempt.settle(true);
          throw err;
        },
      );
      await attempt.settle(enabled !== undefined);
      if (!enabled) throw wrongCode({ code: body.code });
      await endOtherUserSessions(deps.db, user.id, sessionKey(req));
      await recordAudit(deps.db, {
        accountId: caller.accountId,
        actor: caller.actor,
        action: 'user.two_factor_enable',
      });
      res.set('Cache-Control', 'no-store');
      res.locals.outcome = 'two_factor_enabled';
      return { recovery_codes: enabled.recoveryCodes };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/two-factor/disable',
    summary:
      'Turn two-factor sign-in off, with a current code from the app or a recovery code. Refused while an account of the person’s requires it.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: SecondFactorRequest,
    ok: [200, TwoFactorStatus, 'Off.'],
    more: {
      400: 'The code is not right (a field error on `code` or `recovery_code`), or the body is invalid.',
      404: 'Called with an API key.',
      409: [{ codes: ['two_factor_required_by_account'] }, 'An account the person is a member of requires it.'],
      ...TOO_MANY,
    },
    async handler({ deps, req, res, caller, body, refuse }) {
      const user = await person(deps, caller.userId);
      if (await requiredByAnAccount(deps.db, user.id))
        return refuse(
          'two_factor_required_by_account',
          'An account you are a member of requires two-factor sign-in; its owner can lift the requirement.',
        );
      // Off already: nothing to prove, and no try counted.
      if (!(await twoFactorState(deps.db, user.id)).enabled) return statusOf(deps, user.id);
      const factor = factorOf(body);
      const checked = await checkedFactor(deps, req, user.id, factor);
      if ('wait' in checked)
        return refuse('too_many_attempts', tooManyDetail(checked.wait), { retryAfter: checked.wait });
      if (!checked.matched) throw wrongCode(factor);
      await disableTwoFactor(deps.db, user.id);
      await recordAudit(deps.db, {
        accountId: caller.accountId,
        actor: caller.actor,
        action: 'user.two_factor_disable',
      });
      res.locals.outcome = 'two_factor_disabled';
      return statusOf(deps, user.id);
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/two-factor/recovery-codes',
    summary:
      'Ten new recovery codes, shown this once (the earlier ones stop working), with a current code from the app or a recovery code.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: SecondFactorRequest,
    ok: [200, RecoveryCodes, 'The new codes.'],
    more: {
      400: 'The code is not right (a field error on `code` or `recovery_code`), or the body is invalid.',
      404: 'Called with an API key.',
      409: [{ codes: ['two_factor_not_set_up'] }, 'Two-factor sign-in is off.'],
      ...TOO_MANY,
    },
    async handler({ deps, req, res, caller, body, refuse }) {
      const user = await person(deps, caller.userId);
      if (!(await twoFactorState(deps.db, user.id)).enabled)
        return refuse('two_factor_not_set_up', 'Two-factor sign-in is off: there are no recovery codes to replace.');
      const factor = factorOf(body);
      const checked = await checkedFactor(deps, req, user.id, factor);
      if ('wait' in checked)
        return refuse('too_many_attempts', tooManyDetail(checked.wait), { retryAfter: checked.wait });
      if (!checked.matched) throw wrongCode(factor);
      const codes = await regenerateRecoveryCodes(deps.db, deps.config.secretKey, user.id);
      await recordAudit(deps.db, {
        accountId: caller.accountId,
        actor: caller.actor,
        action: 'user.recovery_codes_replaced',
      });
      res.set('Cache-Control', 'no-store');
      return { recovery_codes: codes };
    },
  }),
];

/** The owner's rule, with the account's management. */
export const twoFactorRequirementOperations = [
  operation({
    method: 'put',
    path: '/api/account/two-factor-requirement',
    summary:
      'The owner’s rule: every member must sign in with two factors. A member without it is taken to set it up at their next request and can do nothing else until then (403 `two_factor_setup_required`); invitations say so. The owner turns it on for themselves first.',
    sessionOnly: true,
    who: 'caller',
    role: 'owner',
    scopedKey: 'same',
    body: TwoFactorRequirementRequest,
    ok: [200, TwoFactorRequirementRequest, 'The rule now.'],
    more: {
      404: 'Called with an API key.',
      409: [{ codes: ['two_factor_not_set_up'] }, 'Requiring it before turning it on for yourself.'],
    },
    async handler({ deps, caller, body, refuse }) {
      const user = await person(deps, caller.userId);
      if (body.required && !(await twoFactorState(deps.db, user.id)).enabled)
        return refuse(
          'two_factor_not_set_up',
          'Turn on two-factor sign-in for yourself before requiring it of everyone.',
        );
      await setTwoFactorRequirement(deps.db, caller.accountId, body.required, caller.actor);
      return { required: body.required };
    },
  }),
];
