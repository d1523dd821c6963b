import type { Knex } from 'knex';

// Test-mode API keys (docs/test-recipients.md, "Test keys"): the key's flag, its messages' mark in
// the email log, and, for a scheduled one, that its count is the account's test sends (given back
// there on a cancellation), not the monthly quota. Every key and message before is live.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE api_keys ADD COLUMN test boolean NOT NULL DEFAULT false`);
  await knex.raw(`ALTER TABLE email_log ADD COLUMN test boolean NOT NULL DEFAULT false`);
  await knex.raw(`ALTER TABLE scheduled_sends ADD COLUMN test boolean NOT NULL DEFAULT false`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE scheduled_sends DROP COLUMN test');
  await knex.raw('ALTER TABLE email_log DROP COLUMN test');
  await knex.raw('ALTER TABLE api_keys DROP COLUMN test');
}
