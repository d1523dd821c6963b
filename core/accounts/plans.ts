// Plans and their monthly allowances per sending mode, and the most days their accounts may keep
// their data (docs/privacy.md, "How long data is kept"). An allowance of 0 means the plan does not
// include that mode. Accounts without a subscription are on the `free` plan.
import type { Db } from '../platform/db';
import type { SendingMode } from '../model/sendingModes';
import { PostageError } from '../platform/errors';

export const FREE_PLAN = 'free';

export interface Plan {
  name: string;
  sharedMonthlyQuota: number;
  byocMonthlyQuota: number;
  /** The most days its accounts may keep each kind; null: up to the deployment's setting. */
  maxLogRetentionDays: number | null;
  maxContentRetentionDays: number | null;
  maxReceivedRetentionDays: number | null;
}

export interface PlanRow {
  name: string;
  shared_monthly_quota: number;
  byoc_monthly_quota: number;
  max_log_retention_days: number | null;
  max_content_retention_days: number | null;
  max_received_retention_days: number | null;
}

export const toPlan = (r: PlanRow): Plan => ({
  name: r.name,
  sharedMonthlyQuota: r.shared_monthly_quota,
  byocMonthlyQuota: r.byoc_monthly_quota,
  maxLogRetentionDays: r.max_log_retention_days ?? null,
  maxContentRetentionDays: r.max_content_retention_days ?? null,
  maxReceivedRetentionDays: r.max_received_retention_days ?? null,
});

/** The most days a plan's accounts may keep each kind of data; null: the deployment's setting; unset: unchanged. */
export interface RetentionBounds {
  maxLogRetentionDays?: number | null;
  maxContentRetentionDays?: number | null;
  maxReceivedRetentionDays?: number | null;
}

export async function getPlan(db: Db, name: string | null): Promise<Plan | undefined> {
  const row = await db<PlanRow>('plans')
    .where({ name: name ?? FREE_PLAN })
    .first();
  return row ? toPlan(row) : undefined;
}

export async function listPlans(db: Db): Promise<Plan[]> {
  return (await db<PlanRow>('plans').orderBy('name')).map(toPlan);
}

export function monthlyQuota(plan: Plan, mode: SendingMode): number {
  return mode === 'shared' ? plan.sharedMonthlyQuota : plan.byocMonthlyQuota;
}

const PLAN_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

function quota(label: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new PostageError('invalid_quota', `${label} must be a whole number of emails, 0 or more`);
  return value;
}

function days(label: string, value: number | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647)
    throw new PostageError('invalid_option', `${label} must be a whole number of days, 1 or more`);
  return value;
}

/** Creates or changes a plan's monthly allowances (0 leaves that mode out of the plan) and retention bounds. */
export async function setPlan(
  db: Db,
  name: string,
  quotas: { sharedMonthly?: number; byocMonthly?: number } & RetentionBounds,
): Promise<Plan> {
  const planName = name.trim().toLowerCase();
  if (!PLAN_NAME.test(planName))
    throw new PostageError(
      'invalid_plan',
      `${JSON.stringify(name)} is not a plan name (lower-case letters, digits, - and _)`,
    );
  const sharedMonthly = quota('--shared-monthly', quotas.sharedMonthly);
  const byocMonthly = quota('--byoc-monthly', quotas.byocMonthly);
  if (planName === FREE_PLAN && sharedMonthly) {
    throw new PostageError(
      'invalid_quota',
      'the free plan cannot include shared sending: shared mode needs a Growth or Pro subscription',
    );
  }
  const patch: Partial<PlanRow> = {};
  if (sharedMonthly !== undefined) patch.shared_monthly_quota = sharedMonthly;
  if (byocMonthly !== undefined) patch.byoc_monthly_quota = byocMonthly;
  const bounds = {
    max_log_retention_days: days('--max-log-retention-days', quotas.maxLogRetentionDays),
    max_content_retention_days: days('--max-content-retention-days', quotas.maxContentRetentionDays),
    max_received_retention_days: days('--max-received-retention-days', quotas.maxReceivedRetentionDays),
  };
  for (const [column, value] of Object.entries(bounds) as [keyof typeof bounds, number | null | undefined][])
    if (value !== undefined) patch[column] = value;
  const [row] = await db<PlanRow>('plans')
    .insert({ name: planName, shared_monthly_quota: 0, byoc_monthly_quota: 0, ...patch })
    .onConflict('name')
    .merge({ ...patch, updated_at: db.fn.now() } as Partial<PlanRow>)
    .returning('*');
  return toPlan(row!);
}
