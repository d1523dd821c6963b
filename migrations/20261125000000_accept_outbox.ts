import type { Knex } from 'knex';

// Accepted messages whose workflow start is not yet confirmed (core/sending/acceptOutbox.ts): the
// accepting statement writes the row; the workflow's first step deletes it, or the API deletes it
// when it gives the message back after a failed start; a relay starts rows left behind. Only ids
// and flags: never any content.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accept_outbox', (t) => {
    t.uuid('message_id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.jsonb('workflow_input').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('accept_outbox');
}
