import type { Knex } from 'knex';

// The whole data model of the service. BYOC messages leave no rows here except the monthly
// counter and, while a message is in flight, its encrypted claim-check row (deleted once sent).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');

  await knex.schema.createTable('plans', (t) => {
    t.text('name').primary();
    // 0 means the plan does not include that mode (403 domain_mode_mismatch).
    t.integer('shared_monthly_quota').notNullable().defaultTo(0);
    t.integer('byoc_monthly_quota').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });
  await knex('plans').insert([
    { name: 'free', shared_monthly_quota: 0, byoc_monthly_quota: 50 },
    { name: 'growth', shared_monthly_quota: 50000, byoc_monthly_quota: 50000 },
    { name: 'pro', shared_monthly_quota: 300000, byoc_monthly_quota: 300000 },
  ]);

  await knex.schema.createTable('accounts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable().defaultTo('');
    t.text('email').notNullable().unique();
    t.boolean('is_verified').notNullable().defaultTo(false);
    // NULL: no subscription, so the free BYOC plan applies and shared mode is unavailable.
    t.text('plan').nullable().references('name').inTable('plans');
    t.boolean('sending_suspended').notNullable().defaultTo(false);
    t.text('suspended_reason').nullable();
    t.timestamp('suspended_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('account_audit', (t) => {
    t.bigIncrements('id');
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('actor').notNullable();
    t.text('action').notNullable();
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'created_at']);
  });

  await knex.schema.createTable('domains', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('name').notNullable().unique();
    t.text('sending_mode').notNullable();
    t.text('ownership_token').notNullable();
    t.timestamp('ownership_verified_at', { useTz: true }).nullable();
    t.jsonb('dkim_tokens').notNullable().defaultTo('[]');
    t.timestamp('dkim_verified_at', { useTz: true }).nullable();
    t.text('mail_from_domain').nullable();
    // Advisory DNS checks (docs/domains.md, "The records"): NULL until checked; false/NULL produce send warnings.
    t.boolean('spf_ok').nullable();
    t.boolean('dmarc_ok').nullable();
    t.boolean('mail_from_ok').nullable();
    t.timestamp('advisory_checked_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['account_id']);
  });
  await knex.raw(`ALTER TABLE domains ADD CONSTRAINT domains_mode_check CHECK (sending_mode IN ('byoc','shared'))`);

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('name').notNullable();
    // Public part of the key, so authentication is one indexed lookup.
    t.text('lookup_id').notNullable().unique();
    t.binary('secret_hash').notNullable(); // SHA-512 of the whole key
    t.specificType('domain_scope', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['account_id']);
  });

  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('url').notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.binary('secret_ciphertext').notNullable(); // AES-256-GCM, see core/platform/crypto.ts
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['account_id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.uuid('endpoint_id').notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.uuid('message_id').nullable();
    t.text('event_type').notNullable();
    t.integer('status_code').nullable();
    t.integer('latency_ms').notNullable();
    t.boolean('succeeded').notNullable();
    t.text('error').nullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['endpoint_id', 'attempted_at']);
  });

  await knex.schema.createTable('byoc_configs', (t) => {
    t.uuid('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('role_arn').notNullable();
    t.text('region').notNullable();
    t.text('external_id').notNullable().unique();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.timestamp('validated_at', { useTz: true }).nullable();
    t.text('validation_error').nullable();
    // Set by the relay when the role stops working; cleared by the next passing validation.
    t.text('unusable_reason').nullable();
    t.timestamp('unusable_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('usage_counters', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.date('month').notNullable(); // first day of the UTC month
    t.text('mode').notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['account_id', 'month', 'mode']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('request_hash').notNullable(); // keyed hash of the canonical request
    t.text('state').notNullable(); // in_flight | completed
    t.jsonb('response').nullable();
    t.uuid('message_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['account_id', 'key']);
    t.index(['expires_at']);
  });

  // Claim check: message content and attachments, encrypted, referenced from the workflow by id.
  await knex.schema.createTable('staged_messages', (t) => {
    t.uuid('message_id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('mode').notNullable();
    t.binary('content').notNullable();
    t.integer('attachment_count').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
  await knex.schema.createTable('staged_attachments', (t) => {
    t.uuid('message_id').notNullable().references('message_id').inTable('staged_messages').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.binary('content').notNullable(); // encrypted {filename, content_type, data}
    t.primary(['message_id', 'position']);
  });

  // Email log: shared mode only (docs/sending.md, "The email log").
  await knex.schema.createTable('email_log', (t) => {
    t.uuid('message_id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('recipient').notNullable();
    t.text('from_email').notNullable();
    t.text('subject').notNullable().defaultTo('');
    t.text('status').notNullable();
    t.text('kind').notNullable(); // real | test | simulator
    t.integer('attachments').notNullable().defaultTo(0);
    t.text('provider_message_id').nullable();
    t.text('bounce_type').nullable();
    t.text('bounce_subtype').nullable();
    t.text('smtp_response').nullable();
    t.text('failure_reason').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.timestamp('delivered_at', { useTz: true }).nullable();
    t.timestamp('bounced_at', { useTz: true }).nullable();
    t.timestamp('complained_at', { useTz: true }).nullable();
    t.timestamp('failed_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'created_at']);
  });

  // SES message id -> our message, written the moment SES returns (shared mode only).
  await knex.schema.createTable('provider_messages', (t) => {
    t.text('provider_message_id').primary();
    t.uuid('message_id').notNullable().unique();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('suppressions', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('address').notNullable(); // lower-cased
    t.text('reason').notNullable(); // bounce | complaint | manual
    t.uuid('source_message_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['account_id', 'address']);
  });

  // Reputation samples for bounce/complaint rates: real shared sends only, no addresses.
  await knex.schema.createTable('send_outcomes', (t) => {
    t.uuid('message_id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.timestamp('hard_bounced_at', { useTz: true }).nullable();
    t.timestamp('complained_at', { useTz: true }).nullable();
    t.index(['account_id', 'sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'send_outcomes',
    'suppressions',
    'provider_messages',
    'email_log',
    'staged_attachments',
    'staged_messages',
    'idempotency_keys',
    'usage_counters',
    'byoc_configs',
    'webhook_deliveries',
    'webhook_endpoints',
    'api_keys',
    'domains',
    'account_audit',
    'accounts',
    'plans',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
