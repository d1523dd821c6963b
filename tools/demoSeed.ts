// The demo account `npm run dev` prepares, built with the same management layer the CLI uses.
// Re-running it is safe: the account and domain are reused; the demo key and webhook endpoint are
// replaced, because their secrets are shown only once.
import { createAccount, findAccountByEmail, updateAccount } from '../core/accounts/accounts';
import { createApiKey, listApiKeys, revokeApiKey } from '../core/accounts/apiKeys';
import type { Config } from '../core/platform/config';
import type { Db } from '../core/platform/db';
import { registerDomain } from '../core/domains/domainRegistration';
import { findDomain, markDomainVerified } from '../core/domains/domains';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, WEBHOOK_EVENT_TYPES } from '../core/webhooks/webhookEndpoints';

export const DEMO_EMAIL = 'demo@postage.dev';
export const DEMO_DOMAIN = 'demo.postage.dev';
const DEMO_KEY_NAME = 'demo key (npm run dev)';
const ACTOR = 'dev-seed';

export interface DemoSeed {
  accountId: string;
  apiKey: string;
  domain: string;
  webhookSigningSecret: string;
}

export async function seedDemo(db: Db, config: Config, receiverUrl: string): Promise<DemoSeed> {
  const account =
    (await findAccountByEmail(db, DEMO_EMAIL)) ?? (await createAccount(db, { email: DEMO_EMAIL, name: 'Demo account', plan: 'growth', verified: true }, ACTOR));
  if (account.plan !== 'growth' || !account.isVerified || account.sendingSuspended) {
    await updateAccount(db, account.id, { plan: 'growth', verified: true, suspended: false }, ACTOR);
  }

  // The demo domain has no public DNS to verify against: the operator override stands in.
  if (!(await findDomain(db, DEMO_DOMAIN))) await registerDomain(db, config, { accountId: account.id, name: DEMO_DOMAIN, mode: 'shared' }, ACTOR);
  await markDomainVerified(db, DEMO_DOMAIN, ACTOR);

  for (const key of await listApiKeys(db, account.id)) {
    if (key.name === DEMO_KEY_NAME && !key.revokedAt) await revokeApiKey(db, key.id, ACTOR);
  }
  const { secret } = await createApiKey(db, { accountId: account.id, name: DEMO_KEY_NAME }, ACTOR);

  for (const endpoint of await listWebhookEndpoints(db, account.id)) {
    if (new URL(endpoint.url).pathname === new URL(receiverUrl).pathname) await deleteWebhookEndpoint(db, endpoint.id, ACTOR);
  }
  const { signingSecret } = await createWebhookEndpoint(
    db,
    config.secretKey,
    { accountId: account.id, url: receiverUrl, events: [...WEBHOOK_EVENT_TYPES] },
    ACTOR,
    { allowedPrivateAddresses: config.webhooks.allowedPrivateAddresses },
  );

  return { accountId: account.id, apiKey: secret, domain: DEMO_DOMAIN, webhookSigningSecret: signingSecret };
}
