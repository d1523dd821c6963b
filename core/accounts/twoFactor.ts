// Two-factor sign-in with an authenticator app (docs/teams.md, "Two-factor sign-in"): TOTP as RFC
// 6238 and every authenticator app read it (SHA-1, six digits, thirty seconds), through otplib. The
// secret is stored encrypted and shown only while it is set up; a code is accepted once (the time
// step it matched is kept, and only a later one passes) and within one step of the clock either
// way. Ten recovery codes, each usable once, are shown when two-factor is turned on (and when they
// are made again) and stored as keyed hashes (HMAC-SHA256 under a key derived from
// POSTAGE_SECRET_KEY, with the person's id): they are random, 50 bits each, so a slow hash would
// add nothing against online guesses, and the key keeps a database dump from being searched for
// every person's codes at once.
import type { Knex } from 'knex';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';
import { decrypt, encrypt, keyedHash } from '../platform/crypto';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';

export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the person's address. */
const ISSUER = 'Postage';

interface TwoFactorRow {
  totp_secret_ciphertext: Buffer | null;
  totp_pending_ciphertext: Buffer | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | null;
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Db | Knex.Transaction, userId: string): Promise<TwoFactorState> {
  const [row, codes] = await Promise.all([
    db<TwoFactorRow & { id: string }>('users').where({ id: userId }).first('totp_enabled_at'),
    db('user_recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ count: string }[]>('*'),
  ]);
  const enabledAt = row?.totp_enabled_at ?? null;
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? Number(codes[0]?.count ?? 0) : 0 };
}

export interface TwoFactorSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** `otpauth://totp/...`, what the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/**
 * A new secret for the person to add to their app, kept (encrypted) as pending until a code from it
 * is confirmed; a second setup replaces the first. Two-factor already on: 409, turn it off first.
 */
export async function startTwoFactorSetup(
  db: Db,
  secretKey: string,
  user: { id: string; email: string },
): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const updated = await db('users')
    .where({ id: user.id })
    .whereNull('totp_enabled_at')
    .update({ totp_pending_ciphertext: encrypt(secretKey, 'totp-secret', Buffer.from(secret)) });
  if (updated === 0) throw new PostageError('two_factor_enabled', 'Two-factor sign-in is already on.');
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}

/** The time step `code` matches for `secret` after `afterStep`, or undefined. */
async function matchingStep(secret: string, code: string, afterStep: number | undefined): Promise<number | undefined> {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  // otplib throws when the last accepted step is ahead of this clock's window (another API
  // instance's clock a step ahead, or this one stepped back): no code of this moment can pass.
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
  }).catch(() => undefined);
  return result?.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Turns two-factor on with a code from the pending secret: the secret becomes the person's, and
 * ten new recovery codes are made (returned once). A wrong code changes nothing.
 */
export async function enableTwoFactor(
  db: Db,
  secretKey: string,
  userId: string,
  code: string,
): Promise<{ recoveryCodes: string[] } | undefined> {
  return db.transaction(async (trx) => {
    const row = await trx<TwoFactorRow & { id: string }>('users').where({ id: userId }).forUpdate().first();
    if (row?.totp_enabled_at) throw new PostageError('two_factor_enabled', 'Two-factor sign-in is already on.');
    if (!row?.totp_pending_ciphertext)
      throw new PostageError('two_factor_not_set_up', 'Start the setup first: no secret is waiting for a code.');
    const secret = decrypt(secretKey, 'totp-secret', row.totp_pending_ciphertext).toString();
    const step = await matchingStep(secret, code, undefined);
    if (step === undefined) return undefined;
    await trx('users').where({ id: userId }).update({
      totp_secret_ciphertext: row.totp_pending_ciphertext,
      totp_pending_ciphertext: null,
      totp_enabled_at: trx.fn.now(),
      totp_last_step: step,
    });
    return { recoveryCodes: await replaceRecoveryCodes(trx, secretKey, userId) };
  });
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten new codes for the person; the earlier ones stop working. */
async function replaceRecoveryCodes(trx: Knex.Transaction, secretKey: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // Ten of 32 characters (50 bits), without the ones read as others (0/o, 1/l).
    const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await trx('user_recovery_codes').where({ user_id: userId }).delete();
  await trx('user_recovery_codes').insert(
    codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(secretKey, userId, c) })),
  );
  return codes;
}

/** A recovery code as typed: case, spaces and the dash do not matter. */
function recoveryHash(secretKey: string, userId: string, code: string): Buffer {
  const typed = code.toLowerCase().replace(/[\s-]/g, '');
  return Buffer.from(keyedHash(secretKey, 'recovery-code', `${userId}:${typed}`), 'hex');
}

