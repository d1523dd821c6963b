import type { Knex } from 'knex';

// Rules of a team the database holds whoever writes (API, CLI, SQL), and a scheduled message's
// sender domain:
// - An account that has an owner keeps exactly one: the partial unique index already refuses a
//   second; a deferred constraint trigger refuses, at commit, a transaction that leaves an account
//   with members but no owner (a transfer demotes and promotes within one transaction, so only
//   the state at commit counts). An account deleted with its members is not checked.
// - A key whose maker is no longer a member of its account (kept when they were removed) is
//   answered for by the account's owner: it acts with the owner's role from now on.
// - scheduled_sends.sender_domain: the domain of the message's sender, kept for both modes (a
//   domain of the account, never a recipient or content), so a domain-scoped key is judged by it
//   before the message has a log row (BYOC messages never have one). Null for rows made before.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION check_account_has_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id)
         AND EXISTS (SELECT 1 FROM memberships WHERE account_id = OLD.account_id)
         AND NOT EXISTS (SELECT 1 FROM memberships WHERE account_id = OLD.account_id AND role = 'owner') THEN
        RAISE EXCEPTION 'account % would have no owner', OLD.account_id USING ERRCODE = '23514', CONSTRAINT = 'memberships_owner_kept';
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER memberships_owner_kept AFTER UPDATE OR DELETE ON memberships
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.role = 'owner')
      EXECUTE FUNCTION check_account_has_owner();
  `);
  await knex.raw(`
    UPDATE api_keys k SET created_by_user = o.user_id
    FROM memberships o
    WHERE o.account_id = k.account_id AND o.role = 'owner' AND k.created_by_user IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = k.account_id AND m.user_id = k.created_by_user)
  `);
  await knex.schema.alterTable('scheduled_sends', (t) => {
    t.text('sender_domain').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_sends', (t) => {
    t.dropColumn('sender_domain');
  });
  await knex.raw(`
    DROP TRIGGER IF EXISTS memberships_owner_kept ON memberships;
    DROP FUNCTION IF EXISTS check_account_has_owner();
  `);
}
