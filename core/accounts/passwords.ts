// Passwords (argon2id through @node-rs/argon2, its default algorithm and OWASP-level cost). Never
// logged, never returned; only the PHC string is stored.
//
// Each hash costs about 19 MiB and tens of milliseconds of a core, and anonymous requests can ask
// for them, so at most PASSWORD_HASHES_AT_ONCE run at once per process (async-mutex's semaphore).
// Checking a password at sign-in goes ahead of queued hashes of new passwords (sign-up, reset),
// and one slot is always left to checks: a flood of junk sign-ups does not delay a sign-in's check.
import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from 'async-mutex';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** The rule a new password must meet, or undefined when it does. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}

const SIGN_IN = 10;
const NEW_PASSWORD = 0;
let hashing = new Semaphore(2);
// New passwords (sign-up, reset, change) may hold all slots but one, so a sign-in's check never
// waits for a hash of a new password to finish: it waits only for other checks.
let newPasswords = new Semaphore(1);

/** How many hashes or checks may run at once in this process (PASSWORD_HASHES_AT_ONCE). */
export function limitPasswordHashing(atOnce: number): void {
  const slots = Math.max(1, Math.floor(atOnce));
  hashing = new Semaphore(slots);
  newPasswords = new Semaphore(Math.max(1, slots - 1));
}

export function hashPassword(password: string): Promise<string> {
  return newPasswords.runExclusive(() => hashing.runExclusive(() => hash(password), 1, NEW_PASSWORD));
}

// A real hash of a random password: checking against it costs what a real check costs, so a
// wrong address answers in the same time as a wrong password.
let decoy: Promise<string> | undefined;

/** Checks `password` against `stored`; with no stored hash, spends the same time and fails. */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  decoy ??= hash(`decoy-${Math.random()}`);
  const against = stored ?? (await decoy);
  const matches = await hashing.runExclusive(() => verify(against, password).catch(() => false), 1, SIGN_IN);
  return stored !== undefined && matches;
}
