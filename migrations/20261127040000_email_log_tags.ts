import type { Knex } from 'knex';

// A shared message's tags (docs/batches-and-scheduling.md, "Tags"), filterable in the log
// (`?tag=name:value`, a containment query the GIN index serves). BYOC messages have no log row, so
// their tags are kept nowhere.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_log', (t) => {
    t.jsonb('tags').notNullable().defaultTo('{}');
  });
  await knex.raw('CREATE INDEX email_log_tags_idx ON email_log USING gin (tags jsonb_path_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS email_log_tags_idx');
  await knex.schema.alterTable('email_log', (t) => {
    t.dropColumn('tags');
  });
}
