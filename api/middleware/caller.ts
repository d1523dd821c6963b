// Who is calling a management endpoint: a signed-in session (cookie, plus the CSRF token on every
// state-changing request) or an API key with `full_access`. A sending key gets 403
// insufficient_permission; no credentials at all, 401. A domain-scoped key reaches only what its
// scope allows (keyScope.ts, with the rule each operation of the route table gives). Everything after
// this sees only res.locals.caller's account.
import type { NextFunction, Request, Response } from 'express';
import { authenticateApiKey, keyPrefix, noteKeyUsed } from '../../core/accounts/apiKeys';
import { isScoped } from '../../core/accounts/keyScope';
import type { Config } from '../../core/platform/config';
import type { Db } from '../../core/platform/db';
import { PostageError } from '../../core/platform/errors';
import { sendCoreError, sendError, sendUnauthenticated } from '../http/errors';
import { refuseOutsideNetworks } from './authenticate';
import { scopedKeyRefusal, type ScopedKeyRule } from './keyScope';
import { endSession, hasValidCsrfToken } from './session';
import { keyRole, membershipRole } from '../../core/accounts/members';
import { mustSetUpTwoFactor } from '../../core/accounts/twoFactor';
import { API_KEY_ROLE, roleCovers, type Role } from '../../core/accounts/roles';
import '../http/locals';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SIGN_IN_OR_KEY = 'Sign in, or send an API key with full_access permission as X-API-Key.';

export function requireCaller(deps: { db: Db; config: Config }, scopedKeys: readonly ScopedKeyRule[]) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const presented = req.get('X-API-Key');
    if (presented !== undefined) {
      const result = await authenticateApiKey(deps.db, presented, req.ip);
      if (!result.ok && result.reason === 'outside_networks') return refuseOutsideNetworks(res);
      if (!result.ok) {
        res.locals.outcome = `unauthenticated:${result.reason}`;
        return sendUnauthenticated(res, SIGN_IN_OR_KEY);
      }
      const key = result.key;
      res.locals.apiKey = key;
      res.locals.keyPrefix = keyPrefix(key.lookupId);
      noteKeyUsed(deps.db, key.id);
      if (key.permission !== 'full_access') {
        res.locals.outcome = 'insufficient_permission';
        return sendError(res, {
          code: 'insufficient_permission',
          detail:
            'This API key has the sending permission: it may call /api/send/ and /api/me/ only. Use a full_access key or sign in.',
        });
      }
      // A key acts with at most its maker's current role: read on every request, like a session's.
      const role = await keyRole(deps.db, key);
      if (!role) {
        res.locals.outcome = 'unauthenticated:maker_not_member';
        return sendUnauthenticated(res, 'The member who made this API key is no longer in the account.');
      }
      res.locals.caller = {
        accountId: key.accountId,
        actor: `key:${key.id}`,
        permission: key.permission,
        domainScope: key.domainScope,
        networks: key.networks,
        test: key.test,
        role,
      };
      req.log = req.log.child({ key: res.locals.keyPrefix, account: key.accountId });
      if (isScoped(key.domainScope)) {
        const refusal = await scopedKeyRefusal(deps.db, req, key.domainScope, scopedKeys);
        if (refusal instanceof PostageError) {
          sendCoreError(res, refusal);
          return;
        }
        if (refusal) {
          res.locals.outcome = refusal.code;
          return sendError(res, refusal);
        }
      }
      return next();
    }
    const { userId, accountId } = req.session ?? {};
    if (!userId || !accountId) {
      res.locals.outcome = 'unauthenticated:no_session';
      return sendUnauthenticated(res, SIGN_IN_OR_KEY);
    }
    if (!SAFE_METHODS.has(req.method) && !hasValidCsrfToken(deps.config, req)) {
      res.locals.outcome = 'csrf_token_invalid';
      return sendError(res, {
        code: 'csrf_token_invalid',
        detail: 'Send the csrf_token of GET /api/auth/session as the X-CSRF-Token header.',
      });
    }
    // Read on every request: a member removed or given a lower role is refused at once.
    const role = await membershipRole(deps.db, accountId, userId);
    if (!role) {
      res.locals.outcome = 'unauthenticated:not_a_member';
      await endSession(req, res);
      return sendUnauthenticated(res, 'You are no longer a member of this account; sign in again.');
    }
    res.locals.caller = {
      accountId,
      actor: `user:${userId}`,
      permission: 'full_access',
      domainScope: [],
      networks: [],
      test: false,
      userId,
      role,
    };
    req.log = req.log.child({ user: userId, account: accountId });
    next();
  };
}

/**
 * The owner's rule (docs/teams.md, "Two-factor sign-in"): a signed-in member of an account that
 * requires two factors, without them, reaches only the operations that set them up (`allowed`).
 * Read on every request, so the rule holds from the request after the owner sets it.
 */
export function requireTwoFactorSetUp(db: Db, allowed: boolean) {
  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    const caller = res.locals.caller!;
    if (allowed || !caller.userId || !(await mustSetUpTwoFactor(db, caller.accountId, caller.userId))) return next();
    res.locals.outcome = 'two_factor_setup_required';
    sendError(res, {
      code: 'two_factor_setup_required',
      detail:
        'This account requires two-factor sign-in: turn it on (POST /api/auth/two-factor/setup) before anything else.',
    });
  };
}

/**
 * The role check of the route table: the caller's role (a session's membership, or a key's
 * API_KEY_ROLE) must cover the operation's. Runs before the body is read, so a refused request
 * changes nothing whatever it carries.
 */
export function requireRole(needed: Role) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const caller = res.locals.caller!;
    if (roleCovers(caller.role, needed)) return next();
    res.locals.outcome = 'insufficient_role';
    const who = caller.userId
      ? `Your role in this account is ${caller.role}`
      : `This API key acts as a ${caller.role} (a key acts as a ${API_KEY_ROLE} at most, and never above the current role of the member who made it)`;
    sendError(res, {
      code: 'insufficient_role',
      detail: `${who}; this needs ${needed === 'viewer' ? 'a member' : `the ${needed} role or above`}. Ask an admin or the owner.`,
    });
  };
}
