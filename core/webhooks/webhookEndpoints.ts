// Webhook endpoints (docs/webhooks.md, "Set up an endpoint"): URL, subscribed events, a signing
// secret shown once and kept encrypted (we need it to sign), an active switch.
import { recordAudit } from '../platform/audit';
import { decrypt, encrypt, randomHex } from '../platform/crypto';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { validateWebhookUrl } from './webhookUrl';
import { requireWebhookPlan } from './webhookPlan';

import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../model/webhookEvents';

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
  previous_secret_ciphertext?: Buffer | null;
  previous_secret_expires_at?: Date | null;
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

/** Parses `email.delivered,email.bounced` style input; refuses unknown names. */
export function parseWebhookEvents(values: string[]): WebhookEventType[] {
  const names = [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((n) => !isWebhookEventType(n));
  if (unknown.length > 0)
    throw new PostageError(
      'invalid_events',
      `unknown event type ${unknown.join(', ')}; choose from ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    );
  if (names.length === 0)
    throw new PostageError('invalid_events', `choose at least one event type: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  return names as WebhookEventType[];
}

/**
 * The URL is checked like the delivery agent will connect (see webhookUrl.ts): pass the same
 * WEBHOOK_ALLOWED_PRIVATE_ADDRESSES, or private and loopback addresses are refused.
 */
export async function createWebhookEndpoint(
  db: Db,
  secretKey: string,
  input: { accountId: string; url: string; events: WebhookEventType[] },
  actor: string,
  opts: { allowedPrivateAddresses: string[] } = { allowedPrivateAddresses: [] },
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string }> {
  await requireWebhookPlan(db, input.accountId);
  const events = parseWebhookEvents(input.events);
  const url = await validateWebhookUrl(input.url, opts);
  const signingSecret = `whsec_${randomHex(32)}`;
  return db.transaction(async (trx) => {
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints')
      .insert({
        account_id: input.accountId,
        url,
        events,
        secret_ciphertext: encrypt(secretKey, 'webhook-secret', Buffer.from(signingSecret)),
      })
      .returning('*');
    await recordAudit(trx, {
      accountId: input.accountId,
      actor,
      action: 'webhook.create',
      details: { id: row!.id, url, events },
    });
    return { endpoint: toEndpoint(row!), signingSecret };
  });
}

export async function getWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpoint | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db<WebhookEndpointRow>('webhook_endpoints').where({ id }).first();
  return row ? toEndpoint(row) : undefined;
}

export async function setWebhookEndpointActive(
  db: Db,
  id: string,
  active: boolean,
  actor: string,
): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
  return db.transaction(async (trx) => {
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints')
      .where({ id })
      .update({ active, updated_at: trx.fn.now() } as Partial<WebhookEndpointRow>)
      .returning('*');
    if (!row) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
    // Switching one off is always allowed; on, only with the plan (the change is rolled back otherwise).
    if (active) await requireWebhookPlan(trx, row.account_id);
    await recordAudit(trx, {
      accountId: row.account_id,
      actor,
      action: active ? 'webhook.activate' : 'webhook.deactivate',
      details: { id, url: row.url },
    });
    return toEndpoint(row);
  });
}

/**
 * Changes an endpoint's URL, events or active switch (docs/webhooks.md). The signing secret never
 * changes: a customer who lost it deletes the endpoint and creates a new one.
 */
