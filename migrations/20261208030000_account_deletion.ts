import type { Knex } from 'knex';

// Account deletion (docs/privacy.md, "Deleting the account"): when the owner asked and when the
// grace period ends. While both are set the account sends nothing; cancelling clears them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE accounts ADD COLUMN deletion_requested_at timestamptz`);
  await knex.raw(`ALTER TABLE accounts ADD COLUMN deletion_due_at timestamptz`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE accounts DROP COLUMN deletion_due_at');
  await knex.raw('ALTER TABLE accounts DROP COLUMN deletion_requested_at');
}
