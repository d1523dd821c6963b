import type { Knex } from 'knex';

// Open and click tracking (docs/sending.md, "Tracking opens and clicks"; docs/domains.md,
// "Tracking subdomain"): each domain's defaults and its optional tracking subdomain; and the
// timeline may hold several engagement events of a type per message (every click; an open once
// as a person and once as a machine), so one event per type and message now holds for the other
// types only.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('domains', (t) => {
    t.boolean('track_opens').notNullable().defaultTo(false);
    t.boolean('track_clicks').notNullable().defaultTo(false);
    t.text('tracking_subdomain').nullable();
    t.timestamp('tracking_verified_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('email_events', (t) => {
    t.dropUnique(['message_id', 'type']);
  });
  await knex.raw(
    `CREATE UNIQUE INDEX email_events_message_id_type_unique ON email_events (message_id, type) WHERE type NOT IN ('opened', 'clicked')`,
  );
  // An open is recorded at most once as a person and once as a machine.
  await knex.raw(
    `CREATE UNIQUE INDEX email_events_opened_unique ON email_events (message_id, (details->>'machine')) WHERE type = 'opened'`,
  );
  // A click recorded again by a retried activity (same recorded_by) is not a second click.
  await knex.raw(
    `CREATE UNIQUE INDEX email_events_clicked_unique ON email_events (message_id, recorded_by) WHERE type = 'clicked'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_events').whereIn('type', ['opened', 'clicked']).delete();
  await knex.raw('DROP INDEX IF EXISTS email_events_clicked_unique');
  await knex.raw('DROP INDEX IF EXISTS email_events_opened_unique');
  await knex.raw('DROP INDEX IF EXISTS email_events_message_id_type_unique');
  await knex.schema.alterTable('email_events', (t) => {
    t.unique(['message_id', 'type']);
  });
  await knex.schema.alterTable('domains', (t) => {
    t.dropColumn('tracking_verified_at');
    t.dropColumn('tracking_subdomain');
    t.dropColumn('track_clicks');
    t.dropColumn('track_opens');
  });
}