export type SecondFactor = { code: string } | { recoveryCode: string };

/**
 * Whether `factor` proves the person holds their second factor: a TOTP code for a time step later
 * than the last accepted one (that step is then taken, so the same code never passes twice, even
 * at once), or an unused recovery code (then used up). False when two-factor is off.
 */
export async function checkSecondFactor(
  db: Db,
  secretKey: string,
  userId: string,
  factor: SecondFactor,
): Promise<'code' | 'recovery_code' | undefined> {
  if ('recoveryCode' in factor) {
    const used = await db('user_recovery_codes')
      .where({ user_id: userId, code_hash: recoveryHash(secretKey, userId, factor.recoveryCode) })
      .whereNull('used_at')
      .whereExists(db('users').where({ id: userId }).whereNotNull('totp_enabled_at'))
      .update({ used_at: db.fn.now() });
    return used > 0 ? 'recovery_code' : undefined;
  }
  const row = await db<TwoFactorRow & { id: string }>('users').where({ id: userId }).first();
  if (!row?.totp_enabled_at || !row.totp_secret_ciphertext) return undefined;
  const last = row.totp_last_step === null ? undefined : Number(row.totp_last_step);
  const secret = decrypt(secretKey, 'totp-secret', row.totp_secret_ciphertext).toString();
  const step = await matchingStep(secret, factor.code, last);
  if (step === undefined) return undefined;
  // Taken only if no request took this step (or a later one) meanwhile.
  const taken = await db('users')
    .where({ id: userId })
    .andWhere((q) => void q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
    .update({ totp_last_step: step });
  return taken > 0 ? 'code' : undefined;
}

/** Turns two-factor off (after the caller proved a factor): the secret and the codes are deleted. */
export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction((trx) => clearTwoFactor(trx, userId));
}

async function clearTwoFactor(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('users').where({ id: userId }).update({
    totp_secret_ciphertext: null,
    totp_pending_ciphertext: null,
    totp_enabled_at: null,
    totp_last_step: null,
  });
  await trx('user_recovery_codes').where({ user_id: userId }).delete();
}

/**
 * True when the account requires two factors and this member has not turned them on: until then
 * the member can only set it up (the session, signing out, the setup itself).
 */
export async function mustSetUpTwoFactor(db: Db, accountId: string, userId: string): Promise<boolean> {
  const row = await db('accounts as a')
    .join('users as u', 'u.id', db.raw('?', [userId]))
    .where('a.id', accountId)
    .andWhere('a.require_two_factor', true)
    .whereNull('u.totp_enabled_at')
    .first<{ id: string } | undefined>('a.id');
  return row !== undefined;
}

/** Whether an account of the person's requires two factors (then they cannot turn it off). */
export async function requiredByAnAccount(db: Db, userId: string): Promise<boolean> {
  const row = await db('memberships as m')
    .join('accounts as a', 'a.id', 'm.account_id')
    .where({ 'm.user_id': userId, 'a.require_two_factor': true })
    .first<{ id: string } | undefined>('a.id');
  return row !== undefined;
}

/** The owner's rule, recorded in the audit log. */
export async function setTwoFactorRequirement(
  db: Db,
  accountId: string,
  required: boolean,
  actor: string,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('accounts').where({ id: accountId }).update({ require_two_factor: required });
    await recordAudit(trx, { accountId, actor, action: 'account.two_factor_requirement', details: { required } });
  });
}

/**
 * An operator's reset, for a person who lost both their app and their recovery codes (after
 * proving who they are out of band): two-factor off, and every session of theirs ended. Recorded
 * in each of their accounts' audit logs.
 */
export async function resetTwoFactor(db: Db, userId: string, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    await clearTwoFactor(trx, userId);
    await trx('sessions').where({ user_id: userId }).delete();
    const accounts = await trx('memberships').where({ user_id: userId }).select<{ account_id: string }[]>('account_id');
    for (const { account_id } of accounts)
      await recordAudit(trx, {
        accountId: account_id,
        actor,
        action: 'user.two_factor_reset',
        details: { user_id: userId },
      });
  });
}

/** New recovery codes (after the caller proved a factor), returned once. */
export async function regenerateRecoveryCodes(db: Db, secretKey: string, userId: string): Promise<string[]> {
  return db.transaction(async (trx) => replaceRecoveryCodes(trx, secretKey, userId));
}
