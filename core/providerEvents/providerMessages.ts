// SES message id -> our message, written the moment SES accepts a shared message: the SNS
// endpoint finds the message (and its workflow) here, not through a visibility query.
import type { Knex } from 'knex';
import type { Db } from '../platform/db';
import type { MessageKind } from '../model/sendingModes';

export interface ProviderMessage {
  providerMessageId: string;
  messageId: string;
  accountId: string;
  kind: MessageKind;
}

export async function recordProviderMessage(db: Db | Knex.Transaction, input: ProviderMessage): Promise<void> {
  await db('provider_messages')
    .insert({
      provider_message_id: input.providerMessageId,
      message_id: input.messageId,
      account_id: input.accountId,
      kind: input.kind,
    })
    .onConflict('provider_message_id')
    .ignore();
}

export async function findProviderMessage(db: Db, providerMessageId: string): Promise<ProviderMessage | undefined> {
  const row = await db('provider_messages')
    .where({ provider_message_id: providerMessageId })
    .first<{ provider_message_id: string; message_id: string; account_id: string; kind: MessageKind } | undefined>();
  return row
    ? {
        providerMessageId: row.provider_message_id,
        messageId: row.message_id,
        accountId: row.account_id,
        kind: row.kind,
      }
    : undefined;
}

/** The SES id already recorded for our message, if SES accepted it before (retry guard). */
export async function providerMessageIdOf(db: Db, messageId: string): Promise<string | undefined> {
  const row = await db('provider_messages')
    .where({ message_id: messageId })
    .first<{ provider_message_id: string } | undefined>('provider_message_id');
  return row?.provider_message_id;
}
