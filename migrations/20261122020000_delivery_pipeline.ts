import type { Knex } from 'knex';

// Delivery pipeline: the SES id map remembers what kind of message it was (late provider events
// must know whether the recipient is real before suppressing or counting it), and the purges
// find expired rows by age.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_messages', (t) => {
    t.text('kind').notNullable().defaultTo('real'); // real | simulator (test sends never reach SES)
    t.index(['created_at']);
  });
  await knex.schema.alterTable('email_log', (t) => {
    t.index(['created_at']);
  });
  await knex.schema.alterTable('send_outcomes', (t) => {
    t.index(['sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('send_outcomes', (t) => {
    t.dropIndex(['sent_at']);
  });
  await knex.schema.alterTable('email_log', (t) => {
    t.dropIndex(['created_at']);
  });
  await knex.schema.alterTable('provider_messages', (t) => {
    t.dropIndex(['created_at']);
    t.dropColumn('kind');
  });
}
