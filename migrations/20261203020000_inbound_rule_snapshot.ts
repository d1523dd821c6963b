import type { Knex } from 'knex';

// A received message keeps the endpoints its rule named when it arrived (docs/inbound.md, "Rules"):
// a rule or inbound domain deleted before the message is recorded must not widen who gets it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (t) => {
    // The rule's endpoint_ids when the message was stored; empty: every subscribed endpoint.
    t.specificType('endpoint_ids', 'uuid[]').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (t) => {
    t.dropColumn('endpoint_ids');
  });
}
