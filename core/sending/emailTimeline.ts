// A shared message's timeline (docs/sending.md, "The email log"): queued, sent, then its
// outcome(s), each with its time, written by the workflow's activities as they happen and purged
// with the log row (14 days, by the foreign key). With the message's webhook deliveries it tells
// the message's story.
import type { Knex } from 'knex';
import type { Db } from '../platform/db';

/** `possible_duplicate`: the message was sent again after an SES call whose answer was lost (docs/operations.md, "Fault tolerance"). */
export type TimelineEventType =
  | 'scheduled'
  | 'canceled'
  | 'queued'
  | 'sent'
  | 'possible_duplicate'
  | 'delivered'
  | 'bounced'
  | 'complained'
  | 'failed'
  | 'opened'
  | 'clicked'
  /** Not final: SES keeps trying (details `delay_type`, `reason`; docs/webhooks.md, "Events"). */
  | 'delivery_delayed'
  | 'unsubscribed'
  /** A received message answers it (details `inbound_id`, `at`; docs/inbound.md, "Replies"); one per reply. */
  | 'replied';

export interface TimelineEvent {
  type: TimelineEventType;
  at: Date;
  details: Record<string, string>;
}

export interface MessageWebhookDelivery {
  endpointId: string;
  url: string;
  eventType: string;
  statusCode: number | null;
  succeeded: boolean;
  durationMs: number;
  error: string | null;
  attemptedAt: Date;
}

/**
 * The recipient used the message's one-click unsubscribe link (docs/sending.md, "One-click
 * unsubscribe"), details `topic` ('' for all mail): recorded once, and only while the shared log row
 * exists. False when there is no row (purged) or the event was already there.
 */
export async function recordUnsubscribed(
  db: Db,
  input: { messageId: string; topic: string | null; at: string },
): Promise<boolean> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `INSERT INTO email_events (message_id, type, at, details)
     SELECT message_id, 'unsubscribed', ?::timestamptz, ?::jsonb FROM email_log WHERE message_id = ?
     ON CONFLICT DO NOTHING RETURNING id`,
    [input.at, JSON.stringify({ topic: input.topic ?? '' }), input.messageId],
  );
  return rows.length > 0;
}

/** The unsubscribe a message's timeline recorded, as `email.unsubscribed` carries it (`topic` when it was for one, `occurred_at`): for a replay. */
export async function messageUnsubscribe(db: Db, messageId: string): Promise<Record<string, string> | undefined> {
  const row = await db('email_events')
    .where({ message_id: messageId, type: 'unsubscribed' })
    .first<{ at: Date; details: Record<string, string> } | undefined>('at', 'details');
  if (!row) return undefined;
  return {
    ...(row.details.topic ? { topic: row.details.topic } : {}),
    occurred_at: new Date(row.at).toISOString(),
  };
}

export async function messageTimeline(db: Db, messageId: string): Promise<TimelineEvent[]> {
  const rows = await db('email_events')
    .where({ message_id: messageId })
    .orderBy([{ column: 'at' }, { column: 'id' }])
    .select<{ type: TimelineEventType; at: Date; details: Record<string, string> }[]>('type', 'at', 'details');
  return rows.map((r) => ({ type: r.type, at: r.at, details: r.details }));
}

/** The webhook deliveries made for the message, oldest first. */
export async function messageWebhookDeliveries(db: Db, messageId: string): Promise<MessageWebhookDelivery[]> {
  const rows = await db('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where('d.message_id', messageId)
    .orderBy([{ column: 'd.attempted_at' }, { column: 'd.id' }])
    .select<
      {
        endpoint_id: string;
        url: string;
        event_type: string;
        status_code: number | null;
        succeeded: boolean;
        latency_ms: number;
        error: string | null;
        attempted_at: Date;
      }[]
    >(
      'd.endpoint_id',
      'e.url',
      'd.event_type',
      'd.status_code',
      'd.succeeded',
      'd.latency_ms',
      'd.error',
      'd.attempted_at',
    );
  return rows.map((r) => ({
    endpointId: r.endpoint_id,
    url: r.url,
    eventType: r.event_type,
    statusCode: r.status_code,
    succeeded: r.succeeded,
    durationMs: r.latency_ms,
    error: r.error,
    attemptedAt: r.attempted_at,
  }));
}

/** The details of the message's delay (the first one recorded: the timeline keeps one), or undefined. */
export async function messageDelay(db: Db, messageId: string): Promise<Record<string, string> | undefined> {
  const row = await db('email_events')
    .where({ message_id: messageId, type: 'delivery_delayed' })
    .first<{ details: Record<string, string> } | undefined>('details');
  return row?.details;
}
