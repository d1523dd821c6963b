// Sign-in security over HTTP: CSRF on every state-changing session request, session rotation at
// sign-in and its end at sign-out and password change, idle and absolute lifetimes, sign-in
// limits per address and per client IP, and answers that do not reveal who has an account.
// The stack trusts a loopback proxy, so each test can speak from its own client IP
// (X-Forwarded-For) and over HTTPS (X-Forwarded-Proto), as behind a TLS-terminating proxy.
import { createHash, randomBytes } from 'node:crypto';
import { findAccountByEmail } from '../../core/accounts/accounts';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { uniqueName } from '../helpers/fixtures';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import {
  createSystemAccount,
  emailsTo,
  linkToken,
  SYSTEM_EMAIL_ENV,
  uniqueEmail,
  waitForEmail,
  WebClient,
} from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  stack = await startServiceStack({
    env: {
      ...SYSTEM_EMAIL_ENV,
      BASE_URL: 'https://postage.test',
      TRUST_PROXY: 'loopback',
      SIGNIN_FAILURES_PER_ADDRESS: '3',
      SIGNIN_FAILURES_PER_IP: '6',
      SESSION_MAX_HOURS: '1',
    },
  });
  await createSystemAccount(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

/** A client with its own IP, behind the trusted proxy, over HTTPS. */
function client(): WebClient {
  const [x, y, z] = randomBytes(3);
  const ip = `10.${x}.${y}.${z}`; // random: sign-in limits live in the run's shared Redis
  const web = new WebClient(stack.baseUrl);
  const request = web.request.bind(web);
  web.request = (method, path, body, opts = {}) =>
    request(method, path, body, {
      ...opts,
      headers: { 'X-Forwarded-For': ip, 'X-Forwarded-Proto': 'https', ...opts.headers },
    });
  return web;
}

/** Signs up and verifies through the emailed link; returns the address. */
async function customer(web = client()): Promise<string> {
  const email = uniqueEmail('user');
  expect((await web.request('POST', '/api/auth/signup', { email, password: PASSWORD })).status).toBe(202);
  const token = linkToken(await waitForEmail(email), '/verify-email');
  expect((await web.request('POST', '/api/auth/verify-email', { token })).status).toBe(200);
  return email;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();
/** The session id inside the signed cookie value `s:<id>.<signature>`. */
const sessionId = (cookie: string) =>
  decodeURIComponent(cookie.split('=')[1]!)
    .replace(/^s:/, '')
    .replace(/\.[^.]+$/, '');

test('the session cookie is HttpOnly, SameSite=Lax and Secure over HTTPS; the store keeps only its hash; the password is argon2id', async () => {
  const web = client();
  const email = await customer(web);
  const res = await web.signIn(email, PASSWORD);
  const setCookie = res.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/^postage_session=/);
  expect(setCookie).toMatch(/; HttpOnly/i);
  expect(setCookie).toMatch(/; SameSite=Lax/i);
  expect(setCookie).toMatch(/; Secure/i);
  const id = sessionId(web.sessionCookie!);
  const rows = await stack.db('sessions').select('sid_hash', 'data');
  expect(rows.some((r: { sid_hash: Buffer }) => r.sid_hash.equals(sha256(id)))).toBe(true);
  expect(JSON.stringify(rows)).not.toContain(id);
  const user = await stack.db('users').where({ email }).first('password_hash');
  expect(user.password_hash).toMatch(/^\$argon2id\$/);
  expect(user.password_hash).not.toContain(PASSWORD);
});

test('a state-changing request with a session needs the CSRF token; reads do not', async () => {
  const web = client();
  await web.signIn(await customer(web), PASSWORD);
  const body = { address: 'csrf@example.org' };
  const without = await web.request('POST', '/api/suppressions', body, { csrf: false });
  expect(without.status).toBe(403);
  expect(without.json.error).toBe('csrf_token_invalid');
  documented('/api/suppressions', 'post', without);
  const wrong = await web.request('POST', '/api/suppressions', body, {
    csrf: false,
    headers: { 'X-CSRF-Token': 'f'.repeat(64) },
  });
  expect(wrong.json.error).toBe('csrf_token_invalid');
  // Another session's token does not fit this one.
  const other = client();
  await other.signIn(await customer(other), PASSWORD);
  expect(
    (await web.request('POST', '/api/suppressions', body, { csrf: false, headers: { 'X-CSRF-Token': other.csrf! } }))
      .json.error,
  ).toBe('csrf_token_invalid');
  expect((await web.request('GET', '/api/suppressions', undefined, { csrf: false })).json.suppressions).toEqual([]);
  expect((await web.request('POST', '/api/auth/signout', undefined, { csrf: false })).status).toBe(403); // sign-out too
  const withToken = await web.request('POST', '/api/suppressions', body);
  expect(withToken.status).toBe(201);
});

test('sign-in starts a new session id (a planted or earlier cookie is not carried over); sign-out ends it', async () => {
  const web = client();
  const email = await customer(web);
  await web.signIn(email, PASSWORD);
  const first = web.clone();
  await web.signIn(email, PASSWORD);
  expect(web.sessionCookie).not.toBe(first.sessionCookie);
  expect((await first.request('GET', '/api/domains')).status).toBe(401); // the earlier id was dropped
  expect((await web.request('GET', '/api/domains')).status).toBe(200);

  const planted = client();
  (planted as unknown as { cookie: string }).cookie = 'postage_session=s%3Aattacker-chosen.c2lnbmF0dXJl';
  await planted.signIn(email, PASSWORD);
  expect(planted.sessionCookie).not.toContain('attacker-chosen');

  const out = await web.request('POST', '/api/auth/signout');
  expect(out.status).toBe(200);
  documented('/api/auth/signout', 'post', out);
  const stale = web.clone();
  expect((await stale.request('GET', '/api/auth/session')).status).toBe(401);
});

test('changing or resetting the password signs the user out everywhere', async () => {
  const web = client();
  const email = await customer(web);
  await web.signIn(email, PASSWORD);
  const otherDevice = client();
  await otherDevice.signIn(email, PASSWORD);

  const wrongCurrent = await web.request('POST', '/api/auth/password', {
    current_password: 'not the password',
    new_password: 'brand new password 1',
  });
  expect(wrongCurrent.status).toBe(400);
  expect(wrongCurrent.json.errors).toHaveProperty('current_password');
  const changed = await web.request('POST', '/api/auth/password', {
    current_password: PASSWORD,
    new_password: 'brand new password 1',
  });
  expect(changed.status).toBe(200);
  documented('/api/auth/password', 'post', changed);
  web.csrf = String(changed.json.csrf_token);
  expect((await otherDevice.request('GET', '/api/domains')).status).toBe(401);
  expect((await web.request('GET', '/api/domains')).status).toBe(200); // this device continues in a new session

  // Reset: the link (1 hour, single use) sets a new password and ends every session.
  const reset = await client().request('POST', '/api/auth/password-reset', { email });
  expect(reset.status).toBe(202);
  const mail = await waitForEmail(email, 2);
  expect(mail.subject).toMatch(/reset/i);
  const token = linkToken(mail, '/reset-password');
  expect(mail.body.text).toContain('https://postage.test/reset-password?token=');
  const confirm = await client().request('POST', '/api/auth/password-reset/confirm', {
    token,
    password: 'third password here',
  });
  expect(confirm.status).toBe(200);
  documented('/api/auth/password-reset/confirm', 'post', confirm);
  expect((await web.request('GET', '/api/domains')).status).toBe(401);
  expect(
    (await client().request('POST', '/api/auth/password-reset/confirm', { token, password: 'fourth password here' }))
      .status,
  ).toBe(400); // used
  expect((await client().signIn(email, 'brand new password 1')).status).toBe(401);
  expect((await client().signIn(email, 'third password here')).status).toBe(200);
});

test('a reset link older than an hour and a verification link older than a day no longer work', async () => {
  const email = uniqueEmail('late');
  await client().request('POST', '/api/auth/signup', { email, password: PASSWORD });
  const verifyToken = linkToken(await waitForEmail(email), '/verify-email');
  await client().request('POST', '/api/auth/password-reset', { email });
  const resetToken = linkToken(await waitForEmail(email, 2), '/reset-password');
  await stack
    .db('user_tokens')
    .update({ expires_at: new Date(Date.now() - 1000) })
    .whereIn('token_hash', [sha256(verifyToken), sha256(resetToken)]);
  const verify = await client().request('POST', '/api/auth/verify-email', { token: verifyToken });
  expect(verify.status).toBe(400);
  expect(verify.json.errors).toEqual({ token: [expect.stringMatching(/invalid, used or expired/)] });
  expect(
    (
      await client().request('POST', '/api/auth/password-reset/confirm', {
        token: resetToken,
        password: 'another password',
      })
    ).status,
  ).toBe(400);
  expect((await findAccountByEmail(stack.db, email))!.isVerified).toBe(false);
});

test('an idle session and one past its absolute lifetime are signed out', async () => {
  const web = client();
  const email = await customer(web);
  await web.signIn(email, PASSWORD);
  const hash = sha256(sessionId(web.sessionCookie!));
  await stack
    .db('sessions')
    .where({ sid_hash: hash })
    .update({ expires_at: new Date(Date.now() - 1000) });
  expect((await web.request('GET', '/api/domains')).status).toBe(401);

  await web.signIn(email, PASSWORD);
  const fresh = sha256(sessionId(web.sessionCookie!));
  // Used a second ago, but signed in more than SESSION_MAX_HOURS (1) ago.
  await stack
    .db('sessions')
    .where({ sid_hash: fresh })
    .update({ data: stack.db.raw(`jsonb_set(data, '{signedInAt}', to_jsonb(?::bigint))`, [Date.now() - 3_700_000]) });
  expect((await web.request('GET', '/api/domains')).status).toBe(401);
});

test('failed sign-ins are limited per address and client, and per client IP across addresses', async () => {
  const email = await customer();
  const attacker = client();
  for (let i = 0; i < 3; i++) {
    const res = await attacker.signIn(email, `wrong guess ${i}`);
    expect(res.status).toBe(401);
    documented('/api/auth/signin', 'post', res);
  }
  // That client is locked out of the address, even with the right password, until the window
  // passes; the owner, from another client, is not (test/management/anonymousAbuse.test.ts).
  const locked = await attacker.signIn(email, PASSWORD);
  expect(locked.status).toBe(429);
  expect(locked.json.error).toBe('too_many_attempts');
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  documented('/api/auth/signin', 'post', locked);

  // One IP guessing across many addresses is stopped by the per-IP limit (6).
  const sprayer = client();
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++)
    statuses.push((await sprayer.signIn(uniqueEmail(`spray${i}`), 'whatever password')).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  // Another client with a fresh address signs in normally.
  const fine = await customer();
  expect((await client().signIn(fine, PASSWORD)).status).toBe(200);
});

test('sign-up, reset and sign-in answers do not reveal whether an address has an account', async () => {
  const existing = await customer();
  const fresh = uniqueEmail('fresh');
  const taken = await client().request('POST', '/api/auth/signup', {
    email: existing,
    password: 'someone else entirely',
  });
  const free = await client().request('POST', '/api/auth/signup', { email: fresh, password: 'someone else entirely' });
  expect([taken.status, taken.json]).toEqual([free.status, free.json]);
  // The owner of the taken address hears about it; no second account exists.
  const notice = await waitForEmail(existing, 2);
  expect(notice.subject).toMatch(/already have/i);
  expect(await stack.db('accounts').where({ email: existing }).count<{ count: string }[]>('* as count')).toEqual([
    { count: '1' },
  ]);

  const nobody = uniqueEmail('nobody');
  const resetUnknown = await client().request('POST', '/api/auth/password-reset', { email: nobody });
  const resetKnown = await client().request('POST', '/api/auth/password-reset', { email: existing });
  expect([resetUnknown.status, resetUnknown.json]).toEqual([resetKnown.status, resetKnown.json]);
  documented('/api/auth/password-reset', 'post', resetUnknown);
  await waitForEmail(existing, 3);
  expect(await emailsTo(nobody)).toEqual([]);

  const wrongPassword = await client().signIn(existing, 'not the password!');
  const unknownAddress = await client().signIn(nobody, 'not the password!');
  expect([wrongPassword.status, wrongPassword.json]).toEqual([unknownAddress.status, unknownAddress.json]);
});

test('one address gets at most 5 sign-up and reset emails an hour, however often they are asked for', async () => {
  const email = uniqueEmail('flooded');
  const answers = [await client().request('POST', '/api/auth/signup', { email, password: PASSWORD })];
  // The account exists once its verification email is queued (sign-up finishes after its 202): a
  // reset asked for before that finds no one and sends nothing, whatever the allowance.
  await waitForEmail(email, 1);
  for (let i = 0; i < 6; i++) answers.push(await client().request('POST', '/api/auth/password-reset', { email }));
  // Every request gets the same answer: the limit does not tell anyone that the address exists.
  expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.json)}`))).toEqual(
    new Set([`202 ${JSON.stringify(answers[0]!.json)}`]),
  );
  await waitForEmail(email, 5);
  // Each reset is handled after its 202 and a sixth could still be on its way: give it a moment, then count.
  await new Promise((r) => setTimeout(r, 2000));
  expect(await emailsTo(email)).toHaveLength(5);
});

test('sign-up checks its fields and answers with field errors', async () => {
  const res = await client().request('POST', '/api/auth/signup', {
    email: 'not-an-address',
    password: 'short',
    extra: 1,
  });
  expect(res.status).toBe(400);
  documented('/api/auth/signup', 'post', res);
  expect(res.json.errors).toEqual({ extra: ['Unknown field.'] });
  const fields = await client().request('POST', '/api/auth/signup', { email: 'not-an-address', password: 'short' });
  expect(fields.json.errors).toEqual({ email: [expect.any(String)] });
  const weak = await client().request('POST', '/api/auth/signup', {
    email: `${uniqueName('x')}@example.com`,
    password: 'short',
  });
  expect(weak.json.errors).toEqual({ password: ['Use at least 10 characters.'] });
  const long = await client().request('POST', '/api/auth/signup', {
    email: `${uniqueName('x')}@example.com`,
    password: 'x'.repeat(257),
  });
  expect(long.json.errors).toEqual({ password: ['Use at most 256 characters.'] });
});
