import type { Knex } from 'knex';

// Two-factor sign-in with an authenticator app (docs/teams.md, "Two-factor sign-in"): a person's
// TOTP secret, encrypted, once confirmed with a code (`totp_enabled_at`); the secret being set up
// until then (`totp_pending_ciphertext`); the last time step a code was accepted for, so no code
// works twice; ten single-use recovery codes, stored as hashes. An account may require two-factor
// of every member who signs in (`require_two_factor`).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.binary('totp_secret_ciphertext').nullable();
    t.binary('totp_pending_ciphertext').nullable();
    t.timestamp('totp_enabled_at', { useTz: true }).nullable();
    t.bigInteger('totp_last_step').nullable();
  });
  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.binary('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.primary(['user_id', 'code_hash']);
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.boolean('require_two_factor').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => t.dropColumn('require_two_factor'));
  await knex.schema.dropTable('user_recovery_codes');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_secret_ciphertext');
    t.dropColumn('totp_pending_ciphertext');
    t.dropColumn('totp_enabled_at');
    t.dropColumn('totp_last_step');
  });
}
