// Opens and clicks in a message's timeline (docs/sending.md, "Tracking opens and clicks"): every
// click; an open at most once as a person and once as a machine. Only shared messages with their
// log row have a timeline: anything else (a BYOC message, a purged row) records nothing.
import type { Db } from '../platform/db';
import type { EngagementEvent } from '../model/workflowContract';

/** The event's `details` in the timeline: strings only (docs/sending.md, "The email log"). */
export function engagementDetails(event: EngagementEvent): Record<string, string> {
  return {
    machine: String(event.machine),
    user_agent: event.userAgent,
    ...(event.type === 'clicked' ? { url: event.url ?? '', link_index: String(event.linkIndex ?? 0) } : {}),
  };
}

/**
 * Writes the event. `recorded` is false when the message has no log row or an open of the same
 * kind is already recorded; it is true again for the same call re-run after its worker died
 * (`recordedBy`, drawn by the workflow), so the event is still announced.
 */
export async function recordEngagementEvent(
  db: Db,
  messageId: string,
  event: EngagementEvent,
  recordedBy: string,
): Promise<{ recorded: boolean; accountId: string | null }> {
  const { rows } = await db.raw<{ rows: { account_id: string | null; inserted: boolean; mine: boolean }[] }>(
    `WITH message AS (SELECT message_id, account_id FROM email_log WHERE message_id = ?),
          inserted AS (
            INSERT INTO email_events (message_id, type, at, details, recorded_by)
            SELECT message_id, ?::text, ?::timestamptz, ?::jsonb, ?::uuid FROM message
            ON CONFLICT DO NOTHING RETURNING 1)
     SELECT (SELECT account_id FROM message) AS account_id,
            EXISTS (SELECT 1 FROM inserted) AS inserted,
            EXISTS (SELECT 1 FROM email_events WHERE message_id = ? AND type = ? AND recorded_by = ?::uuid) AS mine`,
    [
      messageId,
      event.type,
      event.at,
      JSON.stringify(engagementDetails(event)),
      recordedBy,
      messageId,
      event.type,
      recordedBy,
    ],
  );
  const row = rows[0];
  return { recorded: Boolean(row && (row.inserted || row.mine)), accountId: row?.account_id ?? null };
}

/**
 * The open or click a delivery announced, for its replay (docs/webhooks.md, "Replay"): the latest
 * of that type recorded by `announcedBy` (the first attempt of the delivery being replayed), since
 * deliveries do not keep their body. Undefined once the log row, and so the timeline, is gone.
 */
export async function announcedEngagement(
  db: Db,
  messageId: string,
  type: EngagementEvent['type'],
  announcedBy: Date,
  /** When the delivery recorded its event's own webhook id: the event whose id this is (`idOf`), exactly. */
  exactly?: { eventId: string; idOf: (event: EngagementEvent) => string },
): Promise<EngagementEvent | undefined> {
  const rows = await db('email_events')
    .where({ message_id: messageId, type })
    .andWhere('at', '<=', announcedBy)
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .modify((q) => {
      if (!exactly) void q.limit(1);
    })
    .select<{ at: Date; details: Record<string, string> }[]>('at', 'details');
  const events = rows.map(({ at, details }): EngagementEvent => ({
    type,
    at: new Date(at).toISOString(),
    machine: details.machine === 'true',
    userAgent: details.user_agent ?? '',
    ...(type === 'clicked' ? { url: details.url ?? '', linkIndex: Number(details.link_index ?? 0) } : {}),
  }));
  return exactly ? events.find((e) => exactly.idOf(e) === exactly.eventId) : events[0];
}
