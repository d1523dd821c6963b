// The demo account `npm run dev` prepares, built with the same management layer the CLI uses.
// Re-running it is safe: the account and domain are reused; the demo key and webhook endpoint are
// replaced, because their secrets are shown only once.
import { createAccount, findAccountByEmail, updateAccount, type Account } from '../core/accounts/accounts';
import { hashPassword } from '../core/accounts/passwords';
import { findUserCredentials, setUserPassword } from '../core/accounts/users';
import { insertMemberUser } from '../core/accounts/members';
import { createApiKey, listApiKeys, revokeApiKey } from '../core/accounts/apiKeys';
import type { Config } from '../core/platform/config';
import type { Db } from '../core/platform/db';
import { markVerifiedByOperator, registerDomain } from '../core/domains/domainRegistration';
import { findDomain } from '../core/domains/domains';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../core/webhooks/webhookEndpoints';
import { WEBHOOK_EVENT_TYPES } from '../core/model/webhookEvents';

export const DEMO_EMAIL = 'demo@postage.dev';
export const DEMO_DOMAIN = 'demo.postage.dev';
/** The demo account receives mail here (any address: a catch-all rule), through the MX listener. */
export const DEMO_INBOUND_DOMAIN = `in.${DEMO_DOMAIN}`;
/** The demo user's password: `npm run dev` prints it; the stack listens on this machine only. */
export const DEMO_PASSWORD = 'postage-demo-password';
/** Postage's own emails (verification, reset) in `npm run dev` come from this system account's domain. */
export const DEV_SYSTEM_DOMAIN = 'mail.postage.dev';
export const DEV_SYSTEM_EMAIL_FROM = `Postage <no-reply@${DEV_SYSTEM_DOMAIN}>`;
const DEV_SYSTEM_ACCOUNT = 'system@postage.dev';
const DEMO_KEY_NAME = 'demo key (npm run dev)';
const ACTOR = 'dev-seed';

export interface DemoSeed {
  accountId: string;
  apiKey: string;
  domain: string;
  inboundDomain: string;
  webhookSigningSecret: string;
}

/**
 * The demo inbound domain with a catch-all rule to every endpoint, so mail to any address of it
 * reaches the demo receiver as email.received. Written as the management routes leave it (an
 * inbound domain under the verified shared domain, one rule); kept when it exists.
 */
async function ensureDemoInbound(db: Db, accountId: string): Promise<void> {
  const parent = await findDomain(db, DEMO_DOMAIN, accountId);
  if (!parent) return;
  await db('inbound_domains')
    .insert({ account_id: accountId, domain_id: parent.id, name: DEMO_INBOUND_DOMAIN })
    .onConflict('name')
    .ignore();
  const inbound = await db('inbound_domains')
    .where({ name: DEMO_INBOUND_DOMAIN, account_id: accountId })
    .first<{ id: string } | undefined>('id');
  if (!inbound) return; // another account's (a database shared with something else): left alone
  await db('inbound_rules')
    .insert({ account_id: accountId, inbound_domain_id: inbound.id, match: '*', kind: 'catch_all' })
    .onConflict(['inbound_domain_id', 'match'])
    .ignore();
}

/** A verified account on `plan` with a verified shared domain (the operator override stands in for DNS). */
async function ensureSender(
  db: Db,
  config: Config,
  input: { email: string; name: string; plan: string; domain: string },
): Promise<Account> {
  const account =
    (await findAccountByEmail(db, input.email)) ??
    (await createAccount(db, { email: input.email, name: input.name, plan: input.plan, verified: true }, ACTOR));
  if (account.plan !== input.plan || !account.isVerified || account.sendingSuspended) {
    await updateAccount(db, account.id, { plan: input.plan, verified: true, suspended: false }, ACTOR);
  }
  const domain =
    (await findDomain(db, input.domain, account.id)) ??
    (await registerDomain(db, config, { accountId: account.id, name: input.domain, mode: 'shared' }, ACTOR)).domain;
  await markVerifiedByOperator(db, config, domain, ACTOR);
  return account;
}

/** The demo account's user, signing in with DEMO_PASSWORD (reset on every run). */
async function ensureDemoUser(db: Db, accountId: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const existing = await findUserCredentials(db, DEMO_EMAIL);
  if (existing) await setUserPassword(db, existing.user.id, passwordHash);
  else await insertMemberUser(db, { accountId, email: DEMO_EMAIL, passwordHash });
}

export async function seedDemo(db: Db, config: Config, receiverUrl: string): Promise<DemoSeed> {
  // The system account sends verification and reset emails through the pipeline like anyone.
  if (config.auth.systemEmailFrom === DEV_SYSTEM_EMAIL_FROM) {
    await ensureSender(db, config, {
      email: DEV_SYSTEM_ACCOUNT,
      name: 'Postage',
      plan: 'pro',
      domain: DEV_SYSTEM_DOMAIN,
    });
  }
  const account = await ensureSender(db, config, {
    email: DEMO_EMAIL,
    name: 'Demo account',
    plan: 'growth',
    domain: DEMO_DOMAIN,
  });
  await ensureDemoUser(db, account.id);
  await ensureDemoInbound(db, account.id);

  for (const key of await listApiKeys(db, account.id)) {
    if (key.name === DEMO_KEY_NAME && !key.revokedAt) await revokeApiKey(db, key.id, ACTOR);
  }
  const { secret } = await createApiKey(db, { accountId: account.id, name: DEMO_KEY_NAME }, ACTOR);

  for (const endpoint of await listWebhookEndpoints(db, account.id)) {
    if (new URL(endpoint.url).pathname === new URL(receiverUrl).pathname)
      await deleteWebhookEndpoint(db, endpoint.id, ACTOR);
  }
  const { signingSecret } = await createWebhookEndpoint(
    db,
    config.secretKey,
    { accountId: account.id, url: receiverUrl, events: [...WEBHOOK_EVENT_TYPES] },
    ACTOR,
    {
      allowedPrivateAddresses: config.webhooks.allowedPrivateAddresses,
    },
  );

  return {
    accountId: account.id,
    apiKey: secret,
    domain: DEMO_DOMAIN,
    inboundDomain: DEMO_INBOUND_DOMAIN,
    webhookSigningSecret: signingSecret,
  };
}
