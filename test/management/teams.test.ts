// Teams through the API as people use it: an owner invites by email (the link read from the SES
// emulator's store), the invited person joins with a new password or signed in as themselves; the
// invitation rules (once, 72 hours, revocation, the wrong person, already a member, not above
// your own role); removal and a lower role ending access on the next request, with the keys the
// member made; ownership transfer; one person in two accounts switching between them; and the
// audit log naming who did each.
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, type ApiResponse } from '../api/helpers/http';
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
const PASSWORD = 'a team-test password';

/** A verified account with a signed-in owner. */
const team = async () => signedInTeam(stack, PASSWORD, await hashPassword(PASSWORD));

/** Checks the answer against /openapi.json, then returns it. */
async function answered(
  res: Promise<ApiResponse>,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
): Promise<ApiResponse> {
  const r = await res;
  documented(path, method, r);
  return r;
}

async function invite(owner: WebClient, email: string, role = 'developer'): Promise<{ id: string; token: string }> {
  const res = await answered(owner.request('POST', '/api/invitations', { email, role }), 'post', '/api/invitations');
  expect(res.status).toBe(201);
  const count = (await stack.db('invitations').where({ email }).count<{ n: string }[]>({ n: '*' }))[0]!.n;
  const mail = await waitForEmail(email, Number(count));
  return { id: String(res.json.id), token: linkToken(mail, '/accept-invitation') };
}

async function accept(client: WebClient, body: Record<string, unknown>): Promise<ApiResponse> {
  const res = await answered(
    client.request('POST', '/api/auth/invitation/accept', body),
    'post',
    '/api/auth/invitation/accept',
  );
  if (res.status === 200) client.csrf = String(res.json.csrf_token);
  return res;
}

beforeAll(async () => {
  stack = await startServiceStack({ worker: true, env: { ...SYSTEM_EMAIL_ENV, RATE_LIMIT_PER_MINUTE: '100000' } });
  documented = await loadOpenApiCheck(stack.baseUrl);
  await createSystemAccount(stack.db);
}, 60_000);
afterAll(async () => stack?.stop());

test('an invited person without a sign-in joins from the emailed link with a new password, once; the link says what it offers', async () => {
  const { sender, owner } = await team();
  const email = uniqueEmail('newcomer');
  const { token } = await invite(owner, email, 'developer');
  const mail = await waitForEmail(email);
  expect(mail.subject).toContain('invited');
  expect(mail.body.text).toContain('as developer');

  const anonymous = new WebClient(stack.baseUrl);
  const preview = await answered(
    anonymous.request('POST', '/api/auth/invitation/lookup', { token }),
    'post',
    '/api/auth/invitation/lookup',
  );
  expect(preview.json).toMatchObject({ email, role: 'developer', has_user: false, invited_by: 'Olive Owner' });
  // No password, no account: a 400 on the password, and the invitation is still open.
  expect((await accept(anonymous, { token })).json.errors).toHaveProperty('password');
  const joined = await accept(anonymous, { token, password: PASSWORD, name: 'Nia Newcomer' });
  expect(joined.status).toBe(200);
  expect(joined.json.account).toMatchObject({ id: sender.account.id, role: 'developer' });
  expect(joined.json.user).toMatchObject({ email, name: 'Nia Newcomer' });
  // Signed in at once, and may do what a developer does.
  expect((await anonymous.request('POST', '/api/api-keys', { name: 'mine' })).status).toBe(201);
  // The link works once.
  const again = await accept(new WebClient(stack.baseUrl), { token, password: PASSWORD });
  expect(again.status).toBe(400);
  expect(again.json.errors).toHaveProperty('token');
  // The new person signs in with their password.
  expect((await new WebClient(stack.baseUrl).signIn(email, PASSWORD)).status).toBe(200);
});

