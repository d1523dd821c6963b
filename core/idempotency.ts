// Idempotency keys: scoped to the account, kept for a configurable time (24 h). A retry with the
// same key and body replays the stored response; a different body, or a retry while the first
// request is in flight, is refused. The completion is written inside the accepting transaction,
// so a replayable response exists exactly when the message was accepted.
import type { Knex } from 'knex';
import type { Db } from './db';

/** An in-flight claim older than this is taken to belong to a crashed request. */
const STALE_CLAIM_SECONDS = 120;

export type ClaimResult =
  | { state: 'claimed' }
  | { state: 'replay'; response: unknown }
  | { state: 'mismatch' }
  | { state: 'in_progress' };

interface IdempotencyRow {
  request_hash: string;
  state: 'in_flight' | 'completed';
  response: unknown;
}

export async function claimIdempotencyKey(db: Db, input: { accountId: string; key: string; requestHash: string; ttlHours: number }): Promise<ClaimResult> {
  const expires = db.raw(`now() + make_interval(hours => ?)`, [input.ttlHours]);
  const inserted = await db('idempotency_keys')
    .insert({ account_id: input.accountId, key: input.key, request_hash: input.requestHash, state: 'in_flight', expires_at: expires })
    .onConflict(['account_id', 'key'])
    .ignore()
    .returning('key');
  if (inserted.length > 0) return { state: 'claimed' };

  // Expired keys and abandoned claims can be taken over; the WHERE makes the takeover race-safe.
  const takenOver = await db('idempotency_keys')
    .where({ account_id: input.accountId, key: input.key })
    .andWhere((q) =>
      q.where('expires_at', '<=', db.fn.now()).orWhere((q2) => q2.where('state', 'in_flight').andWhere('created_at', '<', db.raw(`now() - make_interval(secs => ?)`, [STALE_CLAIM_SECONDS]))),
    )
    .update({ request_hash: input.requestHash, state: 'in_flight', response: null, message_id: null, created_at: db.fn.now(), expires_at: expires })
    .returning('key');
  if (takenOver.length > 0) return { state: 'claimed' };

  const row = await db('idempotency_keys').where({ account_id: input.accountId, key: input.key }).first<IdempotencyRow | undefined>();
  if (!row) return claimIdempotencyKey(db, input); // deleted between our statements: try again
  if (row.request_hash !== input.requestHash) return { state: 'mismatch' };
  if (row.state === 'in_flight') return { state: 'in_progress' };
  return { state: 'replay', response: row.response };
}

export async function completeIdempotencyKey(trx: Knex.Transaction, input: { accountId: string; key: string; response: unknown; messageId: string }): Promise<void> {
  await trx('idempotency_keys')
    .where({ account_id: input.accountId, key: input.key })
    .update({ state: 'completed', response: JSON.stringify(input.response), message_id: input.messageId });
}

/** The request failed before acceptance: forget the claim so a corrected retry can proceed. */
export async function releaseIdempotencyKey(db: Db, accountId: string, key: string): Promise<void> {
  await db('idempotency_keys').where({ account_id: accountId, key, state: 'in_flight' }).delete();
}
