import type { Knex } from 'knex';

// Rates by sending domain (docs/reputation.md, "Your rates"): each reputation sample names the
// domain of its From address (a domain the account verified: no person's data). Samples already
// kept take it from their log row while it is still there; the rest stay unnamed and count only
// toward the account's rates.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE send_outcomes ADD COLUMN domain text');
  await knex.raw(`UPDATE send_outcomes o SET domain = lower(split_part(l.from_email, '@', 2))
    FROM email_log l WHERE l.message_id = o.message_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE send_outcomes DROP COLUMN domain');
}
