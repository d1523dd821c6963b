// The JSON document of everything an account holds about one address (docs/privacy.md, "Exporting
// an address's data"): its email log rows (each with its timeline, engagement included, its
// schedule and its webhook deliveries), its suppressions (unsubscribes included), and the messages
// received from or to it (metadata and parsed content; attachments listed with their sizes, never
// their bytes). Read in keyset batches and written as it is read, so an address with 100,000 log
// rows never sits in memory as rows; the document stops at `maxBytes` and says it was truncated.
import type { Knex } from 'knex';
import type { Db } from '../platform/db';
import {
  attachmentColumns,
  attachmentsWithContent,
  contentColumn,
  contentExpression,
  messagesWithContent,
} from '../inbound/storedContent';

/** The largest document, in bytes: past it the export stops and is marked truncated. */
export const EXPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Log rows (or received messages) read per statement. */
export const EXPORT_BATCH_SIZE = 500;

export type ExportSection = 'emails' | 'suppressions' | 'received';
export type ExportCounts = Record<ExportSection, number>;

export interface BuiltDocument {
  json: Buffer;
  truncated: boolean;
  counts: ExportCounts;
}

/** Chunks of JSON text within a byte budget. */
class BoundedWriter {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  full = false;

  constructor(private readonly maxBytes: number) {}

