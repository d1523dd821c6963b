import type { Knex } from 'knex';

// Receiving email (docs/inbound.md): inbound domains on verified shared-mode domains, the rules
// that route their addresses to webhook endpoints, the received messages (raw and parsed, kept for
// the shared content retention), their attachments, the monthly inbound count, and each plan's
// inbound allowance.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (t) => {
    // 0: the plan receives nothing (docs/inbound.md, "Allowance").
    t.integer('inbound_monthly_quota').notNullable().defaultTo(0);
  });
  await knex('plans').where({ name: 'growth' }).update({ inbound_monthly_quota: 10_000 });
  await knex('plans').where({ name: 'pro' }).update({ inbound_monthly_quota: 100_000 });

  await knex.schema.createTable('inbound_domains', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    // The verified shared-mode sending domain it is, or is a subdomain of.
    t.uuid('domain_id').notNullable().references('id').inTable('domains').onDelete('CASCADE');
    t.text('name').notNullable().unique(); // lower-cased
    t.timestamp('mx_verified_at', { useTz: true }).nullable();
    t.timestamp('mx_checked_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['account_id']);
  });

  await knex.schema.createTable('inbound_rules', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('inbound_domain_id').notNullable().references('id').inTable('inbound_domains').onDelete('CASCADE');
    // `support` (address), `reply+*` (tag: `reply` and `reply+anything`), `*` (catch-all); lower-cased.
    t.text('match').notNullable();
    t.text('kind').notNullable();
    // Empty: every active endpoint subscribed to email.received.
    t.specificType('endpoint_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['inbound_domain_id', 'match']);
  });
  await knex.raw(
    `ALTER TABLE inbound_rules ADD CONSTRAINT inbound_rules_kind_check CHECK (kind IN ('address','tag','catch_all'))`,
  );

  await knex.schema.createTable('inbound_messages', (t) => {
    t.uuid('id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('inbound_domain_id').nullable().references('id').inTable('inbound_domains').onDelete('SET NULL');
    t.uuid('rule_id').nullable().references('id').inTable('inbound_rules').onDelete('SET NULL');
    t.text('source').notNullable(); // mx | ses
    // SES's receipt id (SNS may notify twice): one message per source id.
    t.text('source_id').nullable();
    t.text('envelope_from').notNullable(); // '' for the null sender <>
    t.text('envelope_to').notNullable(); // lower-cased; one routed recipient per message
    t.text('client_ip').nullable();
    t.text('helo').nullable();
    t.integer('size_bytes').notNullable();
    t.binary('raw').nullable();
    // Filled by the workflow's parseReceivedMessage: null until parsed.
    t.jsonb('parsed').nullable();
    t.text('subject').nullable();
    t.text('from_address').nullable();
    t.boolean('malformed').notNullable().defaultTo(false);
    // {spf, dkim, dmarc, arc[, spam, virus]}: from mailauth (MX) or SES (receiving); null until checked.
    t.jsonb('verdicts').nullable();
    // The message Postage sent for this account that this one answers (In-Reply-To/References).
    t.uuid('replied_message_id').nullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Set by the workflow's first step; a row without it after a while is started by the relay.
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('recorded_at', { useTz: true }).nullable();
    t.index(['account_id', 'received_at']);
    t.unique(['source', 'source_id']);
  });
  await knex.raw(
    `ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_source_check CHECK (source IN ('mx','ses'))`,
  );
  await knex.raw(`CREATE INDEX inbound_messages_unstarted ON inbound_messages (received_at) WHERE started_at IS NULL`);

  await knex.schema.createTable('inbound_attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('message_id').notNullable().references('id').inTable('inbound_messages').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('filename').notNullable();
    t.text('declared_type').notNullable();
    t.text('detected_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('sha256').notNullable();
    t.text('content_id').nullable();
    t.binary('content').notNullable();
    t.unique(['message_id', 'position']);
  });

  await knex.schema.createTable('inbound_usage', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.date('month').notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['account_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('inbound_usage');
  await knex.schema.dropTableIfExists('inbound_attachments');
  await knex.schema.dropTableIfExists('inbound_messages');
  await knex.schema.dropTableIfExists('inbound_rules');
  await knex.schema.dropTableIfExists('inbound_domains');
  await knex.schema.alterTable('plans', (t) => {
    t.dropColumn('inbound_monthly_quota');
  });
}
