// A person's own sessions over HTTP (docs/teams.md, "Sign-up and sessions"): listed in every
// account with the browser and address each signed in from and `current` on the one asking, the
// one used last first; one ended by its public id (its browser's next request is a 401), another
// person's id answered as an unknown one, the current one ended as a sign-out, and all others
// ended at once. The stack trusts a loopback proxy, so each browser speaks from its own address.
import { randomBytes, randomUUID } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { sha256 } from '../../core/platform/crypto';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import type { ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { keyRequest, WebClient } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
const PASSWORD = 'a sessions-test password';
let passwordHash: string;

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface UserSessionView {
  id: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

beforeAll(async () => {
  stack = await startServiceStack({ worker: false, env: { TRUST_PROXY: 'loopback' } });
  documented = await loadOpenApiCheck(stack.baseUrl);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => stack?.stop());

/** A browser with its own User-Agent and address, behind the trusted proxy. */
function browser(userAgent = FIREFOX_WINDOWS): WebClient & { ip: string } {
  const [x, y, z] = randomBytes(3);
  const ip = `10.${x}.${y}.${z}`;
  const web = new WebClient(stack.baseUrl);
  const request = web.request.bind(web);
  web.request = (method, path, body, opts = {}) =>
    request(method, path, body, {
      ...opts,
      headers: { 'User-Agent': userAgent, 'X-Forwarded-For': ip, ...opts.headers },
    });
  return Object.assign(web, { ip });
}

/** A person, owner of an account of their own; their address. */
async function person(): Promise<{ email: string; userId: string }> {
  const sender = await createSender(stack.db);
  const email = `${uniqueName('person')}@example.org`;
  const member = await insertMemberUser(stack.db, { accountId: sender.account.id, email, passwordHash });
  return { email, userId: member.userId };
}

async function signedIn(email: string, userAgent?: string): Promise<WebClient & { ip: string }> {
  const web = browser(userAgent);
  expect((await web.signIn(email, PASSWORD)).status).toBe(200);
  return web;
}

/** The answer, checked against /openapi.json. */
async function answered(
  res: Promise<ApiResponse>,
  method: 'get' | 'post' | 'delete',
  path: string,
): Promise<ApiResponse> {
  const r = await res;
  documented(path, method, r);
  return r;
}

async function sessionsOf(web: WebClient): Promise<UserSessionView[]> {
  const res = await answered(web.request('GET', '/api/auth/sessions'), 'get', '/api/auth/sessions');
  expect(res.status).toBe(200);
  return res.json.sessions as UserSessionView[];
}

const end = (web: WebClient, id: string) =>
  answered(web.request('DELETE', `/api/auth/sessions/${id}`), 'delete', '/api/auth/sessions/{id}');

/** The id of the session `web` holds, as its own list shows it. */
const ownId = async (web: WebClient) => (await sessionsOf(web)).find((s) => s.current)!.id;

const signedInStatus = async (web: WebClient) => (await web.request('GET', '/api/auth/session')).status;

test('the list shows each of the person’s sessions, in every account, the one used last first, with its device, address and `current`', async () => {
  const ann = await person();
  const other = await createSender(stack.db);
  await stack.db('memberships').insert({ account_id: other.account.id, user_id: ann.userId, role: 'viewer' });
  const laptop = await signedIn(ann.email, FIREFOX_WINDOWS);
  const phone = await signedIn(ann.email, SAFARI_IPHONE);
  // The phone moves to Ann's other account, and so is used after the laptop.
  expect((await phone.request('POST', '/api/auth/session/account', { account_id: other.account.id })).status).toBe(200);
  await signedIn((await person()).email); // someone else's session

  const listed = await sessionsOf(laptop);
  expect(listed.map(({ device, user_agent, ip, current }) => ({ device, user_agent, ip, current }))).toEqual([
    { device: 'Safari 17 on iOS', user_agent: SAFARI_IPHONE, ip: phone.ip, current: false },
    { device: 'Firefox 128 on Windows', user_agent: FIREFOX_WINDOWS, ip: laptop.ip, current: true },
  ]);
  // The laptop's listing was its last use: it comes first now.
  expect((await sessionsOf(phone)).map((s) => [s.id, s.current])).toEqual([
    [listed[1]!.id, false],
    [listed[0]!.id, true],
  ]);
});

test('the public id is neither the session id nor its hash, and last use moves with each request', async () => {
  const { email } = await person();
  const laptop = await signedIn(email);
  const phone = await signedIn(email, SAFARI_IPHONE);
  const before = (await sessionsOf(laptop)).find((s) => !s.current)!;
  const sid = decodeURIComponent(phone.sessionCookie!.split('=')[1]!)
    .replace(/^s:/, '')
    .replace(/\.[^.]+$/, '');
  for (const form of [sid, sha256(sid).toString('hex')]) expect(before.id).not.toContain(form);
  expect((await phone.request('GET', '/api/domains')).status).toBe(200);
  const after = (await sessionsOf(laptop)).find((s) => s.id === before.id)!;
  expect(Date.parse(after.last_used_at)).toBeGreaterThan(Date.parse(before.last_used_at));
  expect(after.created_at).toBe(before.created_at);
});

test('ending another of the person’s sessions signs that browser out at its next request', async () => {
  const { email } = await person();
  const laptop = await signedIn(email);
  const phone = await signedIn(email, SAFARI_IPHONE);
  const ended = await end(laptop, await ownId(phone));
  expect(ended.status).toBe(200);
  expect(ended.json).toEqual({ success: true, detail: 'That session is signed out.' });
  expect(await signedInStatus(phone)).toBe(401);
  expect((await phone.request('GET', '/api/domains')).status).toBe(401);
  expect(await signedInStatus(laptop)).toBe(200);
  expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
});

test('another person’s session id is answered as an unknown id is, with 404 not_found, and ends nothing', async () => {
  const ann = await signedIn((await person()).email);
  const bob = await signedIn((await person()).email);
  const theirs = await end(ann, await ownId(bob));
  const unknown = await end(ann, randomUUID());
  expect(theirs.status).toBe(404);
  expect(theirs.json).toEqual(unknown.json);
  expect(theirs.json.error).toBe('not_found');
  expect((await end(ann, 'not-a-session-id')).json).toEqual(unknown.json);
  expect(await signedInStatus(bob)).toBe(200);
  expect(await sessionsOf(bob)).toHaveLength(1);
});

test('ending the current session signs out as /api/auth/signout does', async () => {
  const { email } = await person();
  const laptop = await signedIn(email);
  const stale = laptop.clone();
  const res = await end(laptop, await ownId(laptop));
  expect(res.json).toEqual({ success: true, detail: 'Signed out.' });
  expect(res.headers.get('set-cookie')).toMatch(/^postage_session=;/);
  expect(laptop.sessionCookie).toBeUndefined();
  expect(await signedInStatus(stale)).toBe(401);
});

test('ending the others leaves only the current session, in every account, and answers how many ended', async () => {
  const ann = await person();
  const other = await createSender(stack.db);
  await stack.db('memberships').insert({ account_id: other.account.id, user_id: ann.userId, role: 'viewer' });
  const laptop = await signedIn(ann.email);
  const phone = await signedIn(ann.email, SAFARI_IPHONE);
  const tablet = await signedIn(ann.email);
  expect((await tablet.request('POST', '/api/auth/session/account', { account_id: other.account.id })).status).toBe(
    200,
  );
  const bob = await signedIn((await person()).email);

  const res = await answered(
    laptop.request('POST', '/api/auth/sessions/end-others'),
    'post',
    '/api/auth/sessions/end-others',
  );
  expect(res.json).toEqual({ success: true, ended: 2 });
  expect([await signedInStatus(phone), await signedInStatus(tablet)]).toEqual([401, 401]);
  expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
  expect(await signedInStatus(bob)).toBe(200);
});

test('an API key is answered 404 by each, as only a person has sessions', async () => {
  const sender = await createSender(stack.db);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const asKey = keyRequest(stack.baseUrl, secret);
  const answers = [
    await answered(asKey('GET', '/api/auth/sessions'), 'get', '/api/auth/sessions'),
    await answered(asKey('DELETE', `/api/auth/sessions/${randomUUID()}`), 'delete', '/api/auth/sessions/{id}'),
    await answered(asKey('POST', '/api/auth/sessions/end-others'), 'post', '/api/auth/sessions/end-others'),
  ];
  expect(answers.map((r) => [r.status, r.json.error])).toEqual([
    [404, 'not_found'],
    [404, 'not_found'],
    [404, 'not_found'],
  ]);
});
