// postage-admin member list|add|remove against the real PostgreSQL: an operator adds people with a
// role (the owner only where there is none), lists them, and removes one (their keys revoked unless
// kept); the owner is never removed here; each change is audited with the operator's name.
import { createApiKey, findApiKey } from '../../core/accounts/apiKeys';
import { listAudit } from '../../core/platform/audit';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { cliFor, ok, type Cli } from './cliHarness';

let database: TestDatabase;
let cli: Cli;

beforeAll(async () => {
  database = await createTestDatabase();
  cli = cliFor({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await database?.drop();
});

test('member add, list and remove; the one-owner rule holds; removal revokes the keys the member made', async () => {
  const accountId = ok(
    await cli(['account', 'create', '--email', 'team@example.com', '--plan', 'growth', '--verified']),
  ).json.id as string;
  ok(await cli(['member', 'add', accountId, 'team@example.com', '--role', 'owner']));
  const dev = ok(await cli(['member', 'add', 'team@example.com', 'dev@example.com', '--role', 'developer'])).json as {
    userId: string;
    role: string;
  };
  expect(dev.role).toBe('developer');
  const secondOwner = await cli(['member', 'add', accountId, 'boss@example.com', '--role', 'owner']);
  expect(secondOwner.code).toBe(1);
  expect(secondOwner.json).toMatchObject({ error: { code: 'ownership_transfer_required' } });
  const badRole = await cli(['member', 'add', accountId, 'x@example.com', '--role', 'superuser']);
  expect(badRole.json).toMatchObject({ error: { code: 'invalid_role' } });
  const again = await cli(['member', 'add', accountId, 'dev@example.com', '--role', 'viewer']);
  expect(again.json).toMatchObject({ error: { code: 'already_member' } });

  const listed = ok(await cli(['member', 'list', accountId])).json as { email: string; role: string }[];
  expect(listed.map((m) => [m.email, m.role])).toEqual([
    ['team@example.com', 'owner'],
    ['dev@example.com', 'developer'],
  ]);

  const key = await createApiKey(database.db, { accountId, name: 'dev key' }, `user:${dev.userId}`);
  const ownerRemoval = await cli(['member', 'remove', accountId, 'team@example.com']);
  expect(ownerRemoval.json).toMatchObject({ error: { code: 'ownership_transfer_required' } });
  const removed = ok(await cli(['member', 'remove', accountId, 'dev@example.com'])).json as { revokedKeys: string[] };
  expect(removed.revokedKeys).toEqual([`pk_${key.apiKey.lookupId}`]);
  expect((await findApiKey(database.db, key.apiKey.id))!.revokedAt).not.toBeNull();
  expect((ok(await cli(['member', 'list', accountId])).json as unknown[]).length).toBe(1);
  const audit = await listAudit(database.db, accountId, 5);
  expect(audit.find((e) => e.action === 'member.remove')!.actor).toMatch(/^cli:/);
});

test('member reset-two-factor turns off a person’s two-factor sign-in, ends their sessions, and each account records it', async () => {
  const accountId = (
    ok(await cli(['account', 'create', '--email', 'locked@example.com', '--name', 'Locked out'])).json as {
      id: string;
    }
  ).id;
  ok(await cli(['member', 'add', accountId, 'locked@example.com', '--role', 'owner']));
  const user = await database.db('users').where({ email: 'locked@example.com' }).first<{ id: string }>('id');
  // As if the person had turned it on and signed in (the API's tests cover how).
  await database
    .db('users')
    .where({ id: user!.id })
    .update({ totp_enabled_at: new Date(), totp_secret_ciphertext: Buffer.from('x') });
  await database.db('user_recovery_codes').insert({ user_id: user!.id, code_hash: Buffer.alloc(32, 1) });
  await database.db('sessions').insert({
    sid_hash: Buffer.alloc(32, 2),
    user_id: user!.id,
    account_id: accountId,
    data: '{}',
    expires_at: new Date(Date.now() + 60_000),
  });
  const listed = ok(await cli(['member', 'list', accountId])).json as { email: string; twoFactorEnabled: boolean }[];
  expect(listed).toEqual([expect.objectContaining({ email: 'locked@example.com', twoFactorEnabled: true })]);

  ok(await cli(['member', 'reset-two-factor', 'locked@example.com']));
  const after = ok(await cli(['member', 'list', accountId])).json as { twoFactorEnabled: boolean }[];
  expect(after[0]!.twoFactorEnabled).toBe(false);
  expect(await database.db('user_recovery_codes').where({ user_id: user!.id }).count<{ count: string }[]>('*')).toEqual(
    [{ count: '0' }],
  );
  expect(await database.db('sessions').where({ user_id: user!.id }).count<{ count: string }[]>('*')).toEqual([
    { count: '0' },
  ]);
  const audit = await listAudit(database.db, accountId, 5);
  expect(audit.find((e) => e.action === 'user.two_factor_reset')!.actor).toMatch(/^cli:/);
  expect((await cli(['member', 'reset-two-factor', 'nobody@example.com'])).json).toMatchObject({
    error: { code: 'member_not_found' },
  });
});
