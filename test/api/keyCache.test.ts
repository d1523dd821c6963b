// The send routes authenticate through a per-process key cache (core/accounts/apiKeyCache.ts);
// revocation must still apply from the next request on. Revocations here go through the core
// function the CLI uses (not this API process), so only PostgreSQL can tell the cache.
import { revokeApiKey } from '../../core/accounts/apiKeys';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { send, testSendBody } from './helpers/http';
import { tracesOf } from './helpers/traces';

let stack: ServiceStack;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
});
afterAll(async () => stack?.stop());

const keyIdOf = async (sender: SenderFixture): Promise<string> =>
  (await stack.db('api_keys').where({ account_id: sender.account.id }).first<{ id: string }>('id')).id;

/** Revokes the key without a notification (as if it were lost): only the send's gates statement can tell. */
async function revokeUnheard(sender: SenderFixture): Promise<void> {
  await stack.db.transaction(async (trx) => {
    await trx.raw('ALTER TABLE api_keys DISABLE TRIGGER api_key_changed');
    await trx('api_keys')
      .where({ id: await keyIdOf(sender) })
      .update({ revoked_at: new Date() });
    await trx.raw('ALTER TABLE api_keys ENABLE TRIGGER api_key_changed');
  });
}

test('under load, no send that starts after the revocation committed is accepted, and each gets 401', async () => {
  const sender = await createSender(stack.db);
  const body = testSendBody(stack, sender.domain);
  expect((await send(stack, sender.apiKey, body)).status).toBe(200); // the key is now cached

  let revokedAt: number | undefined;
  const results: { startedAt: number; status: number }[] = [];
  const until = Date.now() + 1500;
  const client = async () => {
    while (Date.now() < until) {
      const startedAt = performance.now();
      const res = await send(stack, sender.apiKey, body);
      results.push({ startedAt, status: res.status });
    }
  };
  const revoke = async () => {
    await new Promise((r) => setTimeout(r, 500));
    await revokeApiKey(stack.db, await keyIdOf(sender), 'test');
    revokedAt = performance.now();
  };
  await Promise.all([...Array.from({ length: 8 }, client), revoke()]);

  const before = results.filter((r) => r.startedAt < revokedAt!);
  const after = results.filter((r) => r.startedAt >= revokedAt!);
  expect(before.some((r) => r.status === 200)).toBe(true);
  expect(after.length).toBeGreaterThan(8);
  expect(after.filter((r) => r.status !== 401)).toEqual([]);
  // Everything counted was answered 200 (the sends in flight at the revocation either way).
  const accepted = results.filter((r) => r.status === 200).length + 1;
  expect((await tracesOf(stack, sender.account.id)).counted).toBe(accepted);
});

test('a revocation the cache never hears of still refuses the next send with 401, and nothing is counted', async () => {
  const sender = await createSender(stack.db);
  const body = testSendBody(stack, sender.domain);
  expect((await send(stack, sender.apiKey, body)).status).toBe(200);
  await revokeUnheard(sender);
  const res = await send(stack, sender.apiKey, body);
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ success: false, detail: expect.any(String) });
  expect((await tracesOf(stack, sender.account.id)).counted).toBe(1);
});

test('the notification evicts the key: a revoked key gets 401 before its body is read', async () => {
  const sender = await createSender(stack.db);
  expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200);
  await revokeApiKey(stack.db, await keyIdOf(sender), 'test');
  // The notification arrives within milliseconds; after it the key is read again, so even a
  // malformed body is answered 401 (authentication first), without the rate limiter.
  await new Promise((r) => setTimeout(r, 200));
  const res = await send(stack, sender.apiKey, '{not json');
  expect(res.status).toBe(401);
  expect(res.headers.get('X-RateLimit-Limit')).toBeNull();
});

test('a batch whose key was revoked unheard-of is refused with 401 and queues nothing', async () => {
  const sender = await createSender(stack.db);
  expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200);
  await revokeUnheard(sender);
  const res = await fetch(`${stack.baseUrl}/api/send/batch`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ emails: [testSendBody(stack, sender.domain), testSendBody(stack, sender.domain)] }),
  });
  expect(res.status).toBe(401);
  expect((await tracesOf(stack, sender.account.id)).counted).toBe(1);
});
