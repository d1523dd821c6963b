import type { Knex } from 'knex';

// Exports of an address's data (docs/privacy.md, "Exporting an address's data"): the JSON document,
// encrypted, kept until `expires_at` (7 days) and then deleted by the purge. The address itself is
// kept only inside the ciphertext and as a keyed hash (`address_hash`), so an erasure of that
// address can find and delete its exports without the address being readable here.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('privacy_exports', (t) => {
    t.uuid('id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('requested_by').notNullable();
    t.text('address_hash').notNullable();
    t.text('status').notNullable(); // ready
    t.boolean('truncated').notNullable().defaultTo(false);
    t.integer('size_bytes').notNullable();
    t.jsonb('counts').notNullable().defaultTo('{}');
    t.binary('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['account_id', 'created_at']);
    t.index(['account_id', 'address_hash']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('privacy_exports');
}
