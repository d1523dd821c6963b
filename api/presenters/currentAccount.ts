// The current-account record of GET /api/me/ (docs/sending.md, "GET /api/me/"): exactly its nine
// fields, no secrets. Usage comes from the counters that gate sending, for the current UTC month.
import { getAccount } from '../../core/accounts/accounts';
import { getByocConfig, isByocUsable } from '../../core/byoc/byocConfig';
import type { Db } from '../../core/platform/db';
import { canSend, listDomains } from '../../core/domains/domains';
import { subscribedPlan } from '../../core/accounts/subscription';
import { monthlyUsage } from '../../core/accounts/usage';

export interface CurrentAccountRecord {
  name: string;
  email: string;
  is_verified: boolean;
  current_plan: string;
  byoc_usage_current_month: number;
  shared_usage_current_month: number;
  byoc_configured: boolean;
  verified_byoc_domains: string[];
  verified_shared_domains: string[];
}

export async function currentAccountRecord(
  db: Db,
  accountId: string,
  at = new Date(),
): Promise<CurrentAccountRecord | undefined> {
  const [account, usage, domains, byoc] = await Promise.all([
    getAccount(db, accountId),
    monthlyUsage(db, accountId, at),
    listDomains(db, accountId),
    getByocConfig(db, accountId),
  ]);
  if (!account) return undefined;
  const verified = domains.filter(canSend);
  return {
    name: account.name,
    email: account.email,
    is_verified: account.isVerified,
    current_plan: subscribedPlan(account) ?? '',
    byoc_usage_current_month: usage.byoc,
    shared_usage_current_month: usage.shared,
    byoc_configured: isByocUsable(byoc),
    verified_byoc_domains: verified.filter((d) => d.sendingMode === 'byoc').map((d) => d.name),
    verified_shared_domains: verified.filter((d) => d.sendingMode === 'shared').map((d) => d.name),
  };
}
