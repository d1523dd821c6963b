// Limits of the sign-in and sign-up flows (rate-limiter-flexible on Redis, with a per-process
// memory fallback like the send limit). Failed sign-ins are limited per address and per client
// IP; only failures count, and a correct pair clears the address's count. While either limit is
// reached every attempt is refused with 429 before the password is checked, so guessing cannot
// go on at a slower pace through the limit.
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../core/platform/config';
import { sha256Hex } from '../core/platform/crypto';

export interface SigninLimits {
  /** Seconds to wait when a limit is reached, else undefined. */
  blockedFor(email: string, ip: string): Promise<number | undefined>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

function limiter(redis: Redis, keyPrefix: string, points: number, duration: number): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}

export function createSigninLimits(redis: Redis, config: Config): SigninLimits {
  const duration = config.auth.signinWindowMinutes * 60;
  const byAddress = limiter(redis, 'postage:signin:address', config.auth.signinFailuresPerAddress, duration);
  const byIp = limiter(redis, 'postage:signin:ip', config.auth.signinFailuresPerIp, duration);
  // Addresses are hashed: Redis holds no list of who tried to sign in.
  const addressKey = (email: string) => sha256Hex(email.trim().toLowerCase());
  const wait = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : undefined);
  return {
    async blockedFor(email, ip) {
      const [a, i] = await Promise.all([byAddress.get(addressKey(email)), byIp.get(ip)]);
      const waits = [wait(a, byAddress.points), wait(i, byIp.points)].filter((w): w is number => w !== undefined);
      return waits.length > 0 ? Math.max(...waits) : undefined;
    },
    async recordFailure(email, ip) {
      // penalty() counts without rejecting: the caller answers 401 for this attempt either way.
      await Promise.all([byAddress.penalty(addressKey(email)), byIp.penalty(ip)]);
    },
    async recordSuccess(email) {
      await byAddress.delete(addressKey(email));
    },
  };
}

/** Emails the sign-up and reset flows may send one address in an hour: a stranger can ask, but cannot flood an inbox. */
export const AUTH_EMAILS_PER_ADDRESS_PER_HOUR = 5;

/**
 * Caps the verification, "already registered" and reset emails per address. The request still
 * answers 202 as always (a refusal would tell who has an account); the email is just not sent.
 */
export function createAuthEmailLimit(redis: Redis): (address: string) => Promise<boolean> {
  const perAddress = limiter(redis, 'postage:auth-email:address', AUTH_EMAILS_PER_ADDRESS_PER_HOUR, 3600);
  return async (address) => {
    try {
      await perAddress.consume(sha256Hex(address.trim().toLowerCase()));
      return true;
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      return false; // a RateLimiterRes: over the limit
    }
  };
}
