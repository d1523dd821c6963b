// The steps of an erasure (docs/privacy.md, "Where your data is kept"), one kind of record each,
// run by the `eraseAddress` workflow's activities. Each works in batches of `batchSize` rows, one
// short statement or transaction a batch, so no lock is held long enough to hold up a send; each
// returns how many it removed. `address` is lower-cased (as requests store it) and compared
// case-insensitively; everything is within `accountId`.
import type { Knex } from 'knex';
import { deleteReceivedInBatches } from '../inbound/inboundMessages';
import type { Db } from '../platform/db';
import { cancelScheduledSend } from '../sending/scheduledSends';
import { loadStagedMessage } from '../sending/staging';
import { erasedSuppressionKey } from '../accounts/erasedAddress';

export const ERASURE_BATCH_SIZE = 1000;

export interface Subject {
  accountId: string;
  address: string;
  batchSize?: number;
}

const batchOf = (subject: Subject) => subject.batchSize ?? ERASURE_BATCH_SIZE;

/** The address's log rows: the recipient is the address (the index email_log_account_recipient_idx). */
function logRowsOf(db: Db | Knex.Transaction, subject: Subject): Knex.QueryBuilder {
  return db('email_log').where({ account_id: subject.accountId }).whereRaw('lower(recipient) = ?', [subject.address]);
}

/** Received messages from or to the address (envelope or From: header, theirs or their shared content's). */
function receivedOf(db: Db | Knex.Transaction, subject: Subject): Knex.QueryBuilder {
  const { accountId, address } = subject;
  return db('inbound_messages as m')
    .where('m.account_id', accountId)
    .andWhere((q) => {
      void q
        .whereRaw('lower(m.envelope_from) = ?', [address])
        .orWhereRaw('lower(m.envelope_to) = ?', [address])
        .orWhereRaw('lower(m.from_address) = ?', [address])
        .orWhereIn(
          'm.content_ref',
          db('inbound_contents')
            .where({ account_id: accountId })
            .whereRaw('lower(from_address) = ?', [address])
            .select('id'),
        );
    });
}

/** Runs `batch` until it comes back short of `size`; the sum of what each removed. */
async function inBatches(size: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await batch();
    total += removed;
    if (removed < size) return total;
  }
}

/**
 * Calls off the address's scheduled messages (the count given back, as a cancellation by hand):
 * shared ones by their log row, BYOC ones by their staged content (they have no log row). The
 * workflow's release then finds them cancelled.
 */
export async function cancelScheduledSendsTo(db: Db, secretKey: string, subject: Subject): Promise<number> {
  const shared = await db('scheduled_sends as s')
    .join('email_log as l', 'l.message_id', 's.message_id')
    .where({ 's.account_id': subject.accountId, 's.state': 'scheduled' })
    .whereRaw('lower(l.recipient) = ?', [subject.address])
    .pluck<string[]>('s.message_id');
  const byoc = await db('scheduled_sends')
    .where({ account_id: subject.accountId, state: 'scheduled', mode: 'byoc' })
    .pluck<string[]>('message_id');
  const byocTo: string[] = [];
  for (const messageId of byoc) {
    const staged = await loadStagedMessage(db, secretKey, messageId);
    if (staged?.content.to.address.toLowerCase() === subject.address) byocTo.push(messageId);
  }
  let canceled = 0;
  for (const messageId of [...shared, ...byocTo]) {
    if ((await cancelScheduledSend(db, { accountId: subject.accountId, messageId })) === 'canceled') canceled += 1;
  }
  return canceled;
}

/** Webhook delivery records of the address's sent and received messages. */
export async function eraseWebhookDeliveries(db: Db, subject: Subject): Promise<number> {
  const size = batchOf(subject);
  const ofMessages = (ids: Knex.QueryBuilder) =>
    inBatches(size, () =>
      db('webhook_deliveries')
        .whereIn('id', db('webhook_deliveries').whereIn('message_id', ids).select('id').limit(size))
        .delete(),
    );
  return (
    (await ofMessages(logRowsOf(db, subject).select('message_id'))) +
    (await ofMessages(receivedOf(db, subject).select('m.id')))
  );
}

