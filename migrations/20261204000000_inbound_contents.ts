import type { Knex } from 'knex';

// A received message's content is stored once per account (docs/inbound.md, "How a message is
// received"; docs/decisions.md, "A received message's content is stored once"): the bytes as the
// sender sent them, their parse and their attachments' bytes in `inbound_contents`, keyed by the
// account and the bytes' SHA-256, so one message to fifty addresses is fifty small rows and one
// copy. Each recipient's row keeps its own trace line (`trace`, the Received line the MX listener
// wrote for it) and names the content (`content_ref`); its attachments are rows of their own (their
// ids are in download links) whose bytes are the content's. Rows stored before this keep their
// bytes, parse and attachments whole, and are read as they are (core/inbound/storedContent.ts).
// Also the sender checks' tries that reached the message (`sender_check_tries`), so that a
// message whose checks never end is recorded without them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inbound_contents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.binary('sha256').notNullable(); // of `raw`
    t.integer('size_bytes').notNullable();
    t.binary('raw').notNullable();
    // Filled by the workflow's parse step, once for every message that shares it: null until parsed.
    t.jsonb('parsed').nullable();
    t.text('subject').nullable();
    t.text('from_address').nullable();
    t.boolean('malformed').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'sha256']);
  });

  await knex.schema.createTable('inbound_content_attachments', (t) => {
    t.uuid('content_ref').notNullable().references('id').inTable('inbound_contents').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('filename').notNullable();
    t.text('declared_type').notNullable();
    t.text('detected_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('sha256').notNullable();
    t.text('content_id').nullable();
    t.binary('content').notNullable();
    t.primary(['content_ref', 'position']);
  });

  await knex.schema.alterTable('inbound_messages', (t) => {
    // No cascade: a content goes when its last message goes, in the same transaction
    // (core/inbound/storedContent.ts, releaseContents), or with the account.
    t.uuid('content_ref').nullable().references('id').inTable('inbound_contents');
    // The trace line this recipient's message starts with; its bytes follow from the content.
    t.binary('trace').nullable();
    t.smallint('sender_check_tries').notNullable().defaultTo(0);
    t.index(['content_ref']);
  });

  // A shared content's attachment: the message's own row (its id), the rest read from the content.
  await knex.schema.alterTable('inbound_attachments', (t) => {
    for (const column of ['filename', 'declared_type', 'detected_type', 'size_bytes', 'sha256', 'content'])
      t.setNullable(column);
  });
}

export async function down(knex: Knex): Promise<void> {
  // Each message whole again: its trace line and content's bytes, the parse, the attachments' bytes.
  await knex.raw(
    `UPDATE inbound_messages m SET raw = coalesce(m.trace, ''::bytea) || c.raw, parsed = c.parsed,
       subject = c.subject, from_address = c.from_address, malformed = c.malformed
     FROM inbound_contents c WHERE c.id = m.content_ref`,
  );
  await knex.raw(
    `UPDATE inbound_attachments a SET filename = ca.filename, declared_type = ca.declared_type,
       detected_type = ca.detected_type, size_bytes = ca.size_bytes, sha256 = ca.sha256,
       content_id = ca.content_id, content = ca.content
     FROM inbound_messages m JOIN inbound_content_attachments ca ON ca.content_ref = m.content_ref
     WHERE m.id = a.message_id AND ca.position = a.position AND a.content IS NULL`,
  );
  await knex.schema.alterTable('inbound_attachments', (t) => {
    for (const column of ['filename', 'declared_type', 'detected_type', 'size_bytes', 'sha256', 'content'])
      t.dropNullable(column);
  });
  await knex.schema.alterTable('inbound_messages', (t) => {
    t.dropColumn('sender_check_tries');
    t.dropColumn('trace');
    t.dropColumn('content_ref');
  });
  await knex.schema.dropTableIfExists('inbound_content_attachments');
  await knex.schema.dropTableIfExists('inbound_contents');
}