test('an expired, a revoked and a replaced invitation do not work; the wrong person is refused; a member cannot be invited again', async () => {
  const { sender, owner } = await team();
  const expiring = uniqueEmail('late');
  const late = await invite(owner, expiring);
  await stack
    .db('invitations')
    .where({ id: late.id })
    .update({ expires_at: new Date(Date.now() - 1000) });
  expect(
    (await accept(new WebClient(stack.baseUrl), { token: late.token, password: PASSWORD })).json.errors,
  ).toHaveProperty('token');

  const revokedEmail = uniqueEmail('revoked');
  const revoked = await invite(owner, revokedEmail);
  expect(
    (await answered(owner.request('GET', '/api/invitations'), 'get', '/api/invitations')).json.invitations,
  ).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: revoked.id,
        email: revokedEmail,
        invited_by: expect.objectContaining({ type: 'user', email: sender.account.email }),
      }),
    ]),
  );
  expect(
    (await answered(owner.request('DELETE', `/api/invitations/${revoked.id}`), 'delete', '/api/invitations/{id}'))
      .status,
  ).toBe(200);
  expect(
    (await accept(new WebClient(stack.baseUrl), { token: revoked.token, password: PASSWORD })).json.errors,
  ).toHaveProperty('token');
  expect((await owner.request('GET', '/api/invitations')).json.invitations).not.toEqual(
    expect.arrayContaining([expect.objectContaining({ id: revoked.id })]),
  );

  // Inviting again replaces the open invitation: the first link stops working.
  const twice = uniqueEmail('twice');
  const first = await invite(owner, twice);
  const second = await invite(owner, twice);
  expect(
    (await accept(new WebClient(stack.baseUrl), { token: first.token, password: PASSWORD })).json.errors,
  ).toHaveProperty('token');

  // An address with a sign-in: only that person, signed in, accepts it.
  const other = await team();
  const stranger = new WebClient(stack.baseUrl);
  const wrong = await accept(other.owner, { token: second.token, password: PASSWORD });
  expect({ status: wrong.status, error: wrong.json.error }).toEqual({ status: 403, error: 'invitation_wrong_user' });
  const existing = await invite(owner, other.sender.account.email, 'viewer');
  const notSignedIn = await accept(stranger, { token: existing.token });
  expect({ status: notSignedIn.status, error: notSignedIn.json.error }).toEqual({
    status: 403,
    error: 'invitation_wrong_user',
  });
  expect((await stranger.request('POST', '/api/auth/invitation/lookup', { token: existing.token })).json.has_user).toBe(
    true,
  );
  // Accepting while signed in needs the session's CSRF token, like any change made with it.
  const noCsrf = await other.owner.request(
    'POST',
    '/api/auth/invitation/accept',
    { token: existing.token },
    { csrf: false },
  );
  expect({ status: noCsrf.status, error: noCsrf.json.error }).toEqual({ status: 403, error: 'csrf_token_invalid' });
  const joined = await accept(other.owner, { token: existing.token });
  expect(joined.json.account).toMatchObject({ id: sender.account.id, role: 'viewer' });

  // Already a member: 409, and no email goes out.
  const sentBefore = (
    await stack.db('invitations').where({ email: other.sender.account.email }).count<{ n: string }[]>({ n: '*' })
  )[0]!.n;
  const dup = await answered(
    owner.request('POST', '/api/invitations', { email: other.sender.account.email, role: 'viewer' }),
    'post',
    '/api/invitations',
  );
  expect({ status: dup.status, error: dup.json.error }).toEqual({ status: 409, error: 'already_member' });
  expect(
    (await stack.db('invitations').where({ email: other.sender.account.email }).count<{ n: string }[]>({ n: '*' }))[0]!
      .n,
  ).toBe(sentBefore);
});

