import type { Knex } from 'knex';

// The networks an API key may be used from (docs/teams.md, "Keys bound to networks"): canonical
// CIDR ranges (core/accounts/keyNetworks.ts), empty for anywhere, as every key made before.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE api_keys ADD COLUMN allowed_networks text[] NOT NULL DEFAULT '{}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE api_keys DROP COLUMN allowed_networks');
}
