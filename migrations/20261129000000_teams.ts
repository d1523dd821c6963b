import type { Knex } from 'knex';

// Teams (docs/teams.md): a person (users) may belong to several accounts, each membership with one
// role; an account has exactly one owner (a partial unique index says so). Invitations carry a
// single-use token stored as its SHA-256 hash. API keys record who created them: the person
// responsible (a key made with a key inherits its creator's person), so removing a member can
// revoke the keys they made. Sessions name the account they act on, so removing a member ends
// their sessions for that account only.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('memberships', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('role').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Sign-in opens the account the person used last.
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.primary(['account_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.raw(
    `ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('owner','admin','developer','viewer'))`,
  );
  await knex.raw(`CREATE UNIQUE INDEX memberships_one_owner ON memberships (account_id) WHERE role = 'owner'`);
  // Every existing user is the owner of the account they signed up for.
  await knex.raw(
    `INSERT INTO memberships (account_id, user_id, role, created_at) SELECT account_id, id, 'owner', created_at FROM users`,
  );
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('account_id');
    t.text('name').notNullable().defaultTo('');
  });
  await knex.raw(
    `UPDATE users SET name = accounts.name FROM memberships m JOIN accounts ON accounts.id = m.account_id WHERE m.user_id = users.id`,
  );

  await knex.schema.createTable('invitations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('email').notNullable(); // lower-cased
    t.text('role').notNullable();
    t.binary('token_hash').notNullable().unique();
    t.uuid('invited_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('invited_by_actor').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.index(['account_id', 'created_at']);
  });
  await knex.raw(
    `ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ('admin','developer','viewer'))`,
  );
  // One open invitation per address and account: inviting again replaces it.
  await knex.raw(
    `CREATE UNIQUE INDEX invitations_one_open ON invitations (account_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL`,
  );

  await knex.schema.alterTable('api_keys', (t) => {
    t.text('created_by').nullable(); // the audit actor: user:<id>, key:<id>, cli:<name>
    t.uuid('created_by_user').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.index(['account_id', 'created_by_user']);
  });
  // Keys made before teams were made by the account's one person, or by an operator: unknown.
  await knex.schema.alterTable('sessions', (t) => {
    t.uuid('account_id').nullable();
    t.index(['user_id', 'account_id']);
  });
  await knex.raw(`UPDATE sessions SET account_id = (data->>'accountId')::uuid WHERE data->>'accountId' IS NOT NULL`);
  await knex.schema.alterTable('account_audit', (t) => t.index(['account_id', 'actor', 'created_at']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_audit', (t) => t.dropIndex(['account_id', 'actor', 'created_at']));
  await knex.schema.alterTable('sessions', (t) => {
    t.dropIndex(['user_id', 'account_id']);
    t.dropColumn('account_id');
  });
  await knex.schema.alterTable('api_keys', (t) => {
    t.dropIndex(['account_id', 'created_by_user']);
    t.dropColumn('created_by_user');
    t.dropColumn('created_by');
  });
  await knex.schema.dropTableIfExists('invitations');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('name');
    t.uuid('account_id').nullable().references('id').inTable('accounts').onDelete('CASCADE');
  });
  await knex.raw(
    `UPDATE users SET account_id = m.account_id FROM memberships m WHERE m.user_id = users.id AND m.role = 'owner'`,
  );
  await knex.schema.dropTableIfExists('memberships');
}
