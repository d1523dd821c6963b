// Idempotency keys: scoped to the account, kept for a configurable time (24 h). A retry with the
// same key and body replays the stored response; a different body, or a retry while the first
// request is in flight, is refused. The claim is written (autocommit) before the gates run; the
// completion is written inside the accepting transaction, so a replayable response exists exactly
// when the message was accepted. A request that fails releases its claim. Each claim has a random
// token, and completing or releasing names it: after a stale claim is taken over, the first
// request can neither complete nor delete the new owner's claim.
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { keyedHash } from '../platform/crypto';
import type { Db } from '../platform/db';

/** An in-flight claim older than this is taken to belong to a crashed request. */
/** An idempotency key, however it arrives (body, header, SMTP header): 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY = '^[\\x21-\\x7E]{1,255}$';
const STALE_CLAIM_SECONDS = 120;

export type ClaimResult =
  | { state: 'claimed'; token: string }
  | { state: 'replay'; response: unknown }
  | { state: 'mismatch' }
  | { state: 'in_progress' };

interface IdempotencyRow {
  request_hash: string;
  state: 'in_flight' | 'completed';
  response: unknown;
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What "the same request" means: the body without its idempotency key (which may come in the body
 * or the header), as a keyed hash so the body itself is never stored.
 */
export function requestFingerprint(secretKey: string, body: Record<string, unknown>): string {
  const { idempotency_key: _key, ...rest } = body;
  return keyedHash(secretKey, 'idempotency', canonicalJson(rest));
}

export async function claimIdempotencyKey(
  db: Db,
  input: { accountId: string; key: string; requestHash: string; ttlHours: number },
): Promise<ClaimResult> {
  const token = randomUUID();
  const expires = db.raw(`now() + make_interval(hours => ?)`, [input.ttlHours]);
  const inserted = await db('idempotency_keys')
    .insert({
      account_id: input.accountId,
      key: input.key,
      request_hash: input.requestHash,
      state: 'in_flight',
      claim_token: token,
      expires_at: expires,
    })
    .onConflict(['account_id', 'key'])
    .ignore()
    .returning('key');
  if (inserted.length > 0) return { state: 'claimed', token };

  // Expired keys and abandoned claims can be taken over; the WHERE makes the takeover race-safe.
  const takenOver = await db('idempotency_keys')
    .where({ account_id: input.accountId, key: input.key })
    // Block bodies: a knex builder is thenable, and the callback's result is not awaited.
    .andWhere((q) => {
      void q.where('expires_at', '<=', db.fn.now()).orWhere((q2) => {
        void q2
          .where('state', 'in_flight')
          .andWhere('created_at', '<', db.raw(`now() - make_interval(secs => ?)`, [STALE_CLAIM_SECONDS]));
      });
    })
    .update({
      request_hash: input.requestHash,
      state: 'in_flight',
      claim_token: token,
      response: null,
      message_id: null,
      created_at: db.fn.now(),
      expires_at: expires,
    })
    .returning('key');
  if (takenOver.length > 0) return { state: 'claimed', token };

  const row = await db('idempotency_keys')
    .where({ account_id: input.accountId, key: input.key })
    .first<IdempotencyRow | undefined>();
  if (!row) return claimIdempotencyKey(db, input); // released between our statements: try again
  if (row.request_hash !== input.requestHash) return { state: 'mismatch' };
  if (row.state === 'in_flight') return { state: 'in_progress' };
  return { state: 'replay', response: row.response };
}

export interface IdempotencyClaim {
  accountId: string;
  key: string;
  /** The token claimIdempotencyKey returned: proof that the claim is still ours. */
  token: string;
}

/**
 * Stores the response of an accepted request. Returns false when the claim is no longer ours
 * (it went stale and another request took it over): the caller must then not accept the message.
 */
export async function completeIdempotencyKey(
  trx: Knex.Transaction,
  claim: IdempotencyClaim & { response: unknown; messageId: string },
): Promise<boolean> {
  const updated = await trx('idempotency_keys')
    .where({ account_id: claim.accountId, key: claim.key, claim_token: claim.token, state: 'in_flight' })
    .update({ state: 'completed', response: JSON.stringify(claim.response), message_id: claim.messageId });
  return updated === 1;
}

/**
 * Stores the answer of a request that is not one message (a batch: each item completed its own
 * key when it was accepted). False when the claim is no longer ours.
 */
export async function completeIdempotencyResponse(
  db: Db,
  claim: IdempotencyClaim & { response: unknown },
): Promise<boolean> {
  const updated = await db('idempotency_keys')
    .where({ account_id: claim.accountId, key: claim.key, claim_token: claim.token, state: 'in_flight' })
    .update({ state: 'completed', response: JSON.stringify(claim.response) });
  return updated === 1;
}

/** The request failed before acceptance: forget our claim (only ours) so a corrected retry can proceed. */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db('idempotency_keys')
    .where({ account_id: claim.accountId, key: claim.key, claim_token: claim.token, state: 'in_flight' })
    .delete();
}

/** Housekeeping: expired keys are already ignored by claims; this frees their rows. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return db('idempotency_keys').where('expires_at', '<=', now).delete();
}
