// What a stranger can make Postage do without an account (docs/decisions.md, "Open sign-up"):
// anonymous endpoints that send email or hash a password are limited per client and in total;
// parallel guesses cannot get past the sign-in limit, which no longer locks the real user out and
// which a password reset clears; password hashing is bounded so sign-in stays fast during a flood;
// reset requests neither cancel a working link when no email goes out nor answer later for
// addresses that exist. The stack trusts a loopback proxy, so each client speaks from its own IP
// (X-Forwarded-For).
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Db } from '../../core/platform/db';
import { startApiProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
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

const PASSWORD = 'a long enough password';
const LIMITS = {
  TRUST_PROXY: 'loopback',
  PASSWORD_RESETS_PER_CLIENT_PER_HOUR: '3',
  PASSWORD_RESETS_PER_HOUR: '1000',
  TOKEN_CHECKS_PER_CLIENT_PER_HOUR: '3',
  SIGNIN_FAILURES_PER_ADDRESS: '5',
  SIGNIN_FAILURES_PER_ADDRESS_ALL_CLIENTS: '12',
  SIGNIN_FAILURES_PER_IP: '100',
};

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ env: { ...SYSTEM_EMAIL_ENV, ...LIMITS } });
  await createSystemAccount(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

/** A client with its own IP, behind the trusted proxy. */
function client(base = stack.baseUrl): WebClient {
  const [x, y, z] = randomBytes(3);
  const ip = `10.${x}.${y}.${z}`;
  const web = new WebClient(base);
  const request = web.request.bind(web);
  web.request = (method, path, body, opts = {}) =>
    request(method, path, body, { ...opts, headers: { 'X-Forwarded-For': ip, ...opts.headers } });
  return web;
}

/** Signs up (from its own client) and verifies through the emailed link; returns the address. */
async function customer(): Promise<string> {
  const email = uniqueEmail('user');
  const web = client();
  expect((await web.request('POST', '/api/auth/signup', { email, password: PASSWORD })).status).toBe(202);
  const token = linkToken(await waitForEmail(email), '/verify-email');
  expect((await web.request('POST', '/api/auth/verify-email', { token })).status).toBe(200);
  return email;
}

function expectTooMany(
  res: { status: number; json: Record<string, unknown>; headers: Headers },
  code = 'too_many_requests',
) {
  expect(res.status).toBe(429);
  expect(res.json).toMatchObject({ success: false, error: code, detail: expect.any(String) });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('anonymous endpoints that send email are limited per client and in total', () => {
  let signups: ServiceStack;
  beforeAll(async () => {
    signups = await startServiceStack({
      env: { ...SYSTEM_EMAIL_ENV, TRUST_PROXY: 'loopback', SIGNUPS_PER_CLIENT_PER_HOUR: '3', SIGNUPS_PER_HOUR: '5' },
    });
    await createSystemAccount(signups.db);
  });
  afterAll(async () => signups?.stop());

  test('sign-up: 3 an hour per client, 5 an hour from everyone; refused requests send nothing', async () => {
    const first = client(signups.baseUrl);
    const addresses = Array.from({ length: 4 }, () => uniqueEmail('signup'));
    const answers = [];
    for (const email of addresses)
      answers.push(await first.request('POST', '/api/auth/signup', { email, password: PASSWORD }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429]);
    expectTooMany(answers[3]!);
    documented('/api/auth/signup', 'post', answers[3]!);

    // Another client has its own allowance, until the total (5) is reached.
    const second = client(signups.baseUrl);
    const more = [uniqueEmail('signup'), uniqueEmail('signup'), uniqueEmail('signup')];
    const statuses = [];
    for (const email of more)
      statuses.push((await second.request('POST', '/api/auth/signup', { email, password: PASSWORD })).status);
    expect(statuses).toEqual([202, 202, 429]);
    const third = await client(signups.baseUrl).request('POST', '/api/auth/signup', {
      email: uniqueEmail('signup'),
      password: PASSWORD,
    });
    expectTooMany(third);
    expect(third.json.detail).toMatch(/everyone/);

    await waitForEmail(more[1]!);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await emailsTo(addresses[3]!)).toEqual([]);
    expect(await emailsTo(more[2]!)).toEqual([]);
    expect(await signups.db('accounts').whereIn('email', [addresses[3]!, more[2]!])).toEqual([]);
    expect(await signups.db('accounts').whereIn('email', [...addresses.slice(0, 3), ...more.slice(0, 2)])).toHaveLength(
      5,
    );
  });

  test('password-reset requests and token checks: 3 an hour per client', async () => {
    const web = client();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await web.request('POST', '/api/auth/password-reset', { email: uniqueEmail('reset') })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);

    const checker = client();
    const checks = [];
    for (let i = 0; i < 2; i++)
      checks.push(await checker.request('POST', '/api/auth/verify-email', { token: `made-up-${i}` }));
    checks.push(
      await checker.request('POST', '/api/auth/password-reset/confirm', { token: 'made-up', password: PASSWORD }),
    );
    checks.push(
      await checker.request('POST', '/api/auth/password-reset/confirm', { token: 'made-up', password: PASSWORD }),
    );
    expect(checks.map((c) => c.status)).toEqual([400, 400, 400, 429]);
    expectTooMany(checks[3]!);
    documented('/api/auth/password-reset/confirm', 'post', checks[3]!);
  });
});

