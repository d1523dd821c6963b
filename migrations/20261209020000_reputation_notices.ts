import type { Knex } from 'knex';

// Reputation warnings and pauses (docs/reputation.md, "Warnings and pauses"). `reputation_warnings`
// holds one row per account and metric while its rate stands at or over the warning level (the
// warning was given); the row goes when the rate is back under it, so the next crossing warns
// again. `account_notices` is each warning, pause and resume told to the account: its payload (no
// address) is the webhook's, and `announced_at` is set once its emails and webhooks went out.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE reputation_warnings (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      metric text NOT NULL CHECK (metric IN ('bounce_rate', 'complaint_rate')),
      warned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, metric)
    )`);
  await knex.raw(`
    CREATE TABLE account_notices (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      event text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      announced_at timestamptz
    )`);
  await knex.raw(`CREATE INDEX account_notices_pending ON account_notices (account_id) WHERE announced_at IS NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE account_notices');
  await knex.raw('DROP TABLE reputation_warnings');
}
