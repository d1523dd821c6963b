import type { Knex } from 'knex';

// Replies (docs/inbound.md, "Replies"): a sent message's timeline gets a `replied` event for each
// received message that answers it, so one event per type and message now holds for the types
// other than opens, clicks and replies; a reply is recorded once per received message (its
// activity run again writes nothing twice).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS email_events_message_id_type_unique');
  await knex.raw(
    `CREATE UNIQUE INDEX email_events_message_id_type_unique ON email_events (message_id, type) WHERE type NOT IN ('opened', 'clicked', 'replied')`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX email_events_replied_unique ON email_events (message_id, (details->>'inbound_id')) WHERE type = 'replied'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_events').where({ type: 'replied' }).delete();
  await knex.raw('DROP INDEX IF EXISTS email_events_replied_unique');
  await knex.raw('DROP INDEX IF EXISTS email_events_message_id_type_unique');
  await knex.raw(
    `CREATE UNIQUE INDEX email_events_message_id_type_unique ON email_events (message_id, type) WHERE type NOT IN ('opened', 'clicked')`,
  );
}