describe('sign-in limits', () => {
  test('60 parallel wrong passwords for one address: exactly 5 are checked, the rest refused', async () => {
    const email = await customer();
    const attacker = client();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attacker.signIn(email, `wrong guess ${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    expectTooMany(
      answers.find((a) => a.status === 429)!,
      'too_many_attempts',
    );
  });

  test("one attacker's guesses do not lock the real user out; guesses from many clients do, until a password reset", async () => {
    const email = await customer();
    const attacker = client();
    for (let i = 0; i < 5; i++) expect((await attacker.signIn(email, `wrong guess ${i}`)).status).toBe(401);
    expect((await attacker.signIn(email, PASSWORD)).status).toBe(429); // locked out: the attacker only
    expect((await client().signIn(email, PASSWORD)).status).toBe(200); // the owner, from their own client

    // Guessing from many clients reaches the address-wide ceiling (12): then everyone waits...
    for (let i = 0; i < 12; i++) await client().signIn(email, `distributed guess ${i}`);
    const owner = client();
    expectTooMany(await owner.signIn(email, PASSWORD), 'too_many_attempts');

    // ...until the owner resets the password, as the 429 says.
    expect((await owner.request('POST', '/api/auth/password-reset', { email })).status).toBe(202);
    const token = linkToken(await waitForEmail(email, 2), '/reset-password');
    const newPassword = 'a brand new password';
    expect(
      (await owner.request('POST', '/api/auth/password-reset/confirm', { token, password: newPassword })).status,
    ).toBe(200);
    expect((await owner.signIn(email, newPassword)).status).toBe(200);
  });

  test('a user who locked themselves out signs in again, from the same client, once the password is reset', async () => {
    const email = await customer();
    const user = client();
    for (let i = 0; i < 5; i++) expect((await user.signIn(email, `forgot it ${i}`)).status).toBe(401);
    expectTooMany(await user.signIn(email, PASSWORD), 'too_many_attempts');
    expect((await user.request('POST', '/api/auth/password-reset', { email })).status).toBe(202);
    const token = linkToken(await waitForEmail(email, 2), '/reset-password');
    expect(
      (await user.request('POST', '/api/auth/password-reset/confirm', { token, password: 'remembered now!' })).status,
    ).toBe(200);
    expect((await user.signIn(email, 'remembered now!')).status).toBe(200);
  });
});

describe('password reset requests', () => {
  test('asking again after the hourly emails are spent sends nothing and does not cancel the link already sent', async () => {
    const email = await customer(); // 1 email: the verification
    // The address's 5 emails an hour: the verification and 4 reset links, each new one replacing the last.
    for (let i = 0; i < 4; i++) {
      expect((await client().request('POST', '/api/auth/password-reset', { email })).status).toBe(202);
      await waitForEmail(email, 2 + i);
    }
    const last = (await emailsTo(email))[4]!;
    // Asked again: no email goes out, and the link above must keep working.
    for (let i = 0; i < 2; i++)
      expect((await client().request('POST', '/api/auth/password-reset', { email })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await emailsTo(email)).toHaveLength(5);
    // The newest link that was sent still works.
    const res = await client().request('POST', '/api/auth/password-reset/confirm', {
      token: linkToken(last, '/reset-password'),
      password: 'the new password',
    });
    expect(res.status).toBe(200);
  });

  test('the answer does not wait for the work that differs for existing addresses', async () => {
    const email = await customer();
    // Another session holds the token table: issuing a reset link (existing address only) waits for it.
    const blocker = new Client({ connectionString: stack.database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE user_tokens IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const known = await client().request('POST', '/api/auth/password-reset', { email });
      const taken = await client().request('POST', '/api/auth/signup', { email, password: 'someone else entirely' });
      const unknown = await client().request('POST', '/api/auth/password-reset', { email: uniqueEmail('nobody') });
      expect(Date.now() - started).toBeLessThan(2000);
      expect([known.status, taken.status, unknown.status]).toEqual([202, 202, 202]);
      expect(known.json).toEqual(unknown.json);
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      await blocker.query('COMMIT');
      await blocker.end();
    }
    // Once the table is free the work completes: the reset link and the "already registered" notice.
    await waitForEmail(email, 3);
  });
});

describe('password hashing is bounded', () => {
  // The API in its own process, as in production: the flood's clients do not share its event loop.
  let database: TestDatabase;
  let api: { baseUrl: string; stop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    await createSystemAccount(database.db);
    api = await startApiProcess(
      testEnv({
        DATABASE_URL: database.url,
        ...SYSTEM_EMAIL_ENV,
        TRUST_PROXY: 'loopback',
        PASSWORD_HASHES_AT_ONCE: '2',
      }),
    );
  });
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  // Not a timed test (a loaded CI machine stretches every hash): the sign-in must not queue behind
  // the flood's password hashes, so it answers while nearly all of the 100 sign-ups still wait.
  test('during a flood of 200 junk sign-ups and reset confirmations from many clients, a sign-in is answered before the sign-ups that came first', async () => {
    const email = uniqueEmail('steady');
    expect((await client(api.baseUrl).request('POST', '/api/auth/signup', { email, password: PASSWORD })).status).toBe(
      202,
    );
    expect(await eventuallyUser(database.db, email)).toBeDefined();

    let signupsAnswered = 0;
    const junk = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? client(api.baseUrl)
            .request('POST', '/api/auth/signup', { email: uniqueEmail('junk'), password: `junk password ${i}` })
            .then((answer) => ((signupsAnswered += 1), answer))
        : client(api.baseUrl).request('POST', '/api/auth/password-reset/confirm', {
            token: randomBytes(32).toString('base64url'),
            password: `junk password ${i}`,
          }),
    );
    await new Promise((r) => setTimeout(r, 300)); // the flood is in
    const signIn = await client(api.baseUrl).signIn(email, PASSWORD);
    const answeredBeforeSignIn = signupsAnswered;
    expect(signIn.status).toBe(200);
    // Each sign-up hashes a new password, one at a time: queued behind them, the sign-in would come after all 100.
    expect(answeredBeforeSignIn).toBeLessThan(25);
    const answers = await Promise.all(junk);
    expect(answers.every((a) => a.status === 202 || a.status === 400)).toBe(true);
  });
});

async function eventuallyUser(db: Db, email: string) {
  for (let i = 0; i < 100; i++) {
    const row = await db('users').where({ email }).first();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}
