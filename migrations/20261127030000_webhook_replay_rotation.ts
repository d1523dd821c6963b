import type { Knex } from 'knex';

// Webhook replays and secret rotation (docs/webhooks.md, "Replay" and "Rotating the signing
// secret"): a delivery replayed by the customer is recorded as a replay of the one it repeats; a
// rotated signing secret keeps signing (Standard Webhooks signature only) until it expires.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.bigInteger('replay_of').nullable();
  });
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.binary('previous_secret_ciphertext').nullable();
    t.timestamp('previous_secret_expires_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropColumn('replay_of');
  });
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.dropColumn('previous_secret_ciphertext');
    t.dropColumn('previous_secret_expires_at');
  });
}