export async function updateWebhookEndpoint(
  db: Db,
  id: string,
  changes: { url?: string; events?: string[]; active?: boolean },
  actor: string,
  opts: { allowedPrivateAddresses: string[] } = { allowedPrivateAddresses: [] },
): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
  const patch: Record<string, unknown> = {};
  if (changes.url !== undefined) patch.url = await validateWebhookUrl(changes.url, opts);
  if (changes.events !== undefined) patch.events = parseWebhookEvents(changes.events);
  if (changes.active !== undefined) patch.active = changes.active;
  return db.transaction(async (trx) => {
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints')
      .where({ id })
      .update({ ...patch, updated_at: trx.fn.now() } as Partial<WebhookEndpointRow>)
      .returning('*');
    if (!row) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
    // Without the plan, only switching it off is allowed; anything else is rolled back.
    if (Object.keys(patch).some((k) => k !== 'active') || patch.active === true)
      await requireWebhookPlan(trx, row.account_id);
    await recordAudit(trx, { accountId: row.account_id, actor, action: 'webhook.update', details: { id, ...patch } });
    return toEndpoint(row);
  });
}

export interface WebhookDeliveryAttempt {
  /** Null for an attempt not yet read back from the history. */
  id: string | null;
  /** The delivery this one replayed. */
  replayOf: string | null;
  eventType: string;
  isTest: boolean;
  messageId: string | null;
  statusCode: number | null;
  succeeded: boolean;
  latencyMs: number;
  error: string | null;
  attemptedAt: Date;
}