test('nobody gives a role above their own or changes the owner; an unverified account cannot invite', async () => {
  const { sender, owner, ownerId } = await team();
  const admin = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('admin'),
    passwordHash: await hashPassword(PASSWORD),
    role: 'admin',
  });
  const asAdmin = new WebClient(stack.baseUrl);
  await asAdmin.signIn(admin.email, PASSWORD);
  const owned = await asAdmin.request('PATCH', `/api/members/${ownerId}`, { role: 'viewer' });
  expect({ status: owned.status, error: owned.json.error }).toEqual({
    status: 409,
    error: 'ownership_transfer_required',
  });
  const removeOwner = await asAdmin.request('DELETE', `/api/members/${ownerId}`);
  expect({ status: removeOwner.status, error: removeOwner.json.error }).toEqual({
    status: 409,
    error: 'ownership_transfer_required',
  });
  const toOwner = await asAdmin.request('PATCH', `/api/members/${admin.userId}`, { role: 'owner' });
  expect(toOwner.status).toBe(400); // ownership moves only by transfer
  const ownerLeaves = await owner.request('POST', '/api/account/leave');
  expect({ status: ownerLeaves.status, error: ownerLeaves.json.error }).toEqual({
    status: 409,
    error: 'ownership_transfer_required',
  });
  const transfer = await asAdmin.request('POST', '/api/account/transfer-ownership', { user_id: admin.userId });
  expect({ status: transfer.status, error: transfer.json.error }).toEqual({ status: 403, error: 'insufficient_role' });

  const unverified = await createSender(stack.db, { plan: 'growth', verified: false });
  await insertMemberUser(stack.db, {
    accountId: unverified.account.id,
    email: unverified.account.email,
    passwordHash: await hashPassword(PASSWORD),
  });
  const newcomer = new WebClient(stack.baseUrl);
  await newcomer.signIn(unverified.account.email, PASSWORD);
  const refused = await newcomer.request('POST', '/api/invitations', { email: uniqueEmail('spam'), role: 'viewer' });
  expect({ status: refused.status, error: refused.json.error }).toEqual({ status: 403, error: 'unauthorized' });
});

test('removing a member ends their access on the next request and revokes the keys they made (a key made with their key too), unless kept', async () => {
  const { sender, owner } = await team();
  const hash = await hashPassword(PASSWORD);
  const dev = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('dev'),
    passwordHash: hash,
    role: 'developer',
  });
  const devClient = new WebClient(stack.baseUrl);
  await devClient.signIn(dev.email, PASSWORD);
  const key = (await devClient.request('POST', '/api/api-keys', { name: 'dev full', permission: 'full_access' })).json;
  // A key made with the developer's key is the developer's too.
  const child = (await keyRequest(stack.baseUrl, String(key.secret))('POST', '/api/api-keys', { name: 'made by key' }))
    .json;
  const ownersKey = await createApiKey(stack.db, { accountId: sender.account.id, name: 'operator key' }, 'cli:ops');
  const keys = (await owner.request('GET', '/api/api-keys')).json.api_keys as {
    id: string;
    created_by: { type: string; email: string | null; name: string | null } | null;
  }[];
  expect(keys.find((k) => k.id === (key.api_key as { id: string }).id)!.created_by).toMatchObject({
    type: 'user',
    email: dev.email,
  });
  expect(keys.find((k) => k.id === (child.api_key as { id: string }).id)!.created_by).toMatchObject({
    type: 'key',
    name: expect.stringContaining('dev full'),
  });

  const removed = await answered(
    owner.request('DELETE', `/api/members/${dev.userId}`),
    'delete',
    '/api/members/{user_id}',
  );
  expect(removed.status).toBe(200);
  expect((removed.json.revoked_keys as string[]).sort()).toEqual(
    [(key.api_key as { prefix: string }).prefix, (child.api_key as { prefix: string }).prefix].sort(),
  );
  // The very next request with the developer's session or keys is refused.
  expect((await devClient.request('GET', '/api/domains')).status).toBe(401);
  expect((await devClient.request('GET', '/api/auth/session')).status).toBe(401);
  expect((await call(`${stack.baseUrl}/api/me/`, { headers: { 'X-API-Key': String(key.secret) } })).status).toBe(401);
  expect((await call(`${stack.baseUrl}/api/me/`, { headers: { 'X-API-Key': String(child.secret) } })).status).toBe(401);
  expect((await call(`${stack.baseUrl}/api/me/`, { headers: { 'X-API-Key': ownersKey.secret } })).status).toBe(200);
  // With no account left, signing in says so.
  const alone = await new WebClient(stack.baseUrl).signIn(dev.email, PASSWORD);
  expect({ status: alone.status, error: alone.json.error }).toEqual({ status: 403, error: 'no_account' });

  // keep_keys: the account keeps them.
  const keeper = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('keeper'),
    passwordHash: hash,
    role: 'developer',
  });
  const keeperClient = new WebClient(stack.baseUrl);
  await keeperClient.signIn(keeper.email, PASSWORD);
  const kept = String((await keeperClient.request('POST', '/api/api-keys', { name: 'production' })).json.secret);
  expect((await owner.request('DELETE', `/api/members/${keeper.userId}?keep_keys=true`)).json.revoked_keys).toEqual([]);
  expect((await call(`${stack.baseUrl}/api/me/`, { headers: { 'X-API-Key': kept } })).status).toBe(200);

  // A lower role: the member's sessions for the account end; signed in again, the new role applies.
  const lowered = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('lowered'),
    passwordHash: hash,
    role: 'admin',
  });
  const loweredClient = new WebClient(stack.baseUrl);
  await loweredClient.signIn(lowered.email, PASSWORD);
  expect((await owner.request('PATCH', `/api/members/${lowered.userId}`, { role: 'viewer' })).json).toMatchObject({
    role: 'viewer',
  });
  expect((await loweredClient.request('GET', '/api/domains')).status).toBe(401);
  await loweredClient.signIn(lowered.email, PASSWORD);
  const viewerTries = await loweredClient.request('POST', '/api/domains', {
    name: 'viewer.example.com',
    sending_mode: 'shared',
  });
  expect({ status: viewerTries.status, error: viewerTries.json.error }).toEqual({
    status: 403,
    error: 'insufficient_role',
  });
});

