// Two-factor sign-in (docs/teams.md, "Two-factor sign-in"), through the API as the dashboard uses
// it. Codes are computed by PyPI's pyotp from the secret the setup answers, as an authenticator
// app would, not by the library the API checks them with. TRUST_PROXY is loopback so that guesses
// can come "from" many addresses.
import { totp } from '../helpers/totp';
import { hashPassword } from '../../core/accounts/passwords';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import type { ApiResponse } from '../api/helpers/http';
import { insertMemberUser } from '../../core/accounts/members';
import {
  createSystemAccount,
  keyRequest,
  linkToken,
  signedInAgo,
  signedInTeam,
  SYSTEM_EMAIL_ENV,
  uniqueEmail,
  waitForEmail,
  WebClient,
} from './helpers';

const PASSWORD = 'correct horse battery staple';
let stack: ServiceStack;
let documented: DocumentedCheck;
let passwordHash: string;

beforeAll(async () => {
  // The worker sends the invitation's email.
  stack = await startServiceStack({ env: { ...SYSTEM_EMAIL_ENV, TRUST_PROXY: 'loopback' } });
  await createSystemAccount(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => stack?.stop());

/** A signed-in person (the owner of a new account) with two-factor turned on: its secret and recovery codes. */
async function withTwoFactor(client: WebClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.request('POST', '/api/auth/two-factor/setup');
  documented('/api/auth/two-factor/setup', 'post', setup);
  const secret = String(setup.json.secret);
  const enabled = await client.request('POST', '/api/auth/two-factor/enable', { code: totp(secret) });
  documented('/api/auth/two-factor/enable', 'post', enabled);
  expect(enabled.status).toBe(200);
  return { secret, recoveryCodes: enabled.json.recovery_codes as string[] };
}

/** Sign in with the password, then the second factor; the client holds the session it ends with. */
async function signInWithFactor(client: WebClient, email: string, factor: object): Promise<ApiResponse> {
  const first = await client.request('POST', '/api/auth/signin', { email, password: PASSWORD });
  documented('/api/auth/signin', 'post', first);
  expect(first.status).toBe(202);
  const second = await client.request('POST', '/api/auth/signin/two-factor', factor);
  documented('/api/auth/signin/two-factor', 'post', second);
  if (second.status === 200) client.csrf = String(second.json.csrf_token);
  return second;
}

test('the setup gives a secret and its QR code; a code from it turns two-factor on with ten recovery codes, and the person’s other sessions end', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const otherTab = new WebClient(stack.baseUrl);
  expect((await otherTab.signIn(sender.account.email, PASSWORD)).status).toBe(200);

  const setup = await owner.request('POST', '/api/auth/two-factor/setup');
  expect(setup.status).toBe(200);
  expect(setup.headers.get('cache-control')).toBe('no-store');
  const secret = String(setup.json.secret);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(String(setup.json.otpauth_uri)).toBe(
    `otpauth://totp/Postage:${encodeURIComponent(sender.account.email)}?secret=${secret}&issuer=Postage`,
  );
  expect(String(setup.json.qr_code_svg)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

  const wrong = await owner.request('POST', '/api/auth/two-factor/enable', { code: totp(secret, 300) });
  documented('/api/auth/two-factor/enable', 'post', wrong);
  expect({ status: wrong.status, fields: Object.keys(wrong.json.errors as object) }).toEqual({
    status: 400,
    fields: ['code'],
  });

  const enabled = await owner.request('POST', '/api/auth/two-factor/enable', { code: totp(secret) });
  expect(enabled.status).toBe(200);
  const codes = enabled.json.recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

  const session = await owner.request('GET', '/api/auth/session');
  expect(session.json).toMatchObject({ user: { two_factor_enabled: true }, two_factor_setup_required: false });
  expect((await otherTab.request('GET', '/api/auth/session')).status).toBe(401);
  const status = await owner.request('GET', '/api/auth/two-factor');
  documented('/api/auth/two-factor', 'get', status);
  expect(status.json).toMatchObject({ enabled: true, recovery_codes_left: 10 });
  // Nothing secret stays readable: the secret is stored encrypted, the recovery codes as hashes.
  const row = await stack.db('users').where({ email: sender.account.email }).first();
  expect(JSON.stringify(row)).not.toContain(secret);
  const hashes = await stack.db('user_recovery_codes').where({ user_id: row.id }).select('code_hash');
  expect(JSON.stringify(hashes)).not.toContain(codes[0]!.replace('-', ''));
});

test('with two-factor on, the password alone opens nothing; a code signs in once, never twice; a recovery code works once', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const { secret, recoveryCodes } = await withTwoFactor(owner);
  const email = sender.account.email;

  const browser = new WebClient(stack.baseUrl);
  const pending = await browser.request('POST', '/api/auth/signin', { email, password: PASSWORD });
  expect(pending.status).toBe(202);
  expect(pending.json).toMatchObject({ two_factor_required: true });
  // The waiting session is not signed in.
  expect((await browser.request('GET', '/api/auth/session')).status).toBe(401);
  expect((await browser.request('GET', '/api/domains')).status).toBe(401);
  // A code without the password first: nothing to complete.
  const stranger = await new WebClient(stack.baseUrl).request('POST', '/api/auth/signin/two-factor', {
    code: totp(secret, 30),
  });
  expect(stranger.status).toBe(401);

  // The enabling code took this time step: the next one's code signs in (the app shows it within 30 s).
  const code = totp(secret, 30);
  const signedIn = await browser.request('POST', '/api/auth/signin/two-factor', { code });
  expect(signedIn.status).toBe(200);
  expect(signedIn.json).toMatchObject({ user: { email, two_factor_enabled: true } });
  expect((await browser.request('GET', '/api/domains')).status).toBe(200);

  // The same code again, in another sign-in: refused.
  expect((await signInWithFactor(new WebClient(stack.baseUrl), email, { code })).status).toBe(401);

  const recovery = recoveryCodes[3]!;
  const withRecovery = await signInWithFactor(new WebClient(stack.baseUrl), email, {
    recovery_code: ` ${recovery.toUpperCase()} `,
  });
  expect(withRecovery.status).toBe(200);
  expect((await signInWithFactor(new WebClient(stack.baseUrl), email, { recovery_code: recovery })).status).toBe(401);
  expect((await owner.request('GET', '/api/auth/two-factor')).json).toMatchObject({ recovery_codes_left: 9 });
});

test('guessing codes stops within a handful of tries per person, whatever addresses the guesses come from', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const { secret } = await withTwoFactor(owner);
  const email = sender.account.email;
  const attacker = new WebClient(stack.baseUrl);
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    // Each guess from another address; the password is known to the attacker.
    const from = { 'X-Forwarded-For': `198.51.100.${10 + i}` };
    expect(
      (await attacker.request('POST', '/api/auth/signin', { email, password: PASSWORD }, { headers: from })).status,
    ).toBe(202);
    const guess = await attacker.request('POST', '/api/auth/signin/two-factor', { code: '000000' }, { headers: from });
    statuses.push(guess.status);
    if (guess.status === 429) {
      documented('/api/auth/signin/two-factor', 'post', guess);
      expect(guess.json.error).toBe('too_many_attempts');
      expect(Number(guess.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  // Even the right code, from a new address, waits out the window now.
  const from = { 'X-Forwarded-For': '203.0.113.9' };
  await attacker.request('POST', '/api/auth/signin', { email, password: PASSWORD }, { headers: from });
  const right = await attacker.request(
    'POST',
    '/api/auth/signin/two-factor',
    { code: totp(secret, 30) },
    { headers: from },
  );
  expect(right.status).toBe(429);
});

test('turning two-factor off, or making new recovery codes, needs a current code; an API key reaches none of it', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const { recoveryCodes } = await withTwoFactor(owner);

  const replaced = await owner.request('POST', '/api/auth/two-factor/recovery-codes', {
    recovery_code: recoveryCodes[0],
  });
  documented('/api/auth/two-factor/recovery-codes', 'post', replaced);
  expect(replaced.status).toBe(200);
  const fresh = replaced.json.recovery_codes as string[];
  // The old set stopped working.
  const stale = await owner.request('POST', '/api/auth/two-factor/disable', { recovery_code: recoveryCodes[1] });
  documented('/api/auth/two-factor/disable', 'post', stale);
  expect({ status: stale.status, fields: Object.keys(stale.json.errors as object) }).toEqual({
    status: 400,
    fields: ['recovery_code'],
  });
  const off = await owner.request('POST', '/api/auth/two-factor/disable', { recovery_code: fresh[0] });
  expect(off.status).toBe(200);
  expect(off.json).toMatchObject({ enabled: false, recovery_codes_left: 0 });
  expect((await new WebClient(stack.baseUrl).signIn(sender.account.email, PASSWORD)).status).toBe(200);

  const key = keyRequest(stack.baseUrl, sender.apiKey);
  for (const path of ['/api/auth/two-factor/setup', '/api/auth/two-factor/enable'])
    expect((await key('POST', path, { code: '123456' })).status).toBe(403);
});

test('the owner’s rule: required of every member, a member without it can only set it up; the invitation says so; it cannot be turned off meanwhile', async () => {
  const { sender, owner, ownerId } = await signedInTeam(stack, PASSWORD, passwordHash);
  const tooSoon = await owner.request('PUT', '/api/account/two-factor-requirement', { required: true });
  documented('/api/account/two-factor-requirement', 'put', tooSoon);
  expect({ status: tooSoon.status, error: tooSoon.json.error }).toEqual({
    status: 409,
    error: 'two_factor_not_set_up',
  });

  const member = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: uniqueEmail('dev'),
    name: 'Dee Developer',
    passwordHash,
    role: 'developer',
  });
  const dev = new WebClient(stack.baseUrl);
  expect((await dev.signIn(member.email, PASSWORD)).status).toBe(200);

  const ownerFactor = await withTwoFactor(owner);
  // Two-factor on ended the owner's other sessions, not this one.
  const required = await owner.request('PUT', '/api/account/two-factor-requirement', { required: true });
  expect(required.status).toBe(200);
  expect((await owner.request('GET', '/api/audit?action=account.two_factor_requirement')).json).toMatchObject({
    entries: [{ action: 'account.two_factor_requirement', details: { required: true } }],
  });

  // The member, already signed in, is held at the setup from their next request.
  const held = await dev.request('GET', '/api/domains');
  documented('/api/domains', 'get', held);
  expect({ status: held.status, error: held.json.error }).toEqual({ status: 403, error: 'two_factor_setup_required' });
  expect((await dev.request('GET', '/api/auth/session')).json).toMatchObject({
    two_factor_setup_required: true,
    account: { require_two_factor: true },
  });
  const devFactor = await withTwoFactor(dev);
  expect((await dev.request('GET', '/api/domains')).status).toBe(200);

  // Neither can turn it off while the account requires it.
  const refused = await dev.request('POST', '/api/auth/two-factor/disable', {
    recovery_code: devFactor.recoveryCodes[0],
  });
  expect({ status: refused.status, error: refused.json.error }).toEqual({
    status: 409,
    error: 'two_factor_required_by_account',
  });

  // A person invited now is told so, in the email and on the invitation's page, and is held at the
  // setup from their first request as a member.
  const invitedAddress = uniqueEmail('invited');
  expect((await owner.request('POST', '/api/invitations', { email: invitedAddress, role: 'viewer' })).status).toBe(201);
  const mail = await waitForEmail(invitedAddress);
  expect(mail.body.text).toContain('This account requires two-factor sign-in');
  const token = linkToken(mail, '/accept-invitation');
  const newcomer = new WebClient(stack.baseUrl);
  const preview = await newcomer.request('POST', '/api/auth/invitation/lookup', { token });
  documented('/api/auth/invitation/lookup', 'post', preview);
  expect(preview.json).toMatchObject({ require_two_factor: true, has_user: false });
  const accepted = await newcomer.request('POST', '/api/auth/invitation/accept', {
    token,
    password: PASSWORD,
    name: 'Nia',
  });
  expect(accepted.status).toBe(200);
  newcomer.csrf = String(accepted.json.csrf_token);
  expect(accepted.json).toMatchObject({ two_factor_setup_required: true });
  expect((await newcomer.request('GET', '/api/emails')).json.error).toBe('two_factor_setup_required');
  await withTwoFactor(newcomer);
  expect((await newcomer.request('GET', '/api/emails')).status).toBe(200);

  // The owner lifts the rule; the audit log names who did.
  expect((await owner.request('PUT', '/api/account/two-factor-requirement', { required: false })).status).toBe(200);
  expect(
    (await dev.request('POST', '/api/auth/two-factor/disable', { recovery_code: devFactor.recoveryCodes[1] })).status,
  ).toBe(200);
  expect(ownerFactor.recoveryCodes).toHaveLength(10);
  expect(ownerId).toBeTruthy();
});

