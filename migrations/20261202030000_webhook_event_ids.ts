import type { Knex } from 'knex';

// The `webhook-id` each delivery was sent with (docs/webhooks.md, "Delivery policy"): a message
// has many opens and clicks, each its own event, so a delivery run again (or replayed) finds the
// attempt of its own event by this id rather than by message and type. Null on older rows.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.text('event_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropColumn('event_id');
  });
}
