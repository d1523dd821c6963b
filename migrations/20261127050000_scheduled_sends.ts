import type { Knex } from 'knex';

// Scheduled sends (docs/batches-and-scheduling.md, "Scheduled sends"): the one authority on whether
// a scheduled message still goes, and when, for both modes (a BYOC message has no log row): only
// ids, the time and the state, never content. Cancelling and the workflow's release both change
// `state` only from `scheduled`, so exactly one of them wins.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scheduled_sends', (t) => {
    t.uuid('message_id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('mode').notNullable();
    t.timestamp('scheduled_at', { useTz: true }).notNullable();
    t.text('state').notNullable().defaultTo('scheduled'); // scheduled | released | canceled
    /** When the send was counted: a cancellation gives the count back to that month and day. */
    t.timestamp('counted_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'state']);
  });
  await knex.schema.alterTable('email_log', (t) => {
    t.timestamp('scheduled_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_sends');
  await knex.schema.alterTable('email_log', (t) => {
    t.dropColumn('scheduled_at');
  });
}
