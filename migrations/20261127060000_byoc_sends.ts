import type { Knex } from 'knex';

// A BYOC message SES accepted: its SES id, written in the statement that deletes its staged
// content, so a send attempt run again after its worker died finds that the message went (the
// heartbeat that also carries the id may not have reached Temporal). Ids only, never content.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('byoc_sends', (t) => {
    t.uuid('message_id').primary();
    t.text('provider_message_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('byoc_sends');
}
