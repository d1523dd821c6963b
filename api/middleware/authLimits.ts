// Limits of the anonymous and sign-in flows (rate-limiter-flexible on Redis, with a per-process
// memory fallback like the send limit). Keys hold no address in the clear (SHA-256) and group an
// IPv6 client by its /64, the block one host is usually given.
//
// Sign-in: every attempt reserves a point in three windows *before* the password is checked, so
// parallel guesses cannot slip past the limit: per address from this client, per address from all
// clients (distributed guessing), per client across addresses (spraying). A correct pair gives its
// points back and clears the address's windows. The address-wide ceiling is well above the
// per-client one, so one attacker's guesses lock only themselves out; a completed password reset
// starts the address's windows afresh (a new epoch), as the 429 tells the user to do.
import type { Request, RequestHandler, Response } from 'express';
import type Redis from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { clientKey } from '../../core/platform/clientKey';
import type { AnonymousOperation, Config } from '../../core/platform/config';
import { sha256Hex } from '../../core/platform/crypto';
import { redisLimiter, secondsUntil, takePoint } from '../../core/platform/rateLimits';
import { sendTooManyRequests } from '../http/errors';

// The routes that limit per client import it from here.
export { clientKey };

const addressKey = (email: string) => sha256Hex(email.trim().toLowerCase());

/** Consumes one point from each window; on a refusal gives back the points the others took. Seconds to wait, or undefined. */
async function reserve(windows: { limiter: RateLimiterRedis; key: string }[]): Promise<number | undefined> {
  const results = await Promise.allSettled(windows.map((w) => w.limiter.consume(w.key)));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (refused.length === 0) return undefined;
  const store = refused.find((r) => !(r instanceof RateLimiterRes));
  if (store) throw store; // neither Redis nor the memory fallback answered
  await Promise.all(
    results.map((r, i) => (r.status === 'fulfilled' ? windows[i]!.limiter.reward(windows[i]!.key) : undefined)),
  );
  return Math.max(...refused.map((r) => secondsUntil(r as RateLimiterRes)));
}

export interface SigninAttempt {
  /** Seconds to wait when a limit is reached (nothing was reserved), else undefined. */
  wait: number | undefined;
  /** After the check: a correct pair gives the reservation back and clears the address's windows. */
  settle(correct: boolean): Promise<void>;
}

export interface SigninLimits {
  attempt(email: string, ip: string | undefined): Promise<SigninAttempt>;
  /** A completed password reset: the address's failures are forgotten, from every client. */
  forgetAddress(email: string): Promise<void>;
}

export function createSigninLimits(redis: Redis, config: Config): SigninLimits {
  const duration = config.auth.signinWindowMinutes * 60;
  const prefix = `${config.redis.keyPrefix}:signin`;
  const byAddressAndClient = redisLimiter(
    redis,
    `${prefix}:address-client`,
    config.auth.signinFailuresPerAddress,
    duration,
  );
  const byAddress = redisLimiter(redis, `${prefix}:address`, config.auth.signinFailuresPerAddressAllClients, duration);
  const byClient = redisLimiter(redis, `${prefix}:client`, config.auth.signinFailuresPerIp, duration);
  const epochKey = (address: string) => `${prefix}:epoch:${address}`;
  const epochOf = async (address: string) => (await redis.get(epochKey(address)).catch(() => null)) ?? '0';
  return {
    async attempt(email, ip) {
      const address = addressKey(email);
      const epoch = await epochOf(address);
      const windows = [
        { limiter: byAddressAndClient, key: `${address}:${epoch}:${clientKey(ip)}` },
        { limiter: byAddress, key: `${address}:${epoch}` },
        { limiter: byClient, key: clientKey(ip) },
      ];
      const wait = await reserve(windows);
      return {
        wait,
        async settle(correct) {
          if (!correct || wait !== undefined) return; // a failure keeps its point
          await Promise.all([
            byAddressAndClient.delete(windows[0]!.key),
            byAddress.delete(windows[1]!.key),
            byClient.reward(windows[2]!.key),
          ]);
        },
      };
    },
    async forgetAddress(email) {
      // The epoch outlives every window it starts, so an old count can never come back.
      await redis
        .multi()
        .incr(epochKey(addressKey(email)))
        .expire(epochKey(addressKey(email)), duration * 2)
        .exec();
    },
  };
}

/** Two-factor codes: one window per person (every client together), one per client. */
export interface CodeLimits {
  attempt(userId: string, ip: string | undefined): Promise<SigninAttempt>;
}

/**
 * Wrong codes (authenticator or recovery) per person, from all clients together, and per client:
 * a person's six digits cannot be guessed from many addresses, as the per-person window holds
 * whatever the client. A right code gives its points back (earlier failures stay counted).
 */
