import type { Knex } from 'knex';

// Every change to an API key but its last-used time (a revocation, an expiry moved, a deletion,
// an account's keys deleted with it) is notified on `api_key_changed` with the key's lookup id at
// commit, whoever makes it (API, CLI, SQL): the API's key cache evicts it (core/accounts/apiKeyCache.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('api_key_changed', OLD.lookup_id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER api_key_changed AFTER UPDATE ON api_keys FOR EACH ROW
      WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
      EXECUTE FUNCTION notify_api_key_changed();
    CREATE TRIGGER api_key_deleted AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS api_key_deleted ON api_keys;
    DROP TRIGGER IF EXISTS api_key_changed ON api_keys;
    DROP FUNCTION IF EXISTS notify_api_key_changed();
  `);
}
