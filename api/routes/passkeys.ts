// Passkeys (docs/teams.md, "Passkeys"; core/accounts/passkeys.ts holds the rules): a signed-in
// person registers, names and removes theirs; anyone signs in with one, instead of the password and
// a code. Each challenge lives in the session that asked for it, for five minutes, and is used once.
import type { Request } from 'express';
import { accountsOf } from '../../core/accounts/members';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  PASSKEY_CHALLENGE_MS,
  registerPasskey,
  relyingParty,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
  type Passkey,
} from '../../core/accounts/passkeys';
import { getUser, type User } from '../../core/accounts/users';
import { recordAudit } from '../../core/platform/audit';
import { PostageError } from '../../core/platform/errors';
import type { RouteDeps } from '../http/deps';
import { sendUnauthenticated } from '../http/errors';
import { ANSWERED, operation } from '../http/operation';
import { saveAnonymousSession, signedInRecently, startSession } from '../middleware/session';
import {
  PasskeyList,
  PasskeyRegistrationOptions,
  PasskeyRegistrationRequest,
  PasskeySigninOptions,
  PasskeySigninRequest,
  PasskeyView,
  RenamePasskeyRequest,
  Session,
} from '../schemas/management';
import { openSession, signedInPerson } from './auth';
import { RECENT_SIGN_IN } from './twoFactor';
import type { Static } from '@sinclair/typebox';

type Purpose = 'register' | 'signin';

/** Keeps the challenge in the session (one at a time: a new one replaces the last). */
function keepChallenge(req: Request, purpose: Purpose, challenge: string): Promise<void> {
  req.session.passkeyChallenge = { purpose, challenge, at: Date.now() };
  return saveAnonymousSession(req);
}

/**
 * The session's challenge for `purpose` while it is fresh, taken: a challenge answers once, even
 * to two requests at the same moment (the session is saved only as each answers, so Redis
 * decides which was first).
 */
async function takeChallenge(deps: RouteDeps, req: Request, purpose: Purpose): Promise<string | undefined> {
  const kept = req.session?.passkeyChallenge;
  if (!kept) return undefined;
  delete req.session.passkeyChallenge;
  if (kept.purpose !== purpose || Date.now() - kept.at > PASSKEY_CHALLENGE_MS) return undefined;
  const first = await deps.redis.set(
    `${deps.config.redis.keyPrefix}:passkey-challenge:${kept.challenge}`,
    '1',
    'PX',
    PASSKEY_CHALLENGE_MS,
    'NX',
  );
  return first === 'OK' ? kept.challenge : undefined;
}

const present = (p: Passkey): Static<typeof PasskeyView> => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

const person = (deps: RouteDeps, userId: string | undefined) => signedInPerson(deps, userId, 'passkeys');

const KEYLESS = { 404: 'No such passkey of this person, or called with an API key.' } as const;

