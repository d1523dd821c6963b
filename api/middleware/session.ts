// Dashboard sessions: express-session with a PostgreSQL store that keeps only the SHA-256 hash of
// each session id (a leaked table does not hand out sessions), an HttpOnly SameSite=Lax cookie
// (Secure when BASE_URL is HTTPS), idle expiry (rolling cookie) and an absolute lifetime. Each row
// also keeps the browser and address of the sign-in and its last use, which the person sees and
// ends sessions by (core/accounts/userSessions.ts). State-changing requests made with a session
// carry a CSRF token derived from the session id.
import type { NextFunction, Request, Response } from 'express';
import session, { Store, type SessionData } from 'express-session';
import type { Config } from '../../core/platform/config';
import { constantTimeEqual, derivedKey, hmacSha256Hex, sha256 } from '../../core/platform/crypto';
import type { Db } from '../../core/platform/db';
import { sessionDevice, type SessionDevice } from '../../core/accounts/userSessions';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    accountId: string;
    /** Epoch ms of the sign-in, for the absolute lifetime. */
    signedInAt: number;
    /** Set at sign-in only: written to the row's own columns when it is made, never to its data. */
    device?: SessionDevice;
    /** A sign-in whose password was right, waiting for its second factor (no userId until then). */
    pendingUserId: string;
    /** Epoch ms the password was checked: the second factor must follow within PENDING_SIGN_IN_MS. */
    pendingSince: number;
    /** The passkey challenge this session asked for (api/routes/passkeys.ts), used once. */
    passkeyChallenge: { purpose: 'register' | 'signin'; challenge: string; at: number };
  }
}

export const SESSION_COOKIE = 'postage_session';
export const CSRF_HEADER = 'X-CSRF-Token';

type Callback<T = void> = (err?: unknown, value?: T) => void;

/** express-session's store on the `sessions` table; the key is the hash of the session id. */
class HashedPgStore extends Store {
  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
  ) {
    super();
  }

  private expiry(data: SessionData): Date {
    return data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + this.idleMs);
  }

  override get(sid: string, cb: Callback<SessionData | null>): void {
    this.db('sessions')
      .where({ sid_hash: sha256(sid) })
      .andWhere('expires_at', '>', new Date())
      .first<{ data: SessionData } | undefined>('data')
      .then((row) => cb(undefined, row?.data ?? null), cb);
  }

  override set(sid: string, data: SessionData, cb?: Callback): void {
    this.save(sha256(sid), data).then(
      () => cb?.(),
      (err: unknown) => cb?.(err),
    );
  }

  /**
   * A sign-in (data carrying its device) makes the row; any other save only updates it, so a
   * request still in flight when its session was ended cannot bring the session back.
   */
  private async save(sidHash: Buffer, data: SessionData): Promise<void> {
    const { device, ...kept } = data;
    const fields = {
      user_id: kept.userId ?? null,
      account_id: kept.accountId ?? null,
      data: JSON.stringify(kept),
      expires_at: this.expiry(data),
      last_used_at: this.db.fn.now(),
    };
    if (!device) {
      await this.db('sessions').where({ sid_hash: sidHash }).update(fields);
      return;
    }
    await this.db('sessions')
      .insert({ sid_hash: sidHash, ...fields, user_agent: device.userAgent, client_ip: device.clientIp })
      .onConflict('sid_hash')
      .merge(Object.keys(fields));
  }

  override touch(sid: string, data: SessionData, cb?: Callback): void {
    this.db('sessions')
      .where({ sid_hash: sha256(sid) })
      .update({ expires_at: this.expiry(data), last_used_at: this.db.fn.now() })
      .then(
        () => cb?.(),
        (err: unknown) => cb?.(err),
      );
  }

  override destroy(sid: string, cb?: Callback): void {
    this.db('sessions')
      .where({ sid_hash: sha256(sid) })
      .delete()
      .then(
        () => cb?.(),
        (err: unknown) => cb?.(err),
      );
  }
}

