// Claim check: message content and attachments are staged here, encrypted, before the workflow
// starts; workflows and activity results only ever carry the message id.
import type { Knex } from 'knex';
import { decrypt, encrypt } from '../platform/crypto';
import type { Db } from '../platform/db';
import { deleteInBatches } from '../platform/batchedDelete';
import type { Attachment, MessageContent } from '../model/messageContent';
import type { SendingMode } from '../model/sendingModes';

export interface StagedMessage {
  messageId: string;
  accountId: string;
  mode: SendingMode;
  content: MessageContent;
  attachmentCount: number;
}

// Attachment blob before encryption: 4-byte header length | JSON header | raw bytes.
function packAttachment(a: Attachment): Buffer {
  const header = Buffer.from(JSON.stringify({ filename: a.filename, contentType: a.contentType }));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(header.length);
  return Buffer.concat([len, header, a.data]);
}

function unpackAttachment(blob: Buffer): Attachment {
  const len = blob.readUInt32BE(0);
  const header = JSON.parse(blob.subarray(4, 4 + len).toString()) as { filename: string; contentType: string };
  return { ...header, data: blob.subarray(4 + len) };
}

/** The staged form of a message's content: encrypted JSON. */
export function sealContent(secretKey: string, content: MessageContent): Buffer {
  return encrypt(secretKey, 'staged-content', Buffer.from(JSON.stringify(content)));
}

export async function stageMessage(
  trx: Knex | Knex.Transaction,
  secretKey: string,
  input: {
    messageId: string;
    accountId: string;
    mode: SendingMode;
    content: MessageContent;
    attachments: Attachment[];
  },
): Promise<void> {
  await trx('staged_messages').insert({
    message_id: input.messageId,
    account_id: input.accountId,
    mode: input.mode,
    content: sealContent(secretKey, input.content),
    attachment_count: input.attachments.length,
  });
  await stageAttachments(trx, secretKey, input.messageId, input.attachments);
}

/** A staged message's attachments, encrypted one row each (after its staged_messages row). */
export async function stageAttachments(
  trx: Knex | Knex.Transaction,
  secretKey: string,
  messageId: string,
  attachments: Attachment[],
): Promise<void> {
  if (attachments.length === 0) return;
  await trx('staged_attachments').insert(
    attachments.map((a, position) => ({
      message_id: messageId,
      position,
      content: encrypt(secretKey, 'staged-content', packAttachment(a)),
    })),
  );
}

export async function isMessageStaged(db: Db, messageId: string): Promise<boolean> {
  return Boolean(await db('staged_messages').where({ message_id: messageId }).first('message_id'));
}

export async function loadStagedMessage(
  db: Db,
  secretKey: string,
  messageId: string,
): Promise<StagedMessage | undefined> {
  const row = await db('staged_messages')
    .where({ message_id: messageId })
    .first<
      | { message_id: string; account_id: string; mode: SendingMode; content: Buffer; attachment_count: number }
      | undefined
    >();
  if (!row) return undefined;
  return {
    messageId: row.message_id,
    accountId: row.account_id,
    mode: row.mode,
    content: JSON.parse(decrypt(secretKey, 'staged-content', row.content).toString()) as MessageContent,
    attachmentCount: row.attachment_count,
  };
}

/**
 * Right before a send attempt calls SES: counts the call as unsettled and loads the attachments,
 * in one statement. `earlierUnsettledCalls` > 0: an earlier attempt called SES and its answer was
 * never recorded (its worker died, or the call timed out), so SES may already hold a copy.
 */
export async function beginSesCall(
  db: Db,
  secretKey: string,
  messageId: string,
): Promise<{ attachments: Attachment[]; earlierUnsettledCalls: number }> {
  const { rows } = await db.raw<{ rows: { earlier: number | null; content: Buffer | null }[] }>(
    `WITH bump AS (UPDATE staged_messages SET ses_calls_unsettled = ses_calls_unsettled + 1 WHERE message_id = ? RETURNING ses_calls_unsettled - 1 AS earlier)
     SELECT (SELECT earlier FROM bump) AS earlier, a.content
     FROM (SELECT 1) one LEFT JOIN staged_attachments a ON a.message_id = ?
     ORDER BY a.position`,
    [messageId, messageId],
  );
  return {
    attachments: rows.flatMap((r) =>
      r.content ? [unpackAttachment(decrypt(secretKey, 'staged-content', r.content))] : [],
    ),
    earlierUnsettledCalls: rows[0]?.earlier ?? 0,
  };
}

/** The call was not made, or SES refused the message: nothing was accepted, so it no longer counts. */
export async function settleSesCall(db: Db, messageId: string): Promise<void> {
  await db('staged_messages')
    .where({ message_id: messageId })
    .where('ses_calls_unsettled', '>', 0)
    .decrement('ses_calls_unsettled', 1);
}

/** Test sends: attachments were staged to prove they could be, then nothing is transmitted. */
export async function discardStagedAttachments(db: Db, messageId: string): Promise<number> {
  return db('staged_attachments').where({ message_id: messageId }).delete();
}

/** BYOC: once sent, the content must not exist anywhere we keep data. */
export async function deleteStagedMessage(db: Db, messageId: string): Promise<void> {
  await db('staged_messages').where({ message_id: messageId }).delete();
}

/** BYOC, SES accepted it: the content goes and SES's id stays, in one statement (a retried attempt then knows it went). */
export async function recordByocSent(db: Db, messageId: string, providerMessageId: string): Promise<void> {
  await db.raw(
    `WITH gone AS (DELETE FROM staged_messages WHERE message_id = ?)
     INSERT INTO byoc_sends (message_id, provider_message_id) VALUES (?, ?) ON CONFLICT (message_id) DO NOTHING`,
    [messageId, messageId, providerMessageId],
  );
}

/** SES's id of a BYOC message recorded as sent, if it was. */
export async function byocSentId(db: Db, messageId: string): Promise<string | undefined> {
  const row = await db('byoc_sends')
    .where({ message_id: messageId })
    .first<{ provider_message_id: string } | undefined>('provider_message_id');
  return row?.provider_message_id;
}

/**
 * Staged messages are deleted with their attachments (up to 10 rows and 10 MiB each, by the
 * foreign key's cascade), so their batches are smaller than other purges'.
 */
export const STAGED_PURGE_BATCH_SIZE = 1000;

/** Retention: deletes the `mode` messages staged before `cutoff`, in batches; returns how many. */
export async function purgeStagedMessagesBefore(
  db: Db,
  mode: SendingMode,
  cutoff: Date,
  batchSize = STAGED_PURGE_BATCH_SIZE,
): Promise<number> {
  // A scheduled message still waiting keeps its content until it goes (at most 30 days; a
  // cancellation deletes it at once): the cutoff counts from its scheduled time, not its acceptance.
  return deleteInBatches(
    db,
    'staged_messages',
    'message_id',
    (rows) =>
      rows
        .where({ mode })
        .where('created_at', '<', cutoff)
        .whereNotExists(
          (q) =>
            void q
              .from('scheduled_sends')
              .whereRaw('scheduled_sends.message_id = staged_messages.message_id')
              .where('scheduled_at', '>=', cutoff),
        ),
    batchSize,
  );
}
