// The receive workflow's record step (docs/inbound.md, "Replies" and "Rules"): ties the message to
// the one Postage sent that it answers, puts `replied` on that message's timeline, marks the
// message recorded, and names the endpoints `email.received` goes to. Run again, it finds what
// it wrote and writes nothing twice.
import { isUuid } from '../platform/ids';
import type { Db } from '../platform/db';
import { parseAndStoreReceived } from './parseReceived';
import { contentColumn, messagesWithContent } from './storedContent';
import type { ParsedInbound } from './receivedEmail';

/** `<local@domain>` (or bare) split at the last `@`, lower-cased domain; undefined for anything else. */
function splitMessageId(id: string): { local: string; domain: string } | undefined {
  const text = id.trim().replace(/^<|>$/g, '');
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return undefined;
  return { local: text.slice(0, at), domain: text.slice(at + 1).toLowerCase() };
}

const isAmazonSes = (domain: string) => domain === 'amazonses.com' || domain.endsWith('.amazonses.com');

/**
 * The ids a reply names, in the order they are tried: In-Reply-To, then References from the last
 * (the message answered) to the first (the thread's start).
 */
export function threadCandidates(headers: ParsedInbound['headers']): string[] {
  return [...(headers.in_reply_to ? [headers.in_reply_to] : []), ...[...headers.references].reverse()];
}

/**
 * The message of `accountId` that the first of `candidates` naming one is: `<uuid@...>` a message
 * of its email log (our own Message-ID: core/ses/rawMessages.ts), `<X@*.amazonses.com>` the message
 * SES gave id X. Undefined when none is.
 */
export async function findRepliedMessage(db: Db, accountId: string, candidates: string[]): Promise<string | undefined> {
  const parts = candidates.map(splitMessageId);
  const uuids = [...new Set(parts.flatMap((p) => (p && isUuid(p.local) ? [p.local.toLowerCase()] : [])))];
  const sesIds = [...new Set(parts.flatMap((p) => (p && isAmazonSes(p.domain) ? [p.local] : [])))];
  if (uuids.length === 0 && sesIds.length === 0) return undefined;
  const [logged, viaSes] = await Promise.all([
    uuids.length
      ? db('email_log').where({ account_id: accountId }).whereIn('message_id', uuids).pluck<string[]>('message_id')
      : Promise.resolve([] as string[]),
    sesIds.length
      ? db('provider_messages as p')
          .join('email_log as l', 'l.message_id', 'p.message_id')
          .where('p.account_id', accountId)
          .whereIn('p.provider_message_id', sesIds)
          .select<{ provider_message_id: string; message_id: string }[]>('p.provider_message_id', 'p.message_id')
      : Promise.resolve([] as { provider_message_id: string; message_id: string }[]),
  ]);
  const loggedIds = new Set(logged.map((id) => id.toLowerCase()));
  const bySesId = new Map(viaSes.map((r) => [r.provider_message_id, r.message_id]));
  for (const p of parts) {
    if (!p) continue;
    if (isUuid(p.local) && loggedIds.has(p.local.toLowerCase())) return p.local.toLowerCase();
    if (isAmazonSes(p.domain) && bySesId.has(p.local)) return bySesId.get(p.local);
  }
  return undefined;
}

export interface RecordResult {
  /** Gone (deleted before it was recorded): nothing to announce. */
  gone: boolean;
  repliedMessageId: string | null;
  endpointIds: string[];
  /** The message's account, once recorded (for its live stream: activities/recordReceivedMessage.ts). */
  accountId?: string;
}

