// API keys (docs/teams.md, "API keys"; docs/sending.md, "Processing order"):
// `pk_<lookup id>_<secret>`, shown once, stored as a SHA-512 hash.
// The public lookup id makes authentication a single indexed read.
import type { ApiKeyLookup } from './apiKeyCache';
import { recordAudit } from '../platform/audit';
import { constantTimeEqual, randomHex, sha512 } from '../platform/crypto';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';
import { normaliseDomainName } from '../model/addresses';
import { PostageError } from '../platform/errors';
import { checkedNetworks, networkAllows } from './keyNetworks';

const KEY_FORMAT = /^pk_([0-9a-f]{16})_([0-9a-f]{64})$/;

/**
 * `sending` may call /api/send/ and /api/me/ only; `full_access` may also manage the account
 * (the management API). Ordered from least to most.
 */
export const KEY_PERMISSIONS = ['sending', 'full_access'] as const;
export type KeyPermission = (typeof KEY_PERMISSIONS)[number];
/** What a new key gets when its creator names no permission. */
export const DEFAULT_KEY_PERMISSION: KeyPermission = 'sending';

export function isKeyPermission(value: unknown): value is KeyPermission {
  return typeof value === 'string' && (KEY_PERMISSIONS as readonly string[]).includes(value);
}

/** True when `held` includes everything `wanted` allows. */
export function permissionCovers(held: KeyPermission, wanted: KeyPermission): boolean {
  return KEY_PERMISSIONS.indexOf(held) >= KEY_PERMISSIONS.indexOf(wanted);
}

export interface ApiKey {
  id: string;
  accountId: string;
  name: string;
  lookupId: string;
  permission: KeyPermission;
  domainScope: string[];
  /** CIDR ranges the key may be used from (core/accounts/keyNetworks.ts); empty: anywhere. */
  networks: string[];
  /** A test key (docs/test-recipients.md, "Test keys"): its sends are simulated, never reach SES. */
  test: boolean;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  /** The audit actor that made the key (null for keys made before this was recorded). */
  createdBy: string | null;
  /** The person responsible for the key: its maker, or the maker of the key that made it. */
  createdByUser: string | null;
}

export interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  lookup_id: string;
  secret_hash: Buffer;
  permission: KeyPermission;
  domain_scope: string[];
  allowed_networks: string[];
  test: boolean;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
  created_by: string | null;
  created_by_user: string | null;
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    lookupId: row.lookup_id,
    permission: row.permission,
    domainScope: row.domain_scope,
    networks: row.allowed_networks,
    test: row.test,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
    createdBy: row.created_by,
    createdByUser: row.created_by_user,
  };
}

/** The public part of a key, safe to log ("pk_<lookup id>"). */
export function keyPrefix(lookupId: string): string {
  return `pk_${lookupId}`;
}

/**
 * The key's domain scope (docs/teams.md, "API keys"): the account's own domains only, normalised and
 * deduplicated.
 * Empty means every domain of the account.
 */
async function checkedScope(db: Db, accountId: string, scope: string[]): Promise<string[]> {
  const names = [...new Set(scope.map(normaliseDomainName).filter(Boolean))];
  if (names.length === 0) return [];
  const owned = new Set(
    (
      await db('domains').where({ account_id: accountId }).whereIn('name', names).select<{ name: string }[]>('name')
    ).map((r) => r.name),
  );
  const foreign = names.filter((n) => !owned.has(n));
  if (foreign.length > 0)
    throw new PostageError('invalid_scope', `not a domain of this account: ${foreign.join(', ')}`, 'domains');
  return names;
}

export async function createApiKey(
  db: Db,
  input: {
    accountId: string;
    name: string;
    permission?: KeyPermission;
    domainScope?: string[];
    networks?: string[];
    test?: boolean;
    expiresAt?: Date | null;
  },
  actor: string,
  now = new Date(),
): Promise<{ apiKey: ApiKey; secret: string }> {
  const name = input.name.trim();
  if (!name) throw new PostageError('invalid_name', 'an API key needs a name', 'name');
  if (name.length > 100) throw new PostageError('invalid_name', 'an API key name is at most 100 characters', 'name');
  const permission = input.permission ?? 'sending';
  if (!isKeyPermission(permission))
    throw new PostageError(
      'invalid_permission',
      `the permission is one of ${KEY_PERMISSIONS.join(', ')}`,
      'permission',
    );
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now))
    throw new PostageError('invalid_expiry', 'the expiry must be a date in the future', 'expires_at');
  const networks = checkedNetworks(input.networks ?? []);
  const domainScope = await checkedScope(db, input.accountId, input.domainScope ?? []);
  // CSPRNG: 8 bytes of public lookup id, 32 bytes (256 bits) of secret.
  const lookupId = randomHex(8);
  const secret = `pk_${lookupId}_${randomHex(32)}`;
  return db.transaction(async (trx) => {
    const [row] = await trx<ApiKeyRow>('api_keys')
      .insert({
        created_by: actor,
        created_by_user: await personBehind(trx, actor),
        account_id: input.accountId,
        name,
        lookup_id: lookupId,
        secret_hash: sha512(secret),
        permission,
        domain_scope: domainScope,
        allowed_networks: networks,
        test: input.test === true,
        expires_at: expiresAt,
      })
      .returning('*');
    await recordAudit(trx, {
      accountId: input.accountId,
      actor,
      action: 'api_key.create',
      details: {
        key: keyPrefix(lookupId),
        name,
        permission,
        domain_scope: domainScope,
        networks,
        test: input.test === true,
        expires_at: expiresAt,
      },
    });
    return { apiKey: toApiKey(row!), secret };
  });
}