test('ownership moves to another member, who may then do what only the owner may', async () => {
  const { sender, owner, ownerId } = await team();
  const heir = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('heir'),
    passwordHash: await hashPassword(PASSWORD),
    role: 'developer',
  });
  const moved = await answered(
    owner.request('POST', '/api/account/transfer-ownership', { user_id: heir.userId }),
    'post',
    '/api/account/transfer-ownership',
  );
  expect(moved.json).toMatchObject({ user_id: heir.userId, role: 'owner' });
  const members = (await owner.request('GET', '/api/members')).json.members as { user_id: string; role: string }[];
  expect(Object.fromEntries(members.map((m) => [m.user_id, m.role]))).toEqual({
    [ownerId]: 'admin',
    [heir.userId]: 'owner',
  });
  // The former owner is an admin now: no second transfer, but may leave.
  expect((await owner.request('POST', '/api/account/transfer-ownership', { user_id: ownerId })).json.error).toBe(
    'insufficient_role',
  );
  const heirClient = new WebClient(stack.baseUrl);
  await heirClient.signIn(heir.email, PASSWORD);
  expect((await heirClient.request('GET', '/api/auth/session')).json.account).toMatchObject({ role: 'owner' });
  expect((await owner.request('POST', '/api/account/leave')).status).toBe(200);
  expect((await owner.request('GET', '/api/domains')).status).toBe(401);
});

test('a person in two accounts sees both in the session, switches between them, and acts only on the one chosen', async () => {
  const first = await team();
  const second = await team();
  const { token } = await invite(second.owner, first.sender.account.email, 'viewer');
  const joined = await accept(first.owner, { token });
  expect(joined.json.account).toMatchObject({ id: second.sender.account.id, role: 'viewer' });
  const accounts = joined.json.accounts as { id: string; role: string }[];
  expect(accounts.map((a) => [a.id, a.role]).sort()).toEqual(
    [
      [first.sender.account.id, 'owner'],
      [second.sender.account.id, 'viewer'],
    ].sort(),
  );
  // Acting on the second account: its domains, as a viewer.
  expect(
    ((await first.owner.request('GET', '/api/domains')).json.domains as { name: string }[]).map((d) => d.name),
  ).toEqual([second.sender.domain]);
  expect((await first.owner.request('DELETE', `/api/domains/${second.sender.domain}`)).json.error).toBe(
    'insufficient_role',
  );
  const switched = await answered(
    first.owner.request('POST', '/api/auth/session/account', { account_id: first.sender.account.id }),
    'post',
    '/api/auth/session/account',
  );
  expect(switched.json.account).toMatchObject({ id: first.sender.account.id, role: 'owner' });
  expect(
    ((await first.owner.request('GET', '/api/domains')).json.domains as { name: string }[]).map((d) => d.name),
  ).toEqual([first.sender.domain]);
  // Not a member: the same 404 as an account that does not exist.
  const foreign = await first.owner.request('POST', '/api/auth/session/account', {
    account_id: (await createSender(stack.db)).account.id,
  });
  expect({ status: foreign.status, error: foreign.json.error }).toEqual({ status: 404, error: 'not_found' });
  // Signing in again opens the account used last.
  const again = await new WebClient(stack.baseUrl).signIn(first.sender.account.email, PASSWORD);
  expect(again.json.account).toMatchObject({ id: first.sender.account.id });
  // Removed from the second account, the person keeps the first.
  const members = (await second.owner.request('GET', '/api/members')).json.members as {
    user_id: string;
    email: string;
  }[];
  const them = members.find((m) => m.email === first.sender.account.email)!;
  await second.owner.request('DELETE', `/api/members/${them.user_id}`);
  expect(((await first.owner.request('GET', '/api/auth/session')).json.accounts as unknown[]).length).toBe(1);
});

