// Whether an account has a subscription that grants access (docs/errors-and-limits.md, "Limits";
// docs/sending.md, "Processing order", gate 3). Accounts without one (plan NULL, or the `free` plan
// named explicitly) are on the free BYOC plan.
import type { Account } from './accounts';
import { FREE_PLAN } from './plans';

/** The subscribed plan's id, or null when no subscription grants access. */
export function subscribedPlan(account: Pick<Account, 'plan'>): string | null {
  return account.plan && account.plan !== FREE_PLAN ? account.plan : null;
}