export const passkeyOperations = [
  operation({
    method: 'get',
    path: '/api/auth/passkeys',
    summary: 'The signed-in person’s passkeys.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, PasskeyList, 'The passkeys, the first registered first.'],
    more: KEYLESS,
    async handler({ deps, caller }) {
      return { passkeys: (await listPasskeys(deps.db, (await person(deps, caller.userId)).id)).map(present) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/passkeys/registration-options',
    summary:
      'Start registering a passkey: the options for navigator.credentials.create(). The challenge is kept in this session for 5 minutes.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, PasskeyRegistrationOptions, 'The options.'],
    more: {
      ...KEYLESS,
      403: [
        { codes: ['recent_sign_in_required'] },
        'The session signed in more than 15 minutes ago: sign in again to add a way to sign in.',
      ],
      409: [{ codes: ['too_many_passkeys'] }, 'The person has 20 passkeys already.'],
    },
    async handler({ deps, req, caller, refuse }) {
      const user = await person(deps, caller.userId);
      if (!signedInRecently(req)) return refuse('recent_sign_in_required', RECENT_SIGN_IN);
      const options = await passkeyRegistrationOptions(deps.db, relyingParty(deps.config.api.baseUrl), user);
      await keepChallenge(req, 'register', options.challenge);
      return options;
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/passkeys',
    summary: 'Register a passkey: the browser’s answer to the registration options of this session, and a name for it.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: PasskeyRegistrationRequest,
    ok: [201, PasskeyView, 'Registered.'],
    more: {
      400: 'The answer does not verify (a field error on `response`: no challenge of this session, another origin, the person not verified, or registered already), or the body is invalid or over 16 KiB.',
      ...KEYLESS,
    },
    async handler({ deps, req, res, caller, body }) {
      const user = await person(deps, caller.userId);
      const challenge = await takeChallenge(deps, req, 'register');
      if (!challenge)
        throw new PostageError(
          'invalid_passkey_response',
          'No registration waits for this answer (ask for the options again; they last 5 minutes).',
          'response',
        );
      const passkey = await registerPasskey(deps.db, relyingParty(deps.config.api.baseUrl), user.id, {
        challenge,
        // Checked by the schema's shape; the library reads the rest.
        response: body.response as unknown as Parameters<typeof registerPasskey>[3]['response'],
        name: body.name,
      });
      await recordAudit(deps.db, {
        accountId: caller.accountId,
        actor: caller.actor,
        action: 'user.passkey_add',
        details: { passkey: passkey.id, name: passkey.name },
      });
      res.locals.outcome = 'passkey_added';
      return present(passkey);
    },
  }),
  operation({
    method: 'patch',
    path: '/api/auth/passkeys/{id}',
    summary: 'Rename a passkey.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    body: RenamePasskeyRequest,
    ok: [200, PasskeyView, 'Renamed.'],
    more: KEYLESS,
    async handler({ deps, caller, params, body }) {
      const user = await person(deps, caller.userId);
      return present(await renamePasskey(deps.db, user.id, params.id, body.name));
    },
  }),
  operation({
    method: 'delete',
    path: '/api/auth/passkeys/{id}',
    summary: 'Remove a passkey: it no longer signs in.',
    sessionOnly: true,
    who: 'caller',
    role: 'viewer',
    scopedKey: 'same',
    ok: [200, PasskeyView, 'Removed.'],
    more: KEYLESS,
    async handler({ deps, caller, params }) {
      const user = await person(deps, caller.userId);
      const removed = await removePasskey(deps.db, user.id, params.id);
      await recordAudit(deps.db, {
        accountId: caller.accountId,
        actor: caller.actor,
        action: 'user.passkey_remove',
        details: { passkey: removed.id, name: removed.name },
      });
      return present(removed);
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/signin/passkey/options',
    summary:
      'Start signing in with a passkey: the options for navigator.credentials.get(), for any passkey of this site (no address is asked). The challenge is kept in this session for 5 minutes.',
    who: 'anyone',
    limit: 'passkeySignin',
    ok: [200, PasskeySigninOptions, 'The options.'],
    async handler({ deps, req }) {
      const options = await passkeySignInOptions(relyingParty(deps.config.api.baseUrl));
      await keepChallenge(req, 'signin', options.challenge);
      return options;
    },
  }),
  operation({
    method: 'post',
    path: '/api/auth/signin/passkey',
    summary:
      'Sign in with a passkey (instead of the password and a code): the browser’s answer to this session’s sign-in options. Starts the session.',
    who: 'anyone',
    limit: 'passkeySignin',
    body: PasskeySigninRequest,
    ok: [200, Session, 'Signed in.'],
    more: {
      400: 'Invalid body (a field error), or a body over 16 KiB.',
      401: [
        'PlainError',
        'The answer does not prove a passkey of this site (unknown, bad signature, the person not verified, another origin), or no sign-in of this session waits for it.',
      ],
      403: [{ codes: ['no_account'] }, 'The person is no longer a member of any account.'],
    },
    async handler({ deps, req, res, body, refuse }) {
      const challenge = await takeChallenge(deps, req, 'signin');
      const userId =
        challenge &&
        (await signInWithPasskey(deps.db, relyingParty(deps.config.api.baseUrl), {
          challenge,
          response: body.response as unknown as Parameters<typeof signInWithPasskey>[2]['response'],
        }));
      const user = userId ? await getUser(deps.db, userId) : undefined;
      if (!user) {
        res.locals.outcome = 'passkey_signin_failed';
        sendUnauthenticated(res, 'This passkey does not sign in here; sign in with your password instead.');
        return ANSWERED;
      }
      const accounts = await accountsOf(deps.db, user.id);
      const [account] = accounts;
      if (!account) return refuse('no_account', 'You are no longer a member of any account.');
      return openSession(deps, req, res, user, [account, ...accounts.slice(1)]);
    },
  }),
];
