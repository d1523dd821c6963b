import type { Knex } from 'knex';

// A domain an operator marked verified (postage-admin) without DNS being read: the API and the
// dashboard say so instead of showing its records as found (docs/decisions.md, "Operator-verified
// domains say so"). A later DNS check that finds the DKIM records clears it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('domains', (t) => {
    t.boolean('verified_by_operator').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('domains', (t) => {
    t.dropColumn('verified_by_operator');
  });
}
