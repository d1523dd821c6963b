import type { Knex } from 'knex';

// Retention per account (docs/privacy.md, "How long data is kept"): each plan's bound on the days
// an account may keep its email log, its shared content and its received mail (NULL: up to the
// deployment's setting), and each account's own choice (NULL: the deployment's default). Every
// plan starts without a bound of its own, so nothing is kept shorter or longer than before, whatever
// the deployment's settings, until an account or the operator changes it. The content purge reads
// staged messages per account: an index for it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE plans
    ADD COLUMN max_log_retention_days integer CHECK (max_log_retention_days >= 1),
    ADD COLUMN max_content_retention_days integer CHECK (max_content_retention_days >= 1),
    ADD COLUMN max_received_retention_days integer CHECK (max_received_retention_days >= 1)`);
  await knex.raw(`ALTER TABLE accounts
    ADD COLUMN log_retention_days integer CHECK (log_retention_days >= 1),
    ADD COLUMN content_retention_days integer CHECK (content_retention_days >= 1),
    ADD COLUMN received_retention_days integer CHECK (received_retention_days >= 1)`);
  await knex.raw('CREATE INDEX staged_messages_account_created ON staged_messages (account_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS staged_messages_account_created');
  await knex.raw(`ALTER TABLE accounts
    DROP COLUMN log_retention_days, DROP COLUMN content_retention_days, DROP COLUMN received_retention_days`);
  await knex.raw(`ALTER TABLE plans
    DROP COLUMN max_log_retention_days, DROP COLUMN max_content_retention_days, DROP COLUMN max_received_retention_days`);
}
