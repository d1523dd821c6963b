// Single-use tokens sent by email (verify the address, reset the password): random, stored only
// as SHA-256 hashes, valid for a limited time, spent by the first use.
import type { Knex } from 'knex';
import { randomToken, sha256 } from '../platform/crypto';
import type { Db } from '../platform/db';

export type TokenPurpose = 'verify_email' | 'password_reset';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3_600_000,
  password_reset: 3_600_000,
};

/**
 * A new token for the user. Earlier unused tokens of the same purpose keep working until the email
 * carrying this one is queued (`retireOtherUserTokens`): asking again must not cancel a link when
 * no new one goes out.
 */
export async function issueUserToken(
  db: Db | Knex.Transaction,
  userId: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomToken(32);
  await db('user_tokens').insert({
    token_hash: sha256(token),
    user_id: userId,
    purpose,
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** The email with `token` went out: the user's earlier unused tokens of its purpose stop working (a newer one, issued meanwhile, stays). */
export async function retireOtherUserTokens(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<void> {
  const issuedAt = db('user_tokens')
    .where({ token_hash: sha256(token) })
    .select('created_at');
  await db('user_tokens')
    .where({ user_id: userId, purpose })
    .whereNull('used_at')
    .where('created_at', '<', issuedAt)
    .update({ used_at: now });
}

/** The email with `token` could not be queued: the token goes, the earlier ones stay. */
export async function withdrawUserToken(db: Db, token: string): Promise<void> {
  await db('user_tokens')
    .where({ token_hash: sha256(token) })
    .delete();
}

/** Whether the token would redeem now (read only: the cheap check before costly work). */
export async function userTokenIsUsable(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<boolean> {
  if (token.length === 0 || token.length > 200) return false;
  return (
    (await db('user_tokens')
      .where({ token_hash: sha256(token), purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .first('user_id')) !== undefined
  );
}

/** Spends the token: the user it was issued to, or undefined when unknown, used or expired. */
export async function redeemUserToken(
  db: Db | Knex.Transaction,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<string | undefined> {
  if (token.length === 0 || token.length > 200) return undefined;
  const [row] = await db('user_tokens')
    .where({ token_hash: sha256(token), purpose })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now })
    .returning<{ user_id: string }[]>('user_id');
  return row?.user_id;
}

export async function purgeExpiredUserTokens(db: Db, now = new Date()): Promise<number> {
  return db('user_tokens').where('expires_at', '<', now).delete();
}
