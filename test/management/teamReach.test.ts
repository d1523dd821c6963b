// A member's reach ends with their role: the keys they made act with at most their current role
// (read on every request, as a session's is), the invitations they sent end when they may no
// longer give them (and accepting checks again), and changes to one team never race: a transfer
// and a removal of the same person, run together many times, always leave exactly one owner.
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser, removeMember, transferOwnership } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { PostageError } from '../../core/platform/errors';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { send, testSendBody, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import {
  createSystemAccount,
  keyRequest,
  linkToken,
  signedInTeam,
  SYSTEM_EMAIL_ENV,
  uniqueEmail,
  waitForEmail,
  WebClient,
} from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
let passwordHash: string;
const PASSWORD = 'a team-reach password';

beforeAll(async () => {
  stack = await startServiceStack({ worker: true, env: { ...SYSTEM_EMAIL_ENV, RATE_LIMIT_PER_MINUTE: '100000' } });
  documented = await loadOpenApiCheck(stack.baseUrl);
  await createSystemAccount(stack.db);
  passwordHash = await hashPassword(PASSWORD);
}, 60_000);
afterAll(async () => stack?.stop());

/** A verified Growth account with a signed-in owner. */
const team = () => signedInTeam(stack, PASSWORD, passwordHash);

async function member(
  accountId: string,
  role: 'viewer' | 'developer' | 'admin',
  label: string,
): Promise<{ userId: string; email: string; client: WebClient }> {
  const person = await insertMemberUser(stack.db, { accountId, email: uniqueEmail(label), passwordHash, role });
  const client = new WebClient(stack.baseUrl);
  expect((await client.signIn(person.email, PASSWORD)).status).toBe(200);
  return { userId: person.userId, email: person.email, client };
}

const outcome = (res: ApiResponse) => ({ status: res.status, error: res.json.error as string | undefined });
const template = (name: string) => ({ name, subject: 'Hi {{ name }}', html: '<p>Hello {{ name }}</p>' });

test("a key acts with at most its maker's current role: lowered to viewer, the member's keys read but change and send nothing; raised again, they work again", async () => {
  const { sender, owner } = await team();
  const dev = await member(sender.account.id, 'developer', 'dev');
  const full = String(
    (await dev.client.request('POST', '/api/api-keys', { name: 'dev full', permission: 'full_access' })).json.secret,
  );
  const sending = String((await dev.client.request('POST', '/api/api-keys', { name: 'dev app' })).json.secret);
  const asKey = keyRequest(stack.baseUrl, full);
  expect((await asKey('POST', '/api/templates', template('before'))).status).toBe(201);
  expect((await send(stack, sending, testSendBody(stack, sender.domain))).status).toBe(200);

  expect((await owner.request('PATCH', `/api/members/${dev.userId}`, { role: 'viewer' })).json).toMatchObject({
    role: 'viewer',
  });
  const refused = await asKey('POST', '/api/templates', template('after'));
  documented('/api/templates', 'post', refused);
  expect(outcome(refused)).toEqual({ status: 403, error: 'insufficient_role' });
  expect(String(refused.json.detail)).toContain('acts as a viewer');
  expect((await asKey('GET', '/api/templates')).status).toBe(200);
  const sendRefused = await send(stack, sending, testSendBody(stack, sender.domain));
  expect(outcome(sendRefused)).toEqual({ status: 403, error: 'unauthorized' });
  expect(String(sendRefused.json.detail)).toContain('now a viewer');

  await owner.request('PATCH', `/api/members/${dev.userId}`, { role: 'developer' });
  expect((await asKey('POST', '/api/templates', template('again'))).status).toBe(201);
  expect((await send(stack, sending, testSendBody(stack, sender.domain))).status).toBe(200);
});

test("keys kept when their maker is removed act with the owner's role; a key whose maker left without that is refused", async () => {
  const { sender, owner } = await team();
  const dev = await member(sender.account.id, 'developer', 'keeper');
  const kept = String(
    (await dev.client.request('POST', '/api/api-keys', { name: 'production', permission: 'full_access' })).json.secret,
  );
  expect((await owner.request('DELETE', `/api/members/${dev.userId}?keep_keys=true`)).status).toBe(200);
  expect((await keyRequest(stack.baseUrl, kept)('POST', '/api/templates', template('kept'))).status).toBe(201);
  const ownerId = (await stack
    .db('memberships')
    .where({ account_id: sender.account.id, role: 'owner' })
    .first<{ user_id: string }>('user_id'))!.user_id;
  expect(
    await stack.db('api_keys').where({ account_id: sender.account.id, name: 'production' }).first('created_by_user'),
  ).toEqual({ created_by_user: ownerId });

  // A key whose person is not a member (made by SQL here: the API never leaves one so) is refused.
  const stray = await member(sender.account.id, 'developer', 'stray');
  const strayKey = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'stray', permission: 'full_access' },
    `user:${stray.userId}`,
  );
  await stack.db('memberships').where({ account_id: sender.account.id, user_id: stray.userId }).delete();
  expect((await keyRequest(stack.baseUrl, strayKey.secret)('GET', '/api/templates')).status).toBe(401);
  expect((await send(stack, strayKey.secret, testSendBody(stack, sender.domain))).status).toBe(401);
});

