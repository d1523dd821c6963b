import type { Knex } from 'knex';

// Which workflow call recorded an outcome event (a uuid the workflow draws deterministically, so
// the call re-run after its worker died carries the same one): the re-run learns the outcome was
// its own and still announces it (docs/decisions.md, "Outcome webhooks survive a worker that died
// after recording the outcome"). Old rows have none: they were announced long ago.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_events', (t) => {
    t.uuid('recorded_by').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_events', (t) => {
    t.dropColumn('recorded_by');
  });
}