export async function recordReceived(db: Db, inboundId: string): Promise<RecordResult> {
  const row = await messagesWithContent(db)
    .leftJoin('inbound_rules as r', 'r.id', 'm.rule_id')
    .where('m.id', inboundId)
    .first<
      | {
          account_id: string;
          parsed: ParsedInbound | null;
          received_at: Date;
          replied_message_id: string | null;
          started_at: Date | null;
          recorded_at: Date | null;
          endpoint_ids: string[] | null;
        }
      | undefined
    >(
      'm.account_id',
      contentColumn(db, 'parsed'),
      'm.received_at',
      'm.replied_message_id',
      'm.started_at',
      'm.recorded_at',
      // The rule's endpoints as they were when the message arrived; a row stored before they were
      // kept falls back to its rule's.
      db.raw('coalesce(m.endpoint_ids, r.endpoint_ids) as endpoint_ids'),
    );
  if (!row) return { gone: true, repliedMessageId: null, endpointIds: [] };
  if (row.recorded_at === null && row.started_at === null) {
    // The parse step gave up without any try reaching the message (it marks it started first):
    // PostgreSQL was away, and its last try's worker died (workflows/receiveEmail.ts, parseStep).
    // Never parsed, it cannot be a message that kills workers: parsed here (marked started first,
    // so a death here is not repeated), it is announced with its content, and the relay stops
    // starting it. A message whose parse began and never ended is started: not parsed again.
    const parsed = await parseAndStoreReceived(db, inboundId);
    if (parsed.gone) return { gone: true, repliedMessageId: null, endpointIds: [] };
    row.parsed = (
      await messagesWithContent(db)
        .where('m.id', inboundId)
        .first<{ parsed: ParsedInbound | null }>(contentColumn(db, 'parsed'))
    ).parsed;
  }

  let replied = row.replied_message_id;
  if (row.recorded_at === null) {
    replied =
      (row.parsed ? await findRepliedMessage(db, row.account_id, threadCandidates(row.parsed.headers)) : undefined) ??
      null;
    await db.transaction(async (trx) => {
      const at = new Date(row.received_at).toISOString();
      await trx('inbound_messages')
        .where({ id: inboundId })
        .whereNull('recorded_at')
        .update({ replied_message_id: replied, recorded_at: trx.fn.now() });
      // Several replies per message are allowed; one per received message (a unique index).
      if (replied)
        await trx.raw(
          `INSERT INTO email_events (message_id, type, at, details)
           SELECT message_id, 'replied', ?::timestamptz, ?::jsonb FROM email_log WHERE message_id = ?
           ON CONFLICT DO NOTHING`,
          [at, JSON.stringify({ inbound_id: inboundId, at }), replied],
        );
    });
  }
  return {
    gone: false,
    repliedMessageId: replied,
    endpointIds: await receivingEndpoints(db, row.account_id, row.endpoint_ids),
    accountId: row.account_id,
  };
}

/**
 * Who gets `email.received` (docs/inbound.md, "Rules"): with no endpoints named by the rule that
 * routed the message when it arrived, every active endpoint subscribed to it; otherwise the named
 * ones still active and still subscribed, in the rule's order. A rule deleted since changes
 * nothing: the message keeps the endpoints it was routed to.
 */
export async function receivingEndpoints(db: Db, accountId: string, named: string[] | null): Promise<string[]> {
  const subscribed = await endpointsSubscribedToReceived(db, accountId);
  if (!named || named.length === 0) return subscribed;
  const live = new Set(subscribed);
  return named.filter((id) => live.has(id));
}

/**
 * The account's active endpoints subscribed to `email.received`, oldest first. Read here, not
 * through core/webhooks: that folder sits above this one (it replays what was received).
 */
export async function endpointsSubscribedToReceived(db: Db, accountId: string): Promise<string[]> {
  return db('webhook_endpoints')
    .where({ account_id: accountId, active: true })
    .whereRaw(`'email.received' = ANY(events)`)
    .orderBy('created_at')
    .pluck<string[]>('id');
}

/**
 * Of `endpointIds`, those that are not the account's endpoints subscribed to `email.received`
 * (active or not): what a rule may not name (422 \`invalid_endpoints\`, docs/inbound.md, "Rules").
 */
export async function endpointsNotReceiving(db: Db, accountId: string, endpointIds: string[]): Promise<string[]> {
  const wellFormed = endpointIds.filter(isUuid);
  const subscribed = new Set(
    wellFormed.length
      ? await db('webhook_endpoints')
          .where({ account_id: accountId })
          .whereIn('id', wellFormed)
          .whereRaw(`'email.received' = ANY(events)`)
          .pluck<string[]>('id')
      : [],
  );
  return endpointIds.filter((id) => !subscribed.has(id));
}