test('adding a way in needs a recent sign-in: a session signed in 20 minutes ago is refused the setup and a passkey', async () => {
  const { owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  await signedInAgo(stack.db, owner, 20);
  for (const path of ['/api/auth/two-factor/setup', '/api/auth/passkeys/registration-options']) {
    const res = await owner.request('POST', path);
    documented(path, 'post', res);
    expect({ path, status: res.status, error: res.json.error }).toEqual({
      path,
      status: 403,
      error: 'recent_sign_in_required',
    });
  }
  await signedInAgo(stack.db, owner, 5);
  expect((await owner.request('POST', '/api/auth/two-factor/setup')).status).toBe(200);
});

test('a password reset voids a sign-in waiting for its code; turning off what is off counts no try', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const { secret } = await withTwoFactor(owner);
  const phisher = new WebClient(stack.baseUrl);
  expect(
    (await phisher.request('POST', '/api/auth/signin', { email: sender.account.email, password: PASSWORD })).status,
  ).toBe(202);
  // The person changes their password (as a reset does) before the phisher has a code.
  await stack
    .db('users')
    .where({ email: sender.account.email })
    .update({ password_changed_at: new Date(Date.now() + 1000) });
  const late = await phisher.request('POST', '/api/auth/signin/two-factor', { code: totp(secret, 30) });
  expect(late.status).toBe(401);

  const { owner: other } = await signedInTeam(stack, PASSWORD, passwordHash);
  for (let i = 0; i < 7; i++) {
    const off = await other.request('POST', '/api/auth/two-factor/disable', { code: '000000' });
    expect(off.status).toBe(200);
  }
  const noCodes = await other.request('POST', '/api/auth/two-factor/recovery-codes', { code: '000000' });
  expect({ status: noCodes.status, error: noCodes.json.error }).toEqual({
    status: 409,
    error: 'two_factor_not_set_up',
  });
  // None of that counted: setting it up still takes codes.
  await withTwoFactor(other);
});