/** The person an actor stands for: a user, or the person behind the key that acts (none for operators). */
async function personBehind(db: Db, actor: string): Promise<string | null> {
  const [kind, id] = actor.split(':');
  if (kind === 'user' && id && isUuid(id)) return id;
  if (kind === 'key' && id && isUuid(id))
    return (await db<ApiKeyRow>('api_keys').where({ id }).first('created_by_user'))?.created_by_user ?? null;
  return null;
}

/** A key by its id or by its public prefix `pk_<lookup id>` (what `key list` shows). */
export async function findApiKey(db: Db, idOrPrefix: string): Promise<ApiKey | undefined> {
  const key = idOrPrefix.trim();
  const prefix = /^pk_([0-9a-f]{16})$/.exec(key);
  const where = prefix ? { lookup_id: prefix[1]! } : isUuid(key) ? { id: key } : undefined;
  const row = where && (await db<ApiKeyRow>('api_keys').where(where).first());
  return row ? toApiKey(row) : undefined;
}

export async function listApiKeys(db: Db, accountId: string): Promise<ApiKey[]> {
  return (await db<ApiKeyRow>('api_keys').where({ account_id: accountId }).orderBy('created_at')).map(toApiKey);
}

/**
 * Takes effect on the key's next request: authentication reads the row every time, but on the
 * send routes, where the gates statement checks the key again (core/accounts/apiKeyCache.ts). With
 * `accountId`, a key of another account is reported as not found.
 */
export async function revokeApiKey(db: Db, idOrPrefix: string, actor: string, accountId?: string): Promise<ApiKey> {
  const found = await findApiKey(db, idOrPrefix);
  if (!found || (accountId !== undefined && found.accountId !== accountId))
    throw new PostageError('api_key_not_found', `no API key ${idOrPrefix}`);
  const id = found.id;
  return db.transaction(async (trx) => {
    const [row] = await trx<ApiKeyRow>('api_keys')
      .where({ id })
      .update({ revoked_at: trx.raw('COALESCE(revoked_at, now())') as unknown as Date })
      .returning('*');
    if (!row) throw new PostageError('api_key_not_found', `no API key ${id}`);
    await recordAudit(trx, {
      accountId: row.account_id,
      actor,
      action: 'api_key.revoke',
      details: { key: keyPrefix(row.lookup_id) },
    });
    return toApiKey(row);
  });
}

export type AuthFailure = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired';
export type AuthResult =
  | { ok: true; key: ApiKey }
  | { ok: false; reason: AuthFailure }
  /** A valid key used from outside its networks: 403 `network_not_allowed`, not a 401. */
  | { ok: false; reason: 'outside_networks'; key: ApiKey };

/**
 * `from`: the client's address (the API's `req.ip`, which follows TRUST_PROXY; the relay's session
 * address, which follows the PROXY protocol), checked against the key's networks once the key is
 * known to be valid. With `cache` (the send path only: its gates statement checks the key again,
 * core/accounts/apiKeyCache.ts), a key seen lately is not read again.
 */
export async function authenticateApiKey(
  db: Db,
  presented: string | undefined,
  from: string | undefined,
  now = new Date(),
  cache?: ApiKeyLookup<ApiKeyRow>,
): Promise<AuthResult> {
  if (!presented) return { ok: false, reason: 'missing' };
  const match = KEY_FORMAT.exec(presented);
  if (!match) return { ok: false, reason: 'malformed' };
  const lookupId = match[1]!;
  let row = cache?.get(lookupId);
  if (!row) {
    const readStartedAt = cache?.readStarts() ?? 0;
    row = await db<ApiKeyRow>('api_keys').where({ lookup_id: lookupId }).first();
    if (row && !row.revoked_at) cache?.set(lookupId, row, readStartedAt);
  }
  // Hash even when the lookup id is unknown, so both paths cost about the same.
  const presentedHash = sha512(presented);
  if (!row || !constantTimeEqual(presentedHash, row.secret_hash)) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.expires_at && row.expires_at <= now) return { ok: false, reason: 'expired' };
  const key = toApiKey(row);
  if (!networkAllows(key.networks, from)) return { ok: false, reason: 'outside_networks', key };
  return { ok: true, key };
}

// last_used_at is written at most once a minute per key and process: the dashboard shows when a key
// was last used, and the send path should not pay a write for every request.
const LAST_USED_RESOLUTION_MS = 60_000;
const lastUsedWrites = new Map<string, number>();

/** Records that the key was just used (fire and forget: a failed write only makes the time older). */
export function noteKeyUsed(db: Db, keyId: string, now = Date.now()): void {
  const last = lastUsedWrites.get(keyId);
  if (last !== undefined && now - last < LAST_USED_RESOLUTION_MS) return;
  if (lastUsedWrites.size > 10_000) lastUsedWrites.clear();
  lastUsedWrites.set(keyId, now);
  void db('api_keys')
    .where({ id: keyId })
    .update({ last_used_at: new Date(now) })
    .catch(() => lastUsedWrites.delete(keyId));
}
