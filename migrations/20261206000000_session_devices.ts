import type { Knex } from 'knex';

// Sessions a person can see and end (docs/teams.md, "Sign-up and sessions"): a public id (never
// the session id nor its hash), when the session started and was last used, and the browser and
// address it was started from. Sessions started before have no device or address; their start is
// read from their data, and their last use is taken as now.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.uuid('id').notNullable().defaultTo(knex.raw('gen_random_uuid()')).unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('user_agent').nullable();
    t.text('client_ip').nullable();
  });
  await knex.raw(
    `UPDATE sessions SET created_at = to_timestamp((data->>'signedInAt')::bigint / 1000.0)
     WHERE data->>'signedInAt' ~ '^[0-9]{1,15}$'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropUnique(['id']);
    t.dropColumn('client_ip');
    t.dropColumn('user_agent');
    t.dropColumn('last_used_at');
    t.dropColumn('created_at');
    t.dropColumn('id');
  });
}