export function sessionMiddleware(db: Db, config: Config) {
  const idleMs = config.auth.sessionIdleMinutes * 60_000;
  const maxMs = config.auth.sessionMaxHours * 3_600_000;
  const handler = session({
    name: SESSION_COOKIE,
    secret: derivedKey(config.secretKey, 'session-cookie').toString('hex'),
    store: new HashedPgStore(db, idleMs),
    resave: false,
    saveUninitialized: false, // no row and no cookie until someone signs in
    rolling: true,
    unset: 'destroy',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.api.baseUrl.startsWith('https:'),
      maxAge: idleMs,
      path: '/',
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res, (err?: unknown) => {
      if (err) return next(err);
      // Past the absolute lifetime the session ends however recently it was used.
      const signedInAt = req.session.signedInAt;
      if (signedInAt !== undefined && Date.now() - signedInAt > maxMs) return req.session.destroy((e) => next(e));
      next();
    });
  };
}

export function csrfToken(config: Config, sessionId: string): string {
  return hmacSha256Hex(derivedKey(config.secretKey, 'csrf'), sessionId);
}

export function hasValidCsrfToken(config: Config, req: Request): boolean {
  const presented = req.get(CSRF_HEADER);
  if (!presented) return false;
  return constantTimeEqual(Buffer.from(presented), Buffer.from(csrfToken(config, req.sessionID)));
}

/**
 * Starts a new session for the user (a new id: whatever id the browser had before is dropped),
 * recording the browser (User-Agent) and the client address (`req.ip`, which follows TRUST_PROXY).
 */
export function startSession(req: Request, user: { id: string }, accountId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err as Error);
      req.session.userId = user.id;
      req.session.accountId = accountId;
      req.session.signedInAt = Date.now();
      req.session.device = sessionDevice(req.get('User-Agent'), req.ip);
      req.session.save((e) => (e ? reject(e as Error) : resolve()));
    });
  });
}

/** How long a right password waits for its second factor. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/**
 * A right password of a person with two-factor sign-in: a new session that is not signed in, and
 * remembers whose second factor it waits for (api/routes/twoFactor.ts completes it).
 */
export function startPendingSignIn(req: Request, user: { id: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err as Error);
      req.session.pendingUserId = user.id;
      req.session.pendingSince = Date.now();
      // The row is made now (the store inserts only with a device), though it signs nobody in yet.
      req.session.device = sessionDevice(req.get('User-Agent'), req.ip);
      req.session.save((e) => (e ? reject(e as Error) : resolve()));
    });
  });
}

/** How recent a sign-in must be to add a way to sign in (a passkey, an authenticator app). */
export const RECENT_SIGN_IN_MS = 15 * 60_000;

/**
 * Whether this session's sign-in is recent: a cookie taken from a browser left signed in cannot
 * add a passkey or an app of its own that would outlive a password reset.
 */
export function signedInRecently(req: Request, now = Date.now()): boolean {
  const { signedInAt } = req.session ?? {};
  return signedInAt !== undefined && now - signedInAt <= RECENT_SIGN_IN_MS;
}

/** The person whose second factor this session waits for, while the wait lasts. */
export function pendingSignIn(req: Request, now = Date.now()): string | undefined {
  const { pendingUserId, pendingSince } = req.session ?? {};
  if (!pendingUserId || pendingSince === undefined || now - pendingSince > PENDING_SIGN_IN_MS) return undefined;
  return pendingUserId;
}

/**
 * Saves what an anonymous request put in its session (a passkey sign-in's challenge): a session
 * nobody signed in to has no row yet, and the store makes one only with a device.
 */
export function saveAnonymousSession(req: Request): Promise<void> {
  if (!req.session.userId && !req.session.pendingUserId)
    req.session.device = sessionDevice(req.get('User-Agent'), req.ip);
  return new Promise((resolve, reject) => req.session.save((e) => (e ? reject(e as Error) : resolve())));
}

/** The session acts on another of the person's accounts from now on (same id, same CSRF token). */
export function switchSessionAccount(req: Request, accountId: string): Promise<void> {
  req.session.accountId = accountId;
  return new Promise((resolve, reject) => req.session.save((e) => (e ? reject(e as Error) : resolve())));
}

/** The store's key of the request's session (what core/accounts/userSessions.ts compares rows with). */
export function sessionKey(req: Request): Buffer {
  return sha256(req.sessionID);
}

export function endSession(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.destroy((err) => {
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return err ? reject(err as Error) : resolve();
    });
  });
}
