// Every missing, malformed, unknown, revoked or expired key gets 401 before anything else is
// read; every response carries X-Request-Id; unknown routes answer in the error shape.
import { createApiKey, revokeApiKey } from '../../core/accounts/apiKeys';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, me, send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { NO_TRACES, tracesOf } from './helpers/traces';

let stack: ServiceStack;
let sender: SenderFixture;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  sender = await createSender(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

function expectUnauthenticated(res: ApiResponse): void {
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ success: false, detail: expect.any(String) });
  expect(res.headers.get('X-RateLimit-Limit')).toBeNull(); // refused before the rate limiter
}

async function keyOf(opts: { expiresAt?: Date; accountId?: string } = {}): Promise<{ id: string; secret: string }> {
  const accountId = opts.accountId ?? sender.account.id;
  const { apiKey, secret } = await createApiKey(
    stack.db,
    { accountId, name: 'k', ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}) },
    'test',
  );
  return { id: apiKey.id, secret };
}

const UNKNOWN_KEY = `pk_${'0'.repeat(16)}_${'a'.repeat(64)}`;

describe.each<[string, (accountId: string) => Promise<string | undefined>]>([
  ['missing', async (): Promise<string | undefined> => undefined],
  ['empty', async () => ''],
  ['malformed', async () => 'not-a-key'],
  ['malformed with the right prefix', async () => 'pk_123_456'],
  ['unknown', async () => UNKNOWN_KEY],
  [
    'a known lookup id with a wrong secret',
    async (accountId) => (await keyOf({ accountId })).secret.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
  ],
  [
    'revoked',
    async (accountId) => {
      const key = await keyOf({ accountId });
      await revokeApiKey(stack.db, key.id, 'test');
      return key.secret;
    },
  ],
  [
    'expired',
    async (accountId) => {
      const key = await keyOf({ accountId, expiresAt: new Date(Date.now() + 3600_000) });
      // Time passes: the key's expiry is now behind us.
      await stack
        .db('api_keys')
        .where({ id: key.id })
        .update({ expires_at: new Date(Date.now() - 1000) });
      return key.secret;
    },
  ],
])('a %s API key', (_name, makeKey) => {
  test('gets 401 on POST /api/send/ and on GET /api/me/, and nothing is queued', async () => {
    const owner = await createSender(stack.db);
    const key = await makeKey(owner.account.id);
    const sent = await send(stack, key, testSendBody(stack, owner.domain));
    expectUnauthenticated(sent);
    documented('/api/send/', 'post', sent);
    const account = await me(stack, key);
    expectUnauthenticated(account);
    documented('/api/me/', 'get', account);
    expect(await tracesOf(stack, owner.account.id)).toEqual(NO_TRACES);
  });
});

test('the key is checked before the body: a bad key with a broken body is a 401, not a 400', async () => {
  expectUnauthenticated(await send(stack, UNKNOWN_KEY, '{"to": '));
  expectUnauthenticated(await send(stack, undefined, 'plain text', { 'Content-Type': 'text/plain' }));
});

test('a key that expires later works now', async () => {
  const key = await keyOf({ expiresAt: new Date(Date.now() + 3600_000) });
  const res = await me(stack, key.secret);
  expect(res.status).toBe(200);
  expect(res.json.email).toBe(sender.account.email);
});

test('every response carries its own X-Request-Id', async () => {
  const responses = [
    await send(stack, sender.apiKey, testSendBody(stack, sender.domain)),
    await send(stack, sender.apiKey, { to: 'x' }),
    await send(stack, undefined, {}),
    await me(stack, sender.apiKey),
    await call(`${stack.baseUrl}/api/nothing-here/`, {}),
    await call(`${stack.baseUrl}/api/send/`, { method: 'GET' }),
  ];
  expect(responses.map((r) => r.status)).toEqual([200, 400, 401, 200, 404, 405]);
  const ids = responses.map((r) => r.headers.get('X-Request-Id'));
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(ids).size).toBe(ids.length);
});

test('an unknown path is a 404 and a wrong method a 405, both in the error shape', async () => {
  const missing = await call(`${stack.baseUrl}/api/sendd/`, { method: 'POST' });
  expect(missing.status).toBe(404);
  expect(missing.json).toEqual({ success: false, error: 'not_found', detail: expect.any(String) });
  const wrongMethod = await call(`${stack.baseUrl}/api/me/`, {
    method: 'DELETE',
    headers: { 'X-API-Key': sender.apiKey },
  });
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get('Allow')).toBe('GET');
  expect(wrongMethod.json).toEqual({ success: false, error: 'method_not_allowed', detail: expect.any(String) });
});
