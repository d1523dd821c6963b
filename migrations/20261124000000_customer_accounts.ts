import type { Knex } from 'knex';

// Customers serve themselves: users who sign in, their sessions and single-use email tokens, the
// permission of API keys, each shared message's timeline, daily usage for the usage chart, and
// test webhook deliveries. Session ids and email tokens are stored only as SHA-256 hashes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('email').notNullable().unique(); // lower-cased; the account's email (its owner's sign-up address)
    t.text('password_hash').notNullable(); // argon2id, PHC string
    t.timestamp('password_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamps(true, true);
    t.index(['account_id']);
  });

  await knex.schema.createTable('user_tokens', (t) => {
    t.binary('token_hash').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('purpose').notNullable(); // verify_email | password_reset
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.binary('sid_hash').primary();
    t.uuid('user_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    t.jsonb('data').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  await knex.schema.alterTable('api_keys', (t) => {
    // Existing keys keep what they could do: send and read /api/me/.
    t.text('permission').notNullable().defaultTo('sending');
  });
  await knex.raw(
    `ALTER TABLE api_keys ADD CONSTRAINT api_keys_permission_check CHECK (permission IN ('sending','full_access'))`,
  );

  // Purged with its log row (14 days) by the foreign key.
  await knex.schema.createTable('email_events', (t) => {
    t.bigIncrements('id');
    t.uuid('message_id').notNullable().references('message_id').inTable('email_log').onDelete('CASCADE');
    t.text('type').notNullable(); // queued | sent | delivered | bounced | complained | failed
    t.timestamp('at', { useTz: true }).notNullable();
    t.jsonb('details').notNullable().defaultTo('{}');
    // An activity retried after writing its event writes nothing twice.
    t.unique(['message_id', 'type']);
  });

  await knex.schema.createTable('usage_daily', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.date('day').notNullable(); // UTC
    t.text('mode').notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['account_id', 'day', 'mode']);
  });

  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.boolean('is_test').notNullable().defaultTo(false);
    t.index(['message_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropIndex(['message_id']);
    t.dropColumn('is_test');
  });
  await knex.schema.dropTableIfExists('usage_daily');
  await knex.schema.dropTableIfExists('email_events');
  await knex.raw('ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS api_keys_permission_check');
  await knex.schema.alterTable('api_keys', (t) => t.dropColumn('permission'));
  await knex.schema.dropTableIfExists('sessions');
  await knex.schema.dropTableIfExists('user_tokens');
  await knex.schema.dropTableIfExists('users');
}
