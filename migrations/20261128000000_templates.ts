import type { Knex } from 'knex';

// Templates (docs/templates.md): an account's templates with their draft, and every published
// version, kept (a send names the version it used). A message's log row (shared mode) records the
// template and version; a scheduled send records only the template id, so a template a waiting
// message uses cannot be deleted under it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('templates', (t) => {
    t.uuid('id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('alias').nullable();
    // The draft: what edits change and previews show; publishing copies it into a version.
    t.text('subject').notNullable();
    t.text('html').notNullable();
    t.text('text').nullable();
    t.integer('published_version').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['account_id', 'alias']);
    t.index(['account_id', 'created_at', 'id']);
  });
  await knex.schema.createTable('template_versions', (t) => {
    t.uuid('template_id').notNullable().references('id').inTable('templates').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('subject').notNullable();
    t.text('html').notNullable();
    t.text('text').nullable();
    t.jsonb('variables').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['template_id', 'version']);
  });
  await knex.schema.alterTable('email_log', (t) => {
    t.uuid('template_id').nullable();
    t.integer('template_version').nullable();
  });
  await knex.schema.alterTable('scheduled_sends', (t) => {
    t.uuid('template_id').nullable();
    t.index(['template_id', 'state']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_sends', (t) => {
    t.dropIndex(['template_id', 'state']);
    t.dropColumn('template_id');
  });
  await knex.schema.alterTable('email_log', (t) => {
    t.dropColumn('template_id');
    t.dropColumn('template_version');
  });
  await knex.schema.dropTableIfExists('template_versions');
  await knex.schema.dropTableIfExists('templates');
}
