import type { Knex } from 'knex';

// SES calls made for a staged message whose answer was never recorded (docs/decisions.md, "Saying
// when a message may have gone out twice"): a send attempt counts its call before making it and
// takes it back only when SES refused the message; an attempt that finds earlier calls unsettled
// may be sending a second copy, and says so.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staged_messages', (t) => {
    t.integer('ses_calls_unsettled').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staged_messages', (t) => {
    t.dropColumn('ses_calls_unsettled');
  });
}
