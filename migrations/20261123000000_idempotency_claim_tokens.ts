import type { Knex } from 'knex';

// Each idempotency claim carries a random token: completing or releasing a claim names its token,
// so a request whose stale claim was taken over cannot complete or delete the new owner's claim.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.uuid('claim_token').nullable(); // null on rows written before tokens: nobody owns them
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('claim_token');
  });
}
