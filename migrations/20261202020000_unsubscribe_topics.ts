import type { Knex } from 'knex';

// One-click unsubscribe (docs/sending.md, "One-click unsubscribe"): a suppression may name a topic
// (null: all mail), so one address can have an all-mail entry and one per topic it left. NULL
// topics are made '' in the unique index so two all-mail entries still collide (topics never are
// empty: their pattern asks for a first character).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('suppressions', (t) => {
    t.text('topic').nullable();
  });
  await knex.raw('ALTER TABLE suppressions DROP CONSTRAINT suppressions_pkey');
  await knex.raw(
    "CREATE UNIQUE INDEX suppressions_account_address_topic_idx ON suppressions (account_id, address, (COALESCE(topic, '')))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('suppressions').whereNotNull('topic').delete();
  await knex.raw('DROP INDEX IF EXISTS suppressions_account_address_topic_idx');
  await knex.schema.alterTable('suppressions', (t) => {
    t.dropColumn('topic');
    t.primary(['account_id', 'address']);
  });
}
