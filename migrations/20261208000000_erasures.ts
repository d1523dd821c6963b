import type { Knex } from 'knex';

// Erasure of an address (docs/privacy.md, "Erasing an address"): one row per request. The address
// itself is kept only sealed (AES-GCM, `address_sealed`) while its workflow runs and is wiped when
// it ends; `address_hash` is a keyed hash (HMAC with a key derived from POSTAGE_SECRET_KEY), never
// the address. The indexes let the workflow find an address's log rows in batches, and delete their
// timelines, without reading whole tables (email_events had only partial indexes on message_id,
// which a cascaded delete cannot use: each deleted log row scanned the timeline table); built
// CONCURRENTLY so sends are not blocked meanwhile.
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('erasures', (t) => {
    t.uuid('id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('address_hash').notNullable();
    t.binary('address_sealed').nullable(); // null once the workflow ended
    t.text('status').notNullable().defaultTo('running'); // running | completed | failed
    t.jsonb('removed').notNullable().defaultTo('{}');
    t.text('requested_by').notNullable();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.index(['account_id', 'requested_at']);
  });
  await knex.raw(
    `ALTER TABLE erasures ADD CONSTRAINT erasures_status_check CHECK (status IN ('running','completed','failed'))`,
  );
  await knex.raw(
    'CREATE INDEX CONCURRENTLY IF NOT EXISTS email_log_account_recipient_idx ON email_log (account_id, lower(recipient))',
  );
  await knex.raw('CREATE INDEX CONCURRENTLY IF NOT EXISTS email_events_message_id_idx ON email_events (message_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS email_events_message_id_idx');
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS email_log_account_recipient_idx');
  await knex.schema.dropTableIfExists('erasures');
}
