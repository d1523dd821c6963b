import type { Knex } from 'knex';

// Domain claims (core/domains/domainClaims.ts; docs/domains.md, "Claims"): a name is unique only
// among the domains whose ownership is proven, so an unproven claim blocks nobody. Each account may
// claim a name once (its own TXT token); the first account to prove ownership wins and the other
// claims of that name are released. Unproven claims expire (`claim_expires_at`), and the SES
// identity is created only once ownership is proven (`ses_identity` says whether this row holds
// it).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('domains', (t) => {
    t.dropUnique(['name']);
    t.unique(['account_id', 'name']);
    t.index(['name']);
    t.timestamp('released_at', { useTz: true }).nullable();
    t.timestamp('claim_expires_at', { useTz: true }).nullable();
    t.boolean('ses_identity').notNullable().defaultTo(false);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX domains_proven_name_unique ON domains (name) WHERE ownership_verified_at IS NOT NULL',
  );
  // Rows added before this change registered their SES identity at once.
  await knex('domains').update({ ses_identity: true });
  // Claims already waiting get the default expiry from now (DOMAIN_CLAIM_EXPIRY_DAYS, 7 days).
  await knex('domains')
    .whereNull('ownership_verified_at')
    .update({ claim_expires_at: knex.raw("now() + interval '7 days'") });
  await knex.raw('CREATE INDEX domains_claim_expiry ON domains (claim_expires_at) WHERE ownership_verified_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS domains_claim_expiry');
  await knex.raw('DROP INDEX IF EXISTS domains_proven_name_unique');
  // Names become globally unique again: unproven claims of a name someone else holds go.
  await knex.raw(`DELETE FROM domains d WHERE d.ownership_verified_at IS NULL
                    AND EXISTS (SELECT 1 FROM domains o WHERE o.name = d.name AND o.id <> d.id
                                AND (o.ownership_verified_at IS NOT NULL OR o.created_at < d.created_at OR (o.created_at = d.created_at AND o.id < d.id)))`);
  await knex.schema.alterTable('domains', (t) => {
    t.dropColumn('ses_identity');
    t.dropColumn('claim_expires_at');
    t.dropColumn('released_at');
    t.dropIndex(['name']);
    t.dropUnique(['account_id', 'name']);
    t.unique(['name']);
  });
}
