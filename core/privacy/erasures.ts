// Erasure requests (docs/privacy.md, "Erasing an address"): one row per request, its progress and
// what it removed by kind. The address is stored only sealed, for the workflow's activities to read
// (never in the workflow's input or history), and wiped when the workflow ends; the row keeps a
// keyed hash of it. The audit log records that an erasure happened, never the address.
import { randomUUID } from 'node:crypto';
import { isValidAddress, suppressionKey } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import { decrypt, encrypt } from '../platform/crypto';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { erasedAddressHash } from '../accounts/erasedAddress';
import { erasureCompletedEnvelope, type ErasureCompletedEnvelope } from '../webhooks/webhookPayloads';

export type ErasureStatus = 'running' | 'completed' | 'failed';

/** What one erasure removed, by kind (each activity of the workflow records its own). */
export type ErasureCounts = Partial<Record<ErasureKind, number>>;
export type ErasureKind =
  | 'scheduled_sends'
  | 'webhook_deliveries'
  | 'engagement_events'
  | 'log_rows'
  | 'received_messages'
  | 'audit_entries'
  | 'exports'
  | 'live_events'
  | 'suppressions';

export interface Erasure {
  id: string;
  status: ErasureStatus;
  removed: ErasureCounts;
  requestedAt: Date;
  completedAt: Date | null;
}

interface ErasureRow {
  id: string;
  status: ErasureStatus;
  removed: ErasureCounts;
  requested_at: Date;
  completed_at: Date | null;
}
const COLUMNS = ['id', 'status', 'removed', 'requested_at', 'completed_at'] as const;
const toErasure = (r: ErasureRow): Erasure => ({
  id: r.id,
  status: r.status,
  removed: r.removed,
  requestedAt: r.requested_at,
  completedAt: r.completed_at,
});

/** Starts `erase-<id>` (workflows/client.ts); only ids go in. */
export type StartErasure = (input: { erasureId: string; accountId: string }) => Promise<void>;

/**
 * Records the request (row and audit entry, one transaction), then starts its workflow. Throws
 * `invalid_address` for a value that is not an address. A failed start leaves the row `failed`.
 */
export async function requestErasure(
  db: Db,
  input: { accountId: string; address: string; secretKey: string; actor: string },
  start: StartErasure,
): Promise<Erasure> {
  const address = suppressionKey(input.address.trim());
  if (!isValidAddress(address))
    throw new PostageError('invalid_address', `${JSON.stringify(input.address)} is not an email address`, 'address');
  const id = randomUUID();
  const row = await db.transaction(async (trx) => {
    const [inserted] = await trx('erasures')
      .insert({
        id,
        account_id: input.accountId,
        address_hash: erasedAddressHash(input.secretKey, input.accountId, address),
        address_sealed: encrypt(input.secretKey, 'erasure-address', Buffer.from(address)),
        requested_by: input.actor,
      })
      .returning<ErasureRow[]>(COLUMNS);
    await recordAudit(trx, {
      accountId: input.accountId,
      actor: input.actor,
      action: 'privacy.erasure_requested',
      details: { erasure_id: id },
    });
    return inserted!;
  });
  try {
    await start({ erasureId: id, accountId: input.accountId });
  } catch (err) {
    await db('erasures').where({ id }).update({ status: 'failed', address_sealed: null, completed_at: db.fn.now() });
    throw err;
  }
  return toErasure(row);
}

export async function getErasure(db: Db, accountId: string, id: string): Promise<Erasure> {
  const row = isUuid(id)
    ? await db('erasures').where({ account_id: accountId, id }).first<ErasureRow | undefined>(COLUMNS)
    : undefined;
  if (!row) throw new PostageError('erasure_not_found', `no erasure ${id} in this account`);
  return toErasure(row);
}

/** The account's erasures, newest first (at most `limit`). */
export async function listErasures(db: Db, accountId: string, limit: number): Promise<Erasure[]> {
  const rows = await db('erasures')
    .where({ account_id: accountId })
    .orderBy([
      { column: 'requested_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select<ErasureRow[]>(COLUMNS);
  return rows.map(toErasure);
}

/** The erasure's account and address, for its activities; undefined once it ended (the address is wiped). */
export async function erasureSubject(
  db: Db,
  secretKey: string,
  erasureId: string,
): Promise<{ accountId: string; address: string } | undefined> {
  const row = await db('erasures')
    .where({ id: erasureId })
    .first<{ account_id: string; address_sealed: Buffer | null } | undefined>('account_id', 'address_sealed');
  if (!row?.address_sealed) return undefined;
  return {
    accountId: row.account_id,
    address: decrypt(secretKey, 'erasure-address', row.address_sealed).toString(),
  };
}

/** Adds one kind's count to the erasure's progress. */
export async function recordErased(db: Db, erasureId: string, kind: ErasureKind, count: number): Promise<void> {
  await db.raw(`UPDATE erasures SET removed = removed || jsonb_build_object(?::text, ?::int) WHERE id = ?`, [
    kind,
    count,
    erasureId,
  ]);
}

/** The end of an erasure: its status, the sealed address wiped, and (completed) an audit entry with the counts. */
export async function finishErasure(
  db: Db,
  erasureId: string,
  status: Exclude<ErasureStatus, 'running'>,
): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = await trx('erasures')
      .where({ id: erasureId, status: 'running' })
      .update({ status, address_sealed: null, completed_at: trx.fn.now() })
      .returning<{ account_id: string; removed: ErasureCounts }[]>(['account_id', 'removed']);
    if (!row) return;
    await recordAudit(trx, {
      accountId: row.account_id,
      actor: 'system',
      action: status === 'completed' ? 'privacy.erasure_completed' : 'privacy.erasure_failed',
      details: { erasure_id: erasureId, removed: row.removed },
    });
  });
}

/**
 * The body of `privacy.erasure_completed` for an erasure of `accountId` that has ended (its
 * status, counts and end; never the address); undefined while it runs, or for another account's.
 */
export async function erasureCompletedEvent(
  db: Db,
  accountId: string,
  erasureId: string,
): Promise<ErasureCompletedEnvelope | undefined> {
  const row = isUuid(erasureId)
    ? await db('erasures').where({ account_id: accountId, id: erasureId }).first<ErasureRow | undefined>(COLUMNS)
    : undefined;
  if (!row || row.status === 'running' || !row.completed_at) return undefined;
  return erasureCompletedEnvelope({
    erasure_id: row.id,
    status: row.status,
    removed: row.removed as Record<string, number>,
    completed_at: row.completed_at.toISOString(),
  });
}