/** Opens, clicks, unsubscribes and replies recorded on the address's messages (the rest of their timeline goes with the log row). */
export async function eraseEngagement(db: Db, subject: Subject): Promise<number> {
  const size = batchOf(subject);
  return inBatches(size, () =>
    db('email_events')
      .whereIn(
        'id',
        db('email_events')
          .whereIn('type', ['opened', 'clicked', 'unsubscribed', 'replied'])
          .whereIn('message_id', logRowsOf(db, subject).select('message_id'))
          .select('id')
          .limit(size),
      )
      .delete(),
  );
}

/**
 * The address's log rows with their timelines, and what hangs on their message ids: staged
 * content, the SES id map, reputation samples, schedules, outbox entries and idempotency keys
 * (whose stored answer belongs to the message). One short transaction per batch.
 */
export async function eraseLogRows(db: Db, subject: Subject): Promise<number> {
  const size = batchOf(subject);
  return inBatches(size, () =>
    db.transaction<number>(async (trx) => {
      const ids = await logRowsOf(trx, subject).limit(size).pluck<string[]>('message_id');
      if (ids.length === 0) return 0;
      for (const table of ['staged_messages', 'provider_messages', 'send_outcomes', 'scheduled_sends', 'accept_outbox'])
        await trx(table).whereIn('message_id', ids).delete();
      await trx('idempotency_keys').where({ account_id: subject.accountId }).whereIn('message_id', ids).delete();
      const deleted: number = await trx('email_log').whereIn('message_id', ids).delete();
      return deleted;
    }),
  );
}

/** Received messages from or to the address: bytes, parse and attachments (shared content once no message names it), the purge's batches. */
export async function eraseReceivedMail(db: Db, subject: Subject): Promise<number> {
  return deleteReceivedInBatches(
    db,
    (trx, limit) => receivedOf(trx, subject).select('m.id').limit(limit),
    subject.batchSize,
  );
}

/** Audit entries naming the address (a suppression added or lifted by hand): the address becomes `[erased]`. */
export async function eraseAuditMentions(db: Db, subject: Subject): Promise<number> {
  const rows = await db('account_audit')
    .where({ account_id: subject.accountId })
    .whereRaw('strpos(lower(details::text), ?) > 0', [subject.address])
    .select<{ id: string; details: unknown }[]>('id', 'details');
  for (const row of rows)
    await db('account_audit')
      .where({ id: row.id })
      .update({ details: JSON.stringify(withoutAddress(row.details, subject.address)) });
  return rows.length;
}

/** `value` with every string that names `address` (any case) turned into `[erased]`. */
function withoutAddress(value: unknown, address: string): unknown {
  if (typeof value === 'string') return value.toLowerCase().includes(address) ? '[erased]' : value;
  if (Array.isArray(value)) return value.map((item) => withoutAddress(item, address));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutAddress(item, address)]));
  return value;
}

/**
 * The address's suppression entries become entries of its keyed hash (reason and topic kept);
 * without an all-mail entry one is added, reason `erased`, so an erased address is never mailed
 * again. Returns how many entries now stand for it.
 */
export async function hashSuppressions(db: Db, secretKey: string, subject: Subject): Promise<number> {
  const erased = erasedSuppressionKey(secretKey, subject.accountId, subject.address);
  return db.transaction(async (trx) => {
    const plain = trx('suppressions')
      .where({ account_id: subject.accountId })
      .whereRaw('lower(address) = ?', [subject.address]);
    // An entry already hashed (an earlier erasure) for the same topic wins over the plain one.
    await plain
      .clone()
      .whereExists(
        trx('suppressions as e')
          .where({ 'e.account_id': subject.accountId, 'e.address': erased })
          .whereRaw("COALESCE(e.topic, '') = COALESCE(suppressions.topic, '')"),
      )
      .delete();
    await plain.clone().update({ address: erased, source_message_id: null });
    await trx.raw(
      `INSERT INTO suppressions (account_id, address, reason, topic) VALUES (?, ?, 'erased', NULL)
       ON CONFLICT (account_id, address, (COALESCE(topic, ''))) DO NOTHING`,
      [subject.accountId, erased],
    );
    const [row] = await trx('suppressions')
      .where({ account_id: subject.accountId, address: erased })
      .count<{ count: string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  });
}
