// Passwords (argon2id through @node-rs/argon2, its default algorithm and OWASP-level cost). Never
// logged, never returned; only the PHC string is stored.
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** The rule a new password must meet, or undefined when it does. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random password: checking against it costs what a real check costs, so a
// wrong address answers in the same time as a wrong password.
let decoy: Promise<string> | undefined;

/** Checks `password` against `stored`; with no stored hash, spends the same time and fails. */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    decoy ??= hash(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