/** The endpoint's recent delivery attempts, newest first (written by the delivery activity). */
export async function listWebhookDeliveries(db: Db, endpointId: string, limit = 20): Promise<WebhookDeliveryAttempt[]> {
  if (!isUuid(endpointId)) throw new PostageError('webhook_not_found', `no webhook endpoint ${endpointId}`);
  const rows = await db('webhook_deliveries')
    .where({ endpoint_id: endpointId })
    .orderBy([
      { column: 'attempted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select<
      {
        id: string;
        replay_of: string | null;
        event_type: string;
        is_test: boolean;
        message_id: string | null;
        status_code: number | null;
        succeeded: boolean;
        latency_ms: number;
        error: string | null;
        attempted_at: Date;
      }[]
    >();
  return rows.map((r) => ({
    id: String(r.id),
    replayOf: r.replay_of === null ? null : String(r.replay_of),
    eventType: r.event_type,
    isTest: r.is_test,
    messageId: r.message_id,
    statusCode: r.status_code,
    succeeded: r.succeeded,
    latencyMs: r.latency_ms,
    error: r.error,
    attemptedAt: r.attempted_at,
  }));
}

export async function listWebhookEndpoints(db: Db, accountId: string): Promise<WebhookEndpoint[]> {
  return (await db<WebhookEndpointRow>('webhook_endpoints').where({ account_id: accountId }).orderBy('created_at')).map(
    toEndpoint,
  );
}

/** Ids of the account's active endpoints subscribed to `event`, in the order they were made. */
export async function subscribedEndpointIds(db: Db, accountId: string, event: WebhookEventType): Promise<string[]> {
  const rows = await db('webhook_endpoints')
    .where({ account_id: accountId, active: true })
    .whereRaw('? = ANY(events)', [event])
    .orderBy('created_at')
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}

/**
 * The endpoint with its decrypted signing secret, for deliveries only; `previousSecret` while a
 * rotated secret still signs (its Standard Webhooks signature only).
 */
export async function endpointForDelivery(
  db: Db,
  secretKey: string,
  id: string,
  now = new Date(),
): Promise<(WebhookEndpoint & { signingSecret: string; previousSecret?: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db<WebhookEndpointRow>('webhook_endpoints').where({ id }).first();
  if (!row) return undefined;
  const overlapping =
    row.previous_secret_ciphertext && row.previous_secret_expires_at && row.previous_secret_expires_at > now;
  return {
    ...toEndpoint(row),
    signingSecret: decrypt(secretKey, 'webhook-secret', row.secret_ciphertext).toString(),
    ...(overlapping
      ? { previousSecret: decrypt(secretKey, 'webhook-secret', row.previous_secret_ciphertext!).toString() }
      : {}),
  };
}

/** How long a rotated secret keeps signing deliveries beside the new one. */
export const SECRET_OVERLAP_HOURS = 24;

/**
 * A new signing secret, shown this once. For SECRET_OVERLAP_HOURS the old one still signs each
 * delivery's Standard Webhooks signature beside the new one, so a receiver can switch without
 * losing events; X-Service-Signature (one secret: docs/webhooks.md, "Rotating the signing secret")
 * uses the new one at once.
 */
export async function rotateWebhookSecret(
  db: Db,
  secretKey: string,
  id: string,
  actor: string,
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string; previousSecretExpiresAt: Date }> {
  if (!isUuid(id)) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
  const signingSecret = `whsec_${randomHex(32)}`;
  return db.transaction(async (trx) => {
    const current = await trx<WebhookEndpointRow>('webhook_endpoints').where({ id }).forUpdate().first();
    if (!current) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
    await requireWebhookPlan(trx, current.account_id);
    const previousSecretExpiresAt = new Date(Date.now() + SECRET_OVERLAP_HOURS * 3600_000);
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints')
      .where({ id })
      .update({
        secret_ciphertext: encrypt(secretKey, 'webhook-secret', Buffer.from(signingSecret)),
        previous_secret_ciphertext: current.secret_ciphertext,
        previous_secret_expires_at: previousSecretExpiresAt,
        updated_at: trx.fn.now(),
      } as Partial<WebhookEndpointRow>)
      .returning('*');
    await recordAudit(trx, { accountId: current.account_id, actor, action: 'webhook.rotate_secret', details: { id } });
    return { endpoint: toEndpoint(row!), signingSecret, previousSecretExpiresAt };
  });
}

/** One recorded delivery of the endpoint, to replay; `firstAttemptedAt`: when the delivery it repeats (through any chain of replays) was first made. */
export async function findWebhookDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
): Promise<
  | {
      id: string;
      messageId: string | null;
      eventType: string;
      isTest: boolean;
      firstAttemptedAt: Date;
      /** The `webhook-id` it was sent with (null on rows older than the column). */
      eventId: string | null;
    }
  | undefined
> {
  if (!/^[1-9][0-9]{0,17}$/.test(deliveryId)) return undefined;
  const { rows } = await db.raw<{
    rows: {
      id: string;
      message_id: string | null;
      event_type: string;
      is_test: boolean;
      first_attempted_at: Date;
      event_id: string | null;
    }[];
  }>(
    `WITH RECURSIVE chain AS (
       SELECT id, replay_of, attempted_at, 0 AS depth FROM webhook_deliveries WHERE endpoint_id = ? AND id = ?
       UNION ALL
       SELECT d.id, d.replay_of, d.attempted_at, c.depth + 1 FROM webhook_deliveries d JOIN chain c ON d.id = c.replay_of
       WHERE c.depth < 100)
     SELECT d.id, d.message_id, d.event_type, d.is_test, d.event_id, (SELECT min(attempted_at) FROM chain) AS first_attempted_at
     FROM webhook_deliveries d WHERE d.endpoint_id = ? AND d.id = ?`,
    [endpointId, deliveryId, endpointId, deliveryId],
  );
  const row = rows[0];
  return row
    ? {
        id: String(row.id),
        messageId: row.message_id,
        eventType: row.event_type,
        isTest: row.is_test,
        firstAttemptedAt: new Date(row.first_attempted_at),
        eventId: row.event_id,
      }
    : undefined;
}

/** Permanent (docs/webhooks.md: `DELETE` removes the endpoint for good): the endpoint, its secret and its delivery history go. */
export async function deleteWebhookEndpoint(db: Db, id: string, actor: string): Promise<void> {
  if (!isUuid(id)) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
  await db.transaction(async (trx) => {
    const [row] = await trx<WebhookEndpointRow>('webhook_endpoints').where({ id }).delete().returning('*');
    if (!row) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
    await recordAudit(trx, {
      accountId: row.account_id,
      actor,
      action: 'webhook.delete',
      details: { id, url: row.url },
    });
  });
}
