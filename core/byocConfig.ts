// BYOC configuration (spec 2.7, 3.2): role ARN, region, ExternalId; usable only once validated.
import type { Db } from './db';

export const BYOC_ROLE_NAME = 'Service-BYOC-Role';

export interface ByocConfig {
  accountId: string;
  roleArn: string;
  region: string;
  externalId: string;
  enabled: boolean;
  validatedAt: Date | null;
  validationError: string | null;
  unusableReason: string | null;
}

interface ByocConfigRow {
  account_id: string;
  role_arn: string;
  region: string;
  external_id: string;
  enabled: boolean;
  validated_at: Date | null;
  validation_error: string | null;
  unusable_reason: string | null;
}

const toConfig = (r: ByocConfigRow): ByocConfig => ({
  accountId: r.account_id,
  roleArn: r.role_arn,
  region: r.region,
  externalId: r.external_id,
  enabled: r.enabled,
  validatedAt: r.validated_at,
  validationError: r.validation_error,
  unusableReason: r.unusable_reason,
});

export async function getByocConfig(db: Db, accountId: string): Promise<ByocConfig | undefined> {
  const row = await db<ByocConfigRow>('byoc_configs').where({ account_id: accountId }).first();
  return row ? toConfig(row) : undefined;
}

/** `byoc_configured` of spec 2.4: validated, enabled, and not since found unusable by the relay. */
export function isByocUsable(config: ByocConfig | undefined): boolean {
  return Boolean(config && config.enabled && config.validatedAt && !config.unusableReason);
}

/** The relay found the role unusable: the API answers 503 byoc_not_configured until revalidated. */
export async function markByocUnusable(db: Db, accountId: string, reason: string): Promise<void> {
  await db('byoc_configs').where({ account_id: accountId }).update({ unusable_reason: reason, unusable_at: db.fn.now(), updated_at: db.fn.now() });
}
