import type { Knex } from 'knex';

// Each shared-mode account's own SES configuration set and tenant on the shared SES account
// (docs/reputation.md, "How accounts are kept apart"). The names are written once provisioning
// succeeded (ses_provisioned_at), so a send reads them only when SES knows them; until then the
// account sends as before. ses_tenant stays NULL where the deployment does not use tenants.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE accounts
    ADD COLUMN ses_configuration_set text,
    ADD COLUMN ses_tenant text,
    ADD COLUMN ses_provisioned_at timestamptz,
    ADD CONSTRAINT accounts_ses_names_provisioned CHECK (
      (ses_configuration_set IS NULL) = (ses_provisioned_at IS NULL)
      AND (ses_tenant IS NULL OR ses_configuration_set IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE accounts
    DROP CONSTRAINT accounts_ses_names_provisioned,
    DROP COLUMN ses_configuration_set, DROP COLUMN ses_tenant, DROP COLUMN ses_provisioned_at`);
}
