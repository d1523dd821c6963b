// Accounts, domains, keys and endpoints built through the same management modules the CLI uses.
import { randomBytes } from 'node:crypto';
import { createAccount, type Account } from '../../core/accounts/accounts';
import { createApiKey } from '../../core/accounts/apiKeys';
import type { Db } from '../../core/platform/db';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import type { SendingMode } from '../../core/model/sendingModes';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../core/model/webhookEvents';
import { createWebhookEndpoint } from '../../core/webhooks/webhookEndpoints';

const ACTOR = 'test';

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface SenderFixture {
  account: Account;
  domain: string;
  apiKey: string;
}

/** A verified account with one verified domain and an API key: everything a send needs. */
export async function createSender(
  db: Db,
  opts: {
    plan?: string | null;
    mode?: SendingMode;
    verified?: boolean;
    domainVerified?: boolean;
    keyScope?: string[];
  } = {},
): Promise<SenderFixture> {
  const account = await createAccount(
    db,
    {
      email: `${uniqueName('owner')}@example.com`,
      name: 'Test account',
      plan: opts.plan === undefined ? 'growth' : opts.plan,
      verified: opts.verified ?? true,
    },
    ACTOR,
  );
  const domain = `${uniqueName('mail')}.example.com`;
  await addDomain(db, { accountId: account.id, name: domain, mode: opts.mode ?? 'shared' }, ACTOR);
  if (opts.domainVerified !== false) await markDomainVerified(db, domain, ACTOR);
  const { secret } = await createApiKey(
    db,
    { accountId: account.id, name: 'test key', domainScope: opts.keyScope ?? [] },
    ACTOR,
  );
  return { account, domain, apiKey: secret };
}

export async function createEndpoint(
  db: Db,
  secretKey: string,
  accountId: string,
  url: string,
  events: WebhookEventType[] = [...WEBHOOK_EVENT_TYPES],
) {
  // Test receivers listen on loopback, which endpoint URLs may use only when allowed.
  return createWebhookEndpoint(db, secretKey, { accountId, url, events }, ACTOR, {
    allowedPrivateAddresses: ['127.0.0.1', '::1'],
  });
}