test('the audit log shows each change with its actor, filters by actor, action and date, pages, and cannot be changed', async () => {
  const { sender, owner, ownerId } = await team();
  const email = uniqueEmail('auditee');
  const { token } = await invite(owner, email, 'developer');
  const dev = new WebClient(stack.baseUrl);
  const joined = await accept(dev, { token, password: PASSWORD, name: 'Dana Dev' });
  const devId = String((joined.json.user as { id: string }).id);
  const key = await dev.request('POST', '/api/api-keys', { name: 'dana key' });
  await owner.request('DELETE', `/api/members/${devId}`);

  const page = await answered(owner.request('GET', '/api/audit'), 'get', '/api/audit');
  const entries = page.json.entries as {
    action: string;
    actor: { type: string; id: string; name: string | null; email: string | null };
    details: Record<string, unknown>;
  }[];
  const find = (action: string) => entries.find((e) => e.action === action)!;
  expect(find('member.invite')).toMatchObject({
    actor: { type: 'user', id: ownerId, email: sender.account.email, name: 'Olive Owner' },
    details: { email, role: 'developer' },
  });
  expect(find('member.join')).toMatchObject({ actor: { type: 'user', id: devId, email, name: 'Dana Dev' } });
  expect(find('api_key.create')).toMatchObject({
    actor: { type: 'user', id: devId, email },
    details: { key: (key.json.api_key as { prefix: string }).prefix },
  });
  expect(find('member.remove')).toMatchObject({
    actor: { type: 'user', id: ownerId },
    details: { email, revoked_keys: [(key.json.api_key as { prefix: string }).prefix] },
  });
  // Newest first.
  expect(entries.map((e) => e.action).indexOf('member.remove')).toBeLessThan(
    entries.map((e) => e.action).indexOf('member.invite'),
  );

  const byDev = (await owner.request('GET', `/api/audit?actor=${encodeURIComponent(`user:${devId}`)}`)).json
    .entries as { action: string }[];
  expect(byDev.map((e) => e.action).sort()).toEqual(['api_key.create', 'member.join']);
  const memberFamily = (await owner.request('GET', '/api/audit?action=member')).json.entries as { action: string }[];
  expect(new Set(memberFamily.map((e) => e.action))).toEqual(
    new Set(['member.invite', 'member.join', 'member.remove']),
  );
  expect((await owner.request('GET', `/api/audit?until=${encodeURIComponent('2000-01-01')}`)).json.entries).toEqual([]);
  const first = await owner.request('GET', '/api/audit?limit=2');
  expect(first.json.entries).toHaveLength(2);
  const next = await owner.request('GET', `/api/audit?limit=2&cursor=${String(first.json.next_cursor)}`);
  expect((next.json.entries as { id: string }[])[0]!.id).not.toBe((first.json.entries as { id: string }[])[1]!.id);
  const bad = await answered(owner.request('GET', '/api/audit?cursor=nonsense'), 'get', '/api/audit');
  expect(bad.status).toBe(400);
  // No method changes it.
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
    expect((await owner.request(method, '/api/audit')).status).toBe(405);
});