async function invite(by: WebClient, email: string, role: string): Promise<string> {
  const res = await by.request('POST', '/api/invitations', { email, role });
  expect(res.status).toBe(201);
  return linkToken(await waitForEmail(email), '/accept-invitation');
}

async function acceptAsNewcomer(token: string): Promise<ApiResponse> {
  const res = await new WebClient(stack.baseUrl).request('POST', '/api/auth/invitation/accept', {
    token,
    password: PASSWORD,
  });
  documented('/api/auth/invitation/accept', 'post', res);
  return res;
}

test('an invitation ends with its sender: removed, or lowered below what it gives, their open invitations are revoked, and accepting checks again', async () => {
  const { sender, owner } = await team();
  const admin = await member(sender.account.id, 'admin', 'inviter');
  const removedEmail = uniqueEmail('invited-admin');
  const fromRemoved = await invite(admin.client, removedEmail, 'admin');
  const loweredAdmin = await member(sender.account.id, 'admin', 'lowered-inviter');
  const asAdmin = uniqueEmail('as-admin');
  const asViewer = uniqueEmail('as-viewer');
  const adminInvite = await invite(loweredAdmin.client, asAdmin, 'admin');
  const viewerInvite = await invite(loweredAdmin.client, asViewer, 'viewer');

  expect((await owner.request('DELETE', `/api/members/${admin.userId}`)).status).toBe(200);
  expect((await owner.request('PATCH', `/api/members/${loweredAdmin.userId}`, { role: 'developer' })).status).toBe(200);
  const open = (email: string) =>
    stack.db('invitations').where({ email }).whereNull('revoked_at').whereNull('accepted_at').first();
  expect(await open(removedEmail)).toBeUndefined();
  expect(await open(asAdmin)).toBeUndefined();
  expect(await open(asViewer)).toBeUndefined(); // a developer invites nobody

  // Accepting checks the sender again, also for an invitation nothing revoked (one from before this rule).
  await stack.db('invitations').whereIn('email', [removedEmail, asAdmin]).update({ revoked_at: null });
  for (const token of [fromRemoved, adminInvite, viewerInvite]) {
    const res = await acceptAsNewcomer(token);
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('token');
  }
  expect(
    await stack.db('memberships').where({ account_id: sender.account.id }).count<{ n: string }[]>({ n: '*' }),
  ).toEqual([{ n: '2' }]);

  // An invitation whose sender may still give it works.
  const fine = uniqueEmail('fine');
  expect((await acceptAsNewcomer(await invite(owner, fine, 'admin'))).json.account).toMatchObject({ role: 'admin' });
});

test('a transfer to a member and an admin removing that member, run together 40 times, always leave exactly one owner and answers that agree', async () => {
  for (let round = 0; round < 40; round++) {
    const { sender, ownerId } = await team();
    const accountId = sender.account.id;
    const admin = await insertMemberUser(stack.db, {
      accountId,
      email: uniqueEmail('race-admin'),
      passwordHash,
      role: 'admin',
    });
    const heir = await insertMemberUser(stack.db, {
      accountId,
      email: uniqueEmail('race-heir'),
      passwordHash,
      role: 'developer',
    });
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => 'done',
        (err: unknown) => (err instanceof PostageError ? err.code : `unexpected: ${String(err)}`),
      );
    const [transfer, removal] = await Promise.all([
      settle(
        transferOwnership(
          stack.db,
          accountId,
          { userId: ownerId, role: 'owner', actor: `user:${ownerId}` },
          heir.userId,
        ),
      ),
      settle(
        removeMember(
          stack.db,
          accountId,
          { userId: admin.userId, role: 'admin', actor: `user:${admin.userId}` },
          heir.userId,
          false,
        ),
      ),
    ]);
    const owners = await stack
      .db('memberships')
      .where({ account_id: accountId, role: 'owner' })
      .select<{ user_id: string }[]>('user_id');
    // Either the transfer went first (the heir, now owner, cannot be removed) or the removal did (no one to transfer to).
    const expected =
      owners[0]?.user_id === heir.userId
        ? { transfer: 'done', removal: 'ownership_transfer_required' }
        : { transfer: 'member_not_found', removal: 'done' };
    expect({ round, owners: owners.length, transfer, removal }).toEqual({ round, owners: 1, ...expected });
  }
});

test('the database refuses a change that leaves an account with members but no owner', async () => {
  const { sender, ownerId } = await team();
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('left'),
    passwordHash,
    role: 'developer',
  });
  await expect(
    stack.db('memberships').where({ account_id: sender.account.id, user_id: ownerId }).delete(),
  ).rejects.toThrow(/no owner/);
  await expect(
    stack.db('memberships').where({ account_id: sender.account.id, user_id: ownerId }).update({ role: 'admin' }),
  ).rejects.toThrow(/no owner/);
  expect(
    await stack.db('memberships').where({ account_id: sender.account.id, role: 'owner' }).first('user_id'),
  ).toEqual({ user_id: ownerId });
});
