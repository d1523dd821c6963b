// Webhook endpoints (spec 2.8): URL, subscribed events, a signing secret shown once and kept
// encrypted (we need it to sign), an active switch.
import { recordAudit } from './audit';
import { decrypt, encrypt, randomHex } from './crypto';
import type { Db } from './db';
import { PostageError } from './errors';

export const WEBHOOK_EVENT_TYPES = ['email.sent', 'email.delivered', 'email.failed', 'email.bounced', 'email.complained'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: Date;
}

interface WebhookEndpointRow {
  id: string;
  account_id: string;
  url: string;
  events: WebhookEventType[];
  secret_ciphertext: Buffer;
  active: boolean;
  created_at: Date;
}

const toEndpoint = (r: WebhookEndpointRow): WebhookEndpoint => ({
  id: r.id,
  accountId: r.account_id,
  url: r.url,
  events: r.events,
  active: r.active,
  createdAt: r.created_at,
});

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export async function createWebhookEndpoint(
  db: Db,
  secretKey: string,
  input: { accountId: string; url: string; events: WebhookEventType[] },
  actor: string,
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string }> {
  if (input.events.length === 0) throw new PostageError('invalid_events', 'choose at least one event type');
  const signingSecret = `whsec_${randomHex(32)}`;
  return db.transaction(async (trx) => {
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints')
      .insert({
        account_id: input.accountId,
        url: input.url,
        events: [...new Set(input.events)],
        secret_ciphertext: encrypt(secretKey, 'webhook-secret', Buffer.from(signingSecret)),
      })
      .returning('*');
    await recordAudit(trx, { accountId: input.accountId, actor, action: 'webhook.create', details: { id: row!.id, url: input.url, events: input.events } });
    return { endpoint: toEndpoint(row!), signingSecret };
  });
}

export async function listWebhookEndpoints(db: Db, accountId: string): Promise<WebhookEndpoint[]> {
  return (await db<WebhookEndpointRow>('webhook_endpoints').where({ account_id: accountId }).orderBy('created_at')).map(toEndpoint);
}

/** Active endpoints of the account subscribed to `event`. */
export async function subscribedEndpoints(db: Db, accountId: string, event: WebhookEventType): Promise<WebhookEndpoint[]> {
  const rows = await db<WebhookEndpointRow>('webhook_endpoints')
    .where({ account_id: accountId, active: true })
    .whereRaw('? = ANY(events)', [event])
    .orderBy('created_at');
  return rows.map(toEndpoint);
}

/** The endpoint with its decrypted signing secret, for the delivery activity only. */
export async function endpointForDelivery(db: Db, secretKey: string, id: string): Promise<(WebhookEndpoint & { signingSecret: string }) | undefined> {
  const row = await db<WebhookEndpointRow>('webhook_endpoints').where({ id }).first();
  if (!row) return undefined;
  return { ...toEndpoint(row), signingSecret: decrypt(secretKey, 'webhook-secret', row.secret_ciphertext).toString() };
}

export async function deleteWebhookEndpoint(db: Db, id: string, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints').where({ id }).delete().returning('*');
    if (!row) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
    await recordAudit(trx, { accountId: row.account_id, actor, action: 'webhook.delete', details: { id, url: row.url } });
  });
}
