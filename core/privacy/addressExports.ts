// Exports of an address's data (GDPR article 15; docs/privacy.md, "Exporting an address's data"):
// an owner or admin asks, the document is built at once (core/privacy/exportDocument.ts, bounded
// in size), stored encrypted and kept EXPORT_RETENTION_DAYS, then deleted by the purge. The
// address is in the ciphertext and as a keyed hash, never in clear and never in the audit log.
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../platform/audit';
import { decrypt, encrypt, keyedHash } from '../platform/crypto';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';
import { isValidAddress, suppressionKey } from '../model/addresses';
import { PostageError } from '../platform/errors';
import { buildAddressDocument, type ExportCounts } from './exportDocument';

export const EXPORT_RETENTION_DAYS = 7;
/** Exports an account may ask for an hour: each reads every record of an address. */
export const EXPORTS_PER_ACCOUNT_PER_HOUR = 20;

export interface AddressExport {
  id: string;
  status: 'ready';
  truncated: boolean;
  sizeBytes: number;
  counts: ExportCounts;
  requestedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

interface ExportRow {
  id: string;
  status: 'ready';
  truncated: boolean;
  size_bytes: number;
  counts: ExportCounts;
  requested_by: string;
  created_at: Date;
  expires_at: Date;
}

const META_COLUMNS = ['id', 'status', 'truncated', 'size_bytes', 'counts', 'requested_by', 'created_at', 'expires_at'];

const toExport = (row: ExportRow): AddressExport => ({
  id: row.id,
  status: row.status,
  truncated: row.truncated,
  sizeBytes: row.size_bytes,
  counts: row.counts,
  requestedBy: row.requested_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** Deletes the account's exports of `address` (an erasure: each is a copy of the person's data); how many went. */
export async function deleteExportsOf(db: Db, secretKey: string, accountId: string, address: string): Promise<number> {
  return db('privacy_exports')
    .where({ account_id: accountId, address_hash: exportAddressHash(secretKey, address) })
    .delete();
}

/** The keyed hash an export is found by when its address is erased. */
export const exportAddressHash = (secretKey: string, address: string) =>
  keyedHash(secretKey, 'privacy-export', suppressionKey(address));

export type ExportOutcome = { kind: 'created'; export: AddressExport } | { kind: 'too_many'; retryAfter: number };

/** Seconds until the account may ask again, or undefined when it may now. */
async function waitBeforeExport(db: Db, accountId: string): Promise<number | undefined> {
  const recent = await db('privacy_exports')
    .where({ account_id: accountId })
    .where('created_at', '>', db.raw(`now() - interval '1 hour'`))
    .orderBy('created_at', 'desc')
    .limit(EXPORTS_PER_ACCOUNT_PER_HOUR)
    .select<{ created_at: Date }[]>('created_at');
  if (recent.length < EXPORTS_PER_ACCOUNT_PER_HOUR) return undefined;
  const oldest = recent.at(-1)!.created_at.getTime();
  return Math.max(1, Math.ceil((oldest + 3_600_000 - Date.now()) / 1000));
}

/** Builds, encrypts and stores the export of `address` within the account. Throws `invalid_address`, or when nothing was stored. */
export async function exportAddress(
  deps: { db: Db; secretKey: string },
  input: { accountId: string; address: string; actor: string },
): Promise<ExportOutcome> {
  const { db, secretKey } = deps;
  // The refusal does not repeat the address: it could reach a log.
  if (!isValidAddress(input.address)) throw new PostageError('invalid_address', 'address: not an email address');
  const retryAfter = await waitBeforeExport(db, input.accountId);
  if (retryAfter !== undefined) return { kind: 'too_many', retryAfter };
  const id = randomUUID();
  const generatedAt = new Date();
  const built = await buildAddressDocument(db, {
    accountId: input.accountId,
    address: suppressionKey(input.address),
    generatedAt,
  });
  const row = await db.transaction(async (trx) => {
    const [inserted] = await trx('privacy_exports')
      .insert({
        id,
        account_id: input.accountId,
        requested_by: input.actor,
        address_hash: exportAddressHash(secretKey, input.address),
        status: 'ready',
        truncated: built.truncated,
        size_bytes: built.json.length,
        counts: JSON.stringify(built.counts),
        content: encrypt(secretKey, 'privacy-export', built.json),
        expires_at: new Date(generatedAt.getTime() + EXPORT_RETENTION_DAYS * 86_400_000),
      })
      .returning<ExportRow[]>(META_COLUMNS);
    // The audit log records that an export was made and by whom, never of which address.
    await recordAudit(trx, {
      accountId: input.accountId,
      actor: input.actor,
      action: 'privacy.export',
      details: { export_id: id, truncated: built.truncated, size_bytes: built.json.length },
    });
    return inserted!;
  });
  return { kind: 'created', export: toExport(row) };
}

/** One unexpired export of the account, or undefined (another account's is the same as none). */
export async function getAddressExport(db: Db, accountId: string, id: string): Promise<AddressExport | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db('privacy_exports')
    .where({ id: id.toLowerCase(), account_id: accountId })
    .where('expires_at', '>', db.fn.now())
    .first<ExportRow | undefined>(META_COLUMNS);
  return row ? toExport(row) : undefined;
}

/** The account's unexpired exports, newest first (at most EXPORTS_PER_ACCOUNT_PER_HOUR a hour for 7 days). */
export async function listAddressExports(db: Db, accountId: string, limit = 100): Promise<AddressExport[]> {
  const rows = await db('privacy_exports')
    .where({ account_id: accountId })
    .where('expires_at', '>', db.fn.now())
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select<ExportRow[]>(META_COLUMNS);
  return rows.map(toExport);
}

/** The document of an unexpired export, decrypted; undefined when it is gone. */
export async function exportDocument(db: Db, secretKey: string, id: string): Promise<Buffer | undefined> {
  const row = await db('privacy_exports')
    .where({ id })
    .where('expires_at', '>', db.fn.now())
    .first<{ content: Buffer } | undefined>('content');
  return row ? decrypt(secretKey, 'privacy-export', row.content) : undefined;
}

/** Deletes exports past their expiry (the content purge, core/sending/retention.ts). */
export async function purgeExpiredExports(db: Db, now: Date): Promise<number> {
  return db('privacy_exports').where('expires_at', '<=', now).delete();
}