export function createCodeLimits(redis: Redis, config: Config): CodeLimits {
  const duration = config.auth.signinWindowMinutes * 60;
  const prefix = `${config.redis.keyPrefix}:two-factor`;
  const byUser = redisLimiter(redis, `${prefix}:user`, config.auth.twoFactorFailuresPerUser, duration);
  const byClient = redisLimiter(redis, `${prefix}:client`, config.auth.twoFactorFailuresPerIp, duration);
  return {
    async attempt(userId, ip) {
      const windows = [
        { limiter: byUser, key: userId },
        { limiter: byClient, key: clientKey(ip) },
      ];
      const wait = await reserve(windows);
      return {
        wait,
        async settle(correct) {
          if (!correct || wait !== undefined) return;
          await Promise.all(windows.map((w) => w.limiter.reward(w.key)));
        },
      };
    },
  };
}

/**
 * Whose windows a request of a token-carrying operation takes, read from its path before the body:
 * the token's account and recipient (a key that holds no address in the clear). Null for a token
 * that is not one of ours: it takes no window but its client's, and the handler answers it 404.
 */
export interface LimitOwner {
  account: string;
  recipient: string;
}

/**
 * Per-client and total hourly limits of an anonymous operation, as middleware before the body is
 * read: past any window, 429 `too_many_requests` with `Retry-After`. The client's window comes
 * first, and a request refused by one window does not count toward the next, so one noisy client
 * cannot spend everyone's allowance alone. With `ownerOf`, the token is read next: one that is not
 * ours spends no shared window, and a valid one takes its recipient's window, then its account's
 * (where the operation has `perRecipient`, `perAccount` settings), before the total. So only
 * requests that could succeed spend what everyone shares, and one link replayed from many clients
 * spends only its own window.
 */
export function anonymousLimit(
  redis: Redis,
  config: Config,
  operation: AnonymousOperation,
  ownerOf?: (req: Request) => LimitOwner | null,
): RequestHandler {
  const limits = config.auth.anonymousLimits[operation];
  const prefix = `${config.redis.keyPrefix}:anonymous:${operation}`;
  const window = (name: string, points: number) => redisLimiter(redis, `${prefix}:${name}`, points, 3600);
  const byClient = window('client', limits.perClient);
  const byRecipient = 'perRecipient' in limits ? window('recipient', limits.perRecipient) : undefined;
  const byAccount = 'perAccount' in limits ? window('account', limits.perAccount) : undefined;
  const overall = window('total', limits.total);
  const refuse = (res: Response, wait: number, who: string) =>
    sendTooManyRequests(res, wait, `Too many requests ${who}; try again after the Retry-After delay.`);
  /** The owner's windows in order, each with the words of its refusal. */
  const ownWindows = (owner: LimitOwner) =>
    [
      [byRecipient, owner.recipient, 'of this kind for this recipient this hour'],
      [byAccount, owner.account, 'of this kind for this account this hour'],
    ] as const;
  return (req, res, next) => {
    void (async () => {
      const clientWait = await takePoint(byClient, clientKey(req.ip));
      if (clientWait !== undefined) return refuse(res, clientWait, 'of this kind from this client this hour');
      const owner = ownerOf?.(req);
      if (owner === null) return next();
      for (const [limiter, key, who] of owner ? ownWindows(owner) : []) {
        const wait = limiter && (await takePoint(limiter, key));
        if (wait !== undefined) return refuse(res, wait, who);
      }
      const totalWait = await takePoint(overall, 'all');
      if (totalWait !== undefined) return refuse(res, totalWait, 'of this kind from everyone this hour');
      next();
    })().catch(next);
  };
}

/** Emails the sign-up and reset flows may send one address in an hour: a stranger can ask, but cannot flood an inbox. */
export const AUTH_EMAILS_PER_ADDRESS_PER_HOUR = 5;

/**
 * Caps the verification, "already registered" and reset emails per address. The request still
 * answers 202 as always (a refusal would tell who has an account); the email is just not sent.
 */
export function createAuthEmailLimit(redis: Redis, config: Config): (address: string) => Promise<boolean> {
  const perAddress = redisLimiter(
    redis,
    `${config.redis.keyPrefix}:auth-email:address`,
    AUTH_EMAILS_PER_ADDRESS_PER_HOUR,
    3600,
  );
  return async (address) => (await takePoint(perAddress, addressKey(address))) === undefined;
}

/** Invitations an account may send in an hour: a free account cannot turn them into a mailing list. */
export const INVITATIONS_PER_ACCOUNT_PER_HOUR = 20;

/** Seconds to wait before this account may invite again, or undefined. */
export function createInvitationLimit(
  redis: Redis,
  config: Config,
): (accountId: string) => Promise<number | undefined> {
  const perAccount = redisLimiter(
    redis,
    `${config.redis.keyPrefix}:invitations:account`,
    INVITATIONS_PER_ACCOUNT_PER_HOUR,
    3600,
  );
  return (accountId) => takePoint(perAccount, accountId);
}
