// BYOC configuration (docs/byoc.md): role ARN, region, ExternalId; usable only once validated.
// byocSetup.ts saves and validates it; this module stores it.
import { recordAudit } from '../platform/audit';
import { randomHex } from '../platform/crypto';
import type { Db } from '../platform/db';

export const BYOC_ROLE_NAME = 'Service-BYOC-Role' as const;

export interface ByocConfig {
  accountId: string;
  roleArn: string;
  region: string;
  externalId: string;
  enabled: boolean;
  validatedAt: Date | null;
  validationError: string | null;
  unusableReason: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface ByocConfigRow {
  account_id: string;
  role_arn: string;
  region: string;
  external_id: string;
  enabled: boolean;
  validated_at: Date | null;
  validation_error: string | null;
  unusable_reason: string | null;
  created_at?: Date;
  updated_at?: Date;
}

export const toConfig = (r: ByocConfigRow): ByocConfig => ({
  accountId: r.account_id,
  roleArn: r.role_arn,
  region: r.region,
  externalId: r.external_id,
  enabled: r.enabled,
  validatedAt: r.validated_at,
  validationError: r.validation_error,
  unusableReason: r.unusable_reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function getByocConfig(db: Db, accountId: string): Promise<ByocConfig | undefined> {
  const row = await db<ByocConfigRow>('byoc_configs').where({ account_id: accountId }).first();
  return row ? toConfig(row) : undefined;
}

/** `byoc_configured` of `GET /api/me/` (docs/sending.md): validated, enabled, and not since found unusable by the relay. */
export function isByocUsable(config: ByocConfig | undefined): boolean {
  return Boolean(config && config.enabled && config.validatedAt && !config.unusableReason);
}

/** The relay found the role unusable: the API answers 503 byoc_not_configured until revalidated. */
export async function markByocUnusable(db: Db, accountId: string, reason: string): Promise<void> {
  await db('byoc_configs')
    .where({ account_id: accountId })
    .update({ unusable_reason: reason, unusable_at: db.fn.now(), updated_at: db.fn.now() });
}

/** 48 hexadecimal characters (192 bits) from a CSPRNG (`external_id` of `GET /api/byoc` in the API reference). */
export function newExternalId(): string {
  return randomHex(24);
}

/**
 * Saves the role and region. The ExternalId is created on the first save and kept afterwards, so
 * the trust policy the customer pasted stays valid. A new role or region is unvalidated until
 * the next passing validation.
 */
export async function saveByocConfig(
  db: Db,
  input: { accountId: string; roleArn: string; region: string },
  actor: string,
): Promise<ByocConfig> {
  return db.transaction(async (trx) => {
    const before = await trx<ByocConfigRow>('byoc_configs').where({ account_id: input.accountId }).forUpdate().first();
    let row: ByocConfigRow | undefined;
    if (!before) {
      [row] = await trx<ByocConfigRow>('byoc_configs')
        .insert({
          account_id: input.accountId,
          role_arn: input.roleArn,
          region: input.region,
          external_id: newExternalId(),
        })
        .returning('*');
    } else if (before.role_arn !== input.roleArn || before.region !== input.region) {
      [row] = await trx('byoc_configs')
        .where({ account_id: input.accountId })
        .update({
          role_arn: input.roleArn,
          region: input.region,
          enabled: false,
          validated_at: null,
          updated_at: trx.fn.now(),
        })
        .returning<ByocConfigRow[]>('*');
    } else row = before;
    if (row !== before) {
      await recordAudit(trx, {
        accountId: input.accountId,
        actor,
        action: 'byoc.configure',
        details: { role_arn: row!.role_arn, region: row!.region, external_id_created: !before },
      });
    }
    return toConfig(row!);
  });
}

/**
 * Stores a validation's outcome. Only a pass enables the configuration (and clears the relay's
 * unusable mark); a failure that says the role cannot work disables it; a failure that may pass
 * on retry (propagation, an unreachable endpoint) leaves the current state alone.
 */
export async function recordByocValidation(
  db: Db,
  accountId: string,
  result: { ok: boolean; code: string; message: string; definitive: boolean },
  actor: string,
): Promise<ByocConfig> {
  return db.transaction(async (trx) => {
    const patch: Record<string, unknown> = result.ok
      ? { enabled: true, validated_at: trx.fn.now(), validation_error: null, unusable_reason: null, unusable_at: null }
      : { validation_error: result.message, ...(result.definitive ? { enabled: false } : {}) };
    const [row] = await trx('byoc_configs')
      .where({ account_id: accountId })
      .update({ ...patch, updated_at: trx.fn.now() })
      .returning<ByocConfigRow[]>('*');
    await recordAudit(trx, {
      accountId,
      actor,
      action: 'byoc.validate',
      details: { ok: result.ok, code: result.code },
    });
    return toConfig(row!);
  });
}
