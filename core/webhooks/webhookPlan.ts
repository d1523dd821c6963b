// Spec 1: webhooks are a shared-mode feature of the Growth and Pro plans. One rule for every
// management operation that makes an endpoint deliver: create, change (PATCH) and test events.
// (The operator CLI still creates endpoints with a warning; issue 27 brings the two together.)
import { getAccount } from '../accounts/accounts';
import { subscribedPlan } from '../accounts/subscription';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';

export async function requireWebhookPlan(db: Db, accountId: string): Promise<void> {
  const account = await getAccount(db, accountId);
  if (!account || !subscribedPlan(account)) throw new PostageError('plan_required', 'Webhooks need a Growth or Pro subscription (shared mode).');
}
