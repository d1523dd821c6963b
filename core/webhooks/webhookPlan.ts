// docs/webhooks.md: webhooks are a shared-mode feature of the Growth and Pro plans. One rule,
// applied by core/ itself wherever an endpoint is made to deliver (created, changed, switched on,
// sent a test event), so the API and the operator CLI cannot differ (docs/decisions.md, "One rule
// for who may have a webhook endpoint").
import { getAccount } from '../accounts/accounts';
import { subscribedPlan } from '../accounts/subscription';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';

export async function requireWebhookPlan(db: Db, accountId: string): Promise<void> {
  const account = await getAccount(db, accountId);
  if (!account || !subscribedPlan(account))
    throw new PostageError('plan_required', 'Webhooks need a Growth or Pro subscription (shared mode).');
}