  /** Appends `text` unless it would pass the budget (then the writer is full from now on). */
  tryWrite(text: string): boolean {
    const chunk = Buffer.from(text);
    if (this.full || this.size + chunk.length > this.maxBytes) {
      this.full = true;
      return false;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  /** Appends structure (a section's brackets, the trailer) whatever the budget: a few bytes, and the document stays JSON. */
  writeStructure(text: string): void {
    const chunk = Buffer.from(text);
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

type Row = Record<string, unknown>;

/** Each batch of `readBatch` (given the last row read, undefined at first) as JSON array items, until a short batch or a full writer; how many were written. */
async function writeArray(
  writer: BoundedWriter,
  name: ExportSection,
  batchSize: number,
  readBatch: (after: Row | undefined) => Promise<Row[]>,
): Promise<number> {
  writer.writeStructure(`,${JSON.stringify(name)}:[`);
  let written = 0;
  let after: Row | undefined;
  for (;;) {
    const rows = await readBatch(after);
    for (const row of rows) {
      if (!writer.tryWrite(`${written ? ',' : ''}${JSON.stringify(row.record)}`)) break;
      written += 1;
    }
    after = rows.at(-1);
    if (writer.full || rows.length < batchSize) break;
  }
  writer.writeStructure(']');
  return written;
}

const byMessage = (rows: Row[]) => {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const id = String(row.message_id);
    map.set(id, [...(map.get(id) ?? []), row.record as Row]);
  }
  return map;
};

/**
 * A batch of the address's log rows, each with its timeline, its schedule and its webhook
 * deliveries (by endpoint id: an endpoint's URL often carries the customer's own secret).
 */
async function emailBatch(db: Knex, accountId: string, address: string, after: Row | undefined, limit: number) {
  const query = db('email_log as l')
    .where('l.account_id', accountId)
    .whereRaw('lower(l.recipient) = ?', [address])
    .orderBy([{ column: 'l.created_at' }, { column: 'l.message_id' }])
    .limit(limit)
    .select<Row[]>(
      'l.message_id',
      db.raw('l.created_at::text AS cursor_at'),
      db.raw(`to_jsonb(l) - 'account_id' AS log`),
    );
  if (after)
    query.whereRaw('(l.created_at, l.message_id) > (?::timestamptz, ?::uuid)', [
      String(after.cursor_at),
      String(after.message_id),
    ]);
  const rows = await query;
  if (rows.length === 0) return rows;
  const ids = rows.map((r) => String(r.message_id));
  const [events, schedules, deliveries] = await Promise.all([
    db('email_events as e')
      .whereIn('e.message_id', ids)
      .orderBy([{ column: 'e.at' }, { column: 'e.id' }])
      .select<Row[]>('e.message_id', db.raw(`to_jsonb(e) - 'message_id' AS record`)),
    db('scheduled_sends as s')
      .whereIn('s.message_id', ids)
      .where('s.account_id', accountId)
      .select<Row[]>('s.message_id', db.raw(`to_jsonb(s) - 'message_id' - 'account_id' AS record`)),
    db('webhook_deliveries as d')
      .join('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .where('w.account_id', accountId)
      .whereIn('d.message_id', ids)
      .orderBy('d.id')
      .select<Row[]>('d.message_id', db.raw(`to_jsonb(d) - 'message_id' AS record`)),
  ]);
  const [timelines, schedulesOf, deliveriesOf] = [byMessage(events), byMessage(schedules), byMessage(deliveries)];
  return rows.map((r) => {
    const id = String(r.message_id);
    return {
      ...r,
      record: {
        ...(r.log as Row),
        schedule: schedulesOf.get(id)?.[0] ?? null,
        events: timelines.get(id) ?? [],
        webhook_deliveries: deliveriesOf.get(id) ?? [],
      },
    };
  });
}

/** Every suppression of the address (all mail, and each unsubscribe topic). */
async function suppressionRows(db: Knex, accountId: string, address: string): Promise<Row[]> {
  return db('suppressions as s')
    .where({ 's.account_id': accountId, 's.address': address })
    .orderBy('s.created_at')
    .select<Row[]>(db.raw(`to_jsonb(s) - 'account_id' AS record`));
}

const RECEIVED_COLUMNS = [
  'm.id',
  'm.source',
  'm.envelope_from',
  'm.envelope_to',
  'm.client_ip',
  'm.helo',
  'm.size_bytes',
  'm.verdicts',
  'm.replied_message_id',
  'm.received_at',
  'm.recorded_at',
] as const;

/** A batch of messages received from or to the address: metadata and parsed content, attachments by name and size. */
async function receivedBatch(db: Knex, accountId: string, address: string, after: Row | undefined, limit: number) {
  const query = messagesWithContent(db)
    .where('m.account_id', accountId)
    .where((q) => {
      q.where('m.envelope_to', address)
        .orWhereRaw('lower(m.envelope_from) = ?', [address])
        .orWhereRaw(`lower(${contentExpression('from_address')}) = ?`, [address]);
    })
    .orderBy([{ column: 'm.received_at' }, { column: 'm.id' }])
    .limit(limit)
    .select<Row[]>(
      ...RECEIVED_COLUMNS,
      db.raw('m.received_at::text AS cursor_at'),
      ...(['subject', 'from_address', 'malformed', 'parsed'] as const).map((c) => contentColumn(db, c)),
    );
  if (after)
    query.whereRaw('(m.received_at, m.id) > (?::timestamptz, ?::uuid)', [String(after.cursor_at), String(after.id)]);
  const rows = await query;
  if (rows.length === 0) return rows;
  const attachments = await attachmentsWithContent(db)
    .whereIn(
      'a.message_id',
      rows.map((r) => String(r.id)),
    )
    .orderBy([{ column: 'a.message_id' }, { column: 'a.position' }])
    .select<Row[]>(
      'a.message_id',
      'a.id',
      'a.position',
      ...attachmentColumns(db, ['filename', 'declared_type', 'detected_type', 'size_bytes', 'sha256', 'content_id']),
    );
  const listed = byMessage(attachments.map(({ message_id, ...record }) => ({ message_id, record })));
  return rows.map(({ cursor_at, ...message }) => ({
    id: message.id,
    cursor_at,
    record: { ...message, attachments: listed.get(String(message.id)) ?? [] },
  }));
}

/** The document for `address` (lower-cased) within the account, at most `maxBytes` long. */
export async function buildAddressDocument(
  db: Db,
  input: { accountId: string; address: string; generatedAt: Date },
  limits: { maxBytes: number; batchSize: number } = { maxBytes: EXPORT_MAX_BYTES, batchSize: EXPORT_BATCH_SIZE },
): Promise<BuiltDocument> {
  const { accountId, address } = input;
  const { batchSize } = limits;
  const writer = new BoundedWriter(limits.maxBytes);
  writer.writeStructure(
    `{"address":${JSON.stringify(address)},"generated_at":${JSON.stringify(input.generatedAt.toISOString())}`,
  );
  const counts: ExportCounts = { emails: 0, suppressions: 0, received: 0 };
  counts.emails = await writeArray(writer, 'emails', batchSize, (after) =>
    emailBatch(db, accountId, address, after, batchSize),
  );
  const suppressions = await suppressionRows(db, accountId, address);
  counts.suppressions = await writeArray(writer, 'suppressions', batchSize, async (after) =>
    after ? [] : suppressions,
  );
  counts.received = await writeArray(writer, 'received', batchSize, (after) =>
    receivedBatch(db, accountId, address, after, batchSize),
  );
  writer.writeStructure(`,"truncated":${writer.full},"counts":${JSON.stringify(counts)}}`);
  return { json: writer.bytes(), truncated: writer.full, counts };
}
