// Passkeys through the API (docs/teams.md, "Passkeys"): the options a browser is given, and every
// answer that must not sign anyone in. The ceremonies themselves, with a real authenticator
// (Chromium's virtual one), are in test/browser/passkeys.spec.ts: no emulator here signs WebAuthn.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../core/accounts/passwords';
import { freePort } from '../../tools/stack/processes';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { signedInTeam, WebClient } from './helpers';

const PASSWORD = 'correct horse battery staple';
let stack: ServiceStack;
let documented: DocumentedCheck;
let passwordHash: string;
let port: number;

beforeAll(async () => {
  port = await freePort();
  stack = await startServiceStack({ worker: false, port, env: { BASE_URL: `http://localhost:${port}` } });
  documented = await loadOpenApiCheck(stack.baseUrl);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => stack?.stop());

const b64 = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** An answer shaped like a browser's that no authenticator made. */
const forgedAssertion = (id = b64(16)) => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: b64(), authenticatorData: b64(37), signature: b64(70) },
  clientExtensionResults: {},
});

test('registration options name BASE_URL’s host, the person by an opaque handle, and require a discoverable, verified credential', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const options = await owner.request('POST', '/api/auth/passkeys/registration-options');
  documented('/api/auth/passkeys/registration-options', 'post', options);
  expect(options.status).toBe(200);
  expect(options.json).toMatchObject({
    rp: { id: 'localhost', name: 'Postage' },
    user: { name: sender.account.email },
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    attestation: 'none',
    excludeCredentials: [],
  });
  expect(String(options.json.challenge)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  // The user handle is the person's id (its 16 bytes), not their address.
  const person = await stack.db('users').where({ email: sender.account.email }).first<{ id: string }>('id');
  expect(Buffer.from(String((options.json.user as { id: string }).id), 'base64url').toString('hex')).toBe(
    person!.id.replace(/-/g, ''),
  );
  const list = await owner.request('GET', '/api/auth/passkeys');
  documented('/api/auth/passkeys', 'get', list);
  expect(list.json).toEqual({ passkeys: [] });
});

test('an answer no authenticator made registers nothing and signs nobody in; a challenge answers once', async () => {
  const { owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  await owner.request('POST', '/api/auth/passkeys/registration-options');
  const forged = await owner.request('POST', '/api/auth/passkeys', {
    name: 'laptop',
    response: { ...forgedAssertion(), response: { clientDataJSON: b64(), attestationObject: b64(64) } },
  });
  documented('/api/auth/passkeys', 'post', forged);
  expect({ status: forged.status, fields: Object.keys(forged.json.errors as object) }).toEqual({
    status: 400,
    fields: ['response'],
  });
  expect((await owner.request('GET', '/api/auth/passkeys')).json).toEqual({ passkeys: [] });

  const browser = new WebClient(stack.baseUrl);
  // Without asking for the options first: nothing waits.
  const unasked = await browser.request('POST', '/api/auth/signin/passkey', { response: forgedAssertion() });
  documented('/api/auth/signin/passkey', 'post', unasked);
  expect(unasked.status).toBe(401);
  const options = await browser.request('POST', '/api/auth/signin/passkey/options');
  documented('/api/auth/signin/passkey/options', 'post', options);
  expect(options.json).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
  expect(options.json.allowCredentials ?? []).toEqual([]);
  const unknown = await browser.request('POST', '/api/auth/signin/passkey', { response: forgedAssertion() });
  expect(unknown.status).toBe(401);
  expect((await browser.request('GET', '/api/auth/session')).status).toBe(401);
});

test('an API key reaches no passkey operation; another person’s passkey id answers as one that does not exist', async () => {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  const key = await fetch(`${stack.baseUrl}/api/auth/passkeys`, { headers: { 'X-API-Key': sender.apiKey } });
  expect(key.status).toBe(403);
  const someone = `00000000-0000-4000-8000-${'0'.repeat(12)}`;
  const res = await owner.request('DELETE', `/api/auth/passkeys/${someone}`);
  documented('/api/auth/passkeys/{id}', 'delete', res);
  expect({ status: res.status, error: res.json.error }).toEqual({ status: 404, error: 'not_found' });
});
