// Plans and their monthly allowances per sending mode. An allowance of 0 means the plan
// does not include that mode. Accounts without a subscription are on the `free` plan.
import type { Db } from './db';
import type { SendingMode } from './domains';

export const FREE_PLAN = 'free';

export interface Plan {
  name: string;
  sharedMonthlyQuota: number;
  byocMonthlyQuota: number;
}

interface PlanRow {
  name: string;
  shared_monthly_quota: number;
  byoc_monthly_quota: number;
}

const toPlan = (r: PlanRow): Plan => ({ name: r.name, sharedMonthlyQuota: r.shared_monthly_quota, byocMonthlyQuota: r.byoc_monthly_quota });

export async function getPlan(db: Db, name: string | null): Promise<Plan | undefined> {
  const row = await db<PlanRow>('plans').where({ name: name ?? FREE_PLAN }).first();
  return row ? toPlan(row) : undefined;
}

export async function listPlans(db: Db): Promise<Plan[]> {
  return (await db<PlanRow>('plans').orderBy('name')).map(toPlan);
}

export function monthlyQuota(plan: Plan, mode: SendingMode): number {
  return mode === 'shared' ? plan.sharedMonthlyQuota : plan.byocMonthlyQuota;
}

export async function setPlan(db: Db, name: string, quotas: { sharedMonthly?: number; byocMonthly?: number }): Promise<Plan> {
  const patch: Partial<PlanRow> = {};
  if (quotas.sharedMonthly !== undefined) patch.shared_monthly_quota = quotas.sharedMonthly;
  if (quotas.byocMonthly !== undefined) patch.byoc_monthly_quota = quotas.byocMonthly;
  const [row] = await db<PlanRow>('plans')
    .insert({ name, shared_monthly_quota: 0, byoc_monthly_quota: 0, ...patch })
    .onConflict('name')
    .merge({ ...patch, updated_at: db.fn.now() } as Partial<PlanRow>)
    .returning('*');
  return toPlan(row!);
}
