// Idempotency (docs/sending.md, "Idempotency"): key in the body or the Idempotency-Key header,
// account scope, 24 hours, replay, 409 on another body or while in flight, 100 concurrent
// requests -> one workflow, one send, one count.
import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { createApiKey } from '../../core/accounts/apiKeys';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../../core/sending/idempotency';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { markDomainVerified } from '../../core/domains/domains';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { addVerifiedDomain, changeKeysUnannounced, revokeKeysUnannounced } from './helpers/accounts';
import { inParallel, send, testSendBody } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { NO_TRACES, tracesOf } from './helpers/traces';

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '1000', STAGING_TIMEOUT_MS: '20000' } });
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

const realRecipient = () => `${uniqueName('success')}@${stack.config.simulatorDomain}`;

describe('a retry with the same key and body', () => {
  let sender: SenderFixture;
  beforeEach(async () => {
    sender = await createSender(stack.db);
  });

  test('replays the original response: same message_id, nothing sent or counted again', async () => {
    const body = testSendBody(stack, sender.domain, { to: realRecipient(), idempotency_key: 'order-1001' });
    const first = await send(stack, sender.apiKey, body);
    expect(first.status).toBe(200);
    expect(first.json.idempotency_key).toBe('order-1001');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();

    // Same body with its keys in another order, the key moved to the header: still the same request.
    const { idempotency_key: key, ...rest } = body;
    const reordered = Object.fromEntries(Object.entries(rest).reverse());
    for (const retry of [
      await send(stack, sender.apiKey, body),
      await send(stack, sender.apiKey, reordered, { 'Idempotency-Key': String(key) }),
    ]) {
      expect(retry.status).toBe(200);
      expect(retry.json).toEqual(first.json);
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
      documented('/api/send/', 'post', retry);
    }
    expect(await tracesOf(stack, sender.account.id)).toMatchObject({
      counted: 1,
      staged: expect.any(Number),
      idempotencyKeys: 1,
      workflows: 1,
    });
  });

  test('also for test sends', async () => {
    const body = testSendBody(stack, sender.domain, { idempotency_key: 'test-send-7' });
    const [first, second] = [await send(stack, sender.apiKey, body), await send(stack, sender.apiKey, body)];
    expect(first.status).toBe(200);
    expect(second.json.message_id).toBe(first.json.message_id);
    expect(await tracesOf(stack, sender.account.id)).toMatchObject({ counted: 1, workflows: 1 });
  });

  test('another key, or no key, is another message', async () => {
    const body = testSendBody(stack, sender.domain);
    const ids = new Set<unknown>();
    for (const extra of [{ idempotency_key: 'a' }, { idempotency_key: 'b' }, {}, {}])
      ids.add((await send(stack, sender.apiKey, { ...body, ...extra })).json.message_id);
    expect(ids.size).toBe(4);
    expect(await tracesOf(stack, sender.account.id)).toMatchObject({ counted: 4, workflows: 4 });
  });
});

test('the same key with a different body is a 409 idempotency_key_reused, and nothing is counted', async () => {
  const sender = await createSender(stack.db);
  const first = await send(stack, sender.apiKey, testSendBody(stack, sender.domain, { idempotency_key: 'welcome-42' }));
  expect(first.status).toBe(200);
  const reused = await send(
    stack,
    sender.apiKey,
    testSendBody(stack, sender.domain, { idempotency_key: 'welcome-42', subject: 'Another subject' }),
  );
  expect({ status: reused.status, body: reused.json }).toEqual({
    status: 409,
    body: { success: false, error: 'idempotency_key_reused', detail: expect.any(String) },
  });
  documented('/api/send/', 'post', reused);
  expect(await tracesOf(stack, sender.account.id)).toMatchObject({ counted: 1, workflows: 1 });
});

test('keys are scoped to the account: two accounts may use the same key', async () => {
  const [a, b] = [await createSender(stack.db), await createSender(stack.db)];
  const ra = await send(stack, a.apiKey, testSendBody(stack, a.domain, { idempotency_key: 'shared-key' }));
  const rb = await send(stack, b.apiKey, testSendBody(stack, b.domain, { idempotency_key: 'shared-key' }));
  expect([ra.status, rb.status]).toEqual([200, 200]);
  expect(ra.json.message_id).not.toBe(rb.json.message_id);
});

test('a refused request frees its key: the corrected retry with the same key is sent', async () => {
  const sender = await createSender(stack.db, { domainVerified: false });
  const body = testSendBody(stack, sender.domain, { idempotency_key: 'retry-me' });
  expect((await send(stack, sender.apiKey, body)).json.error).toBe('domain_not_verified');
  expect((await send(stack, sender.apiKey, { ...body, to: 'not an address' })).status).toBe(400);
  expect(await tracesOf(stack, sender.account.id)).toEqual(NO_TRACES);
  await markDomainVerified(stack.db, sender.domain, 'test');
  const retry = await send(stack, sender.apiKey, body);
  expect(retry.status).toBe(200);
  expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
});

test('after 24 hours a key is forgotten and the same request is a new message', async () => {
  const sender = await createSender(stack.db);
  const body = testSendBody(stack, sender.domain, { idempotency_key: 'daily-report' });
  const first = await send(stack, sender.apiKey, body);
  const row = await stack
    .db('idempotency_keys')
    .where({ account_id: sender.account.id, key: 'daily-report' })
    .first<{ created_at: Date; expires_at: Date }>();
  expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(24 * 3600 * 1000);
  await stack
    .db('idempotency_keys')
    .where({ account_id: sender.account.id })
    .update({ expires_at: new Date(Date.now() - 1000) }); // a day passes
  const later = await send(stack, sender.apiKey, body);
  expect(later.status).toBe(200);
  expect(later.json.message_id).not.toBe(first.json.message_id);
  expect(await tracesOf(stack, sender.account.id)).toMatchObject({ counted: 2, idempotencyKeys: 1, workflows: 2 });
});

test('while the first request is in flight, a retry gets 409 idempotency_key_in_progress, then the replay', async () => {
  const sender = await createSender(stack.db);
  const body = testSendBody(stack, sender.domain, { idempotency_key: 'slow-one' });
  // Hold the staging table so the first request stays in flight until we let go.
  const blocker = new PgClient({ connectionString: stack.database.url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE staged_messages IN ACCESS EXCLUSIVE MODE');
  const first = send(stack, sender.apiKey, body);
  try {
    await eventually('the first request to claim its key', async () =>
      (await stack
        .db('idempotency_keys')
        .where({ account_id: sender.account.id, key: 'slow-one', state: 'in_flight' })
        .first())
        ? true
        : undefined,
    );
    const retry = await send(stack, sender.apiKey, body);
    expect({ status: retry.status, body: retry.json }).toEqual({
      status: 409,
      body: { success: false, error: 'idempotency_key_in_progress', detail: expect.any(String) },
    });
    expect(retry.headers.get('Retry-After')).toBe('1');
    documented('/api/send/', 'post', retry);
    expect((await send(stack, sender.apiKey, { ...body, subject: 'changed' })).json.error).toBe(
      'idempotency_key_reused',
    );
  } finally {
    await blocker.query('ROLLBACK');
    await blocker.end();
  }
  const done = await first;
  expect(done.status).toBe(200);
  const replay = await send(stack, sender.apiKey, body);
  expect(replay.json.message_id).toBe(done.json.message_id);
  expect(await tracesOf(stack, sender.account.id)).toMatchObject({ counted: 1, workflows: 1 });
});

test('100 concurrent identical requests: one message, one workflow, one send through SES, one count', async () => {
  const sender = await createSender(stack.db);
  const recipient = realRecipient();
  const body = testSendBody(stack, sender.domain, { to: recipient, idempotency_key: 'burst-1' });
  const responses = await inParallel(100, () => send(stack, sender.apiKey, body));

  const byStatus = responses.reduce<Record<number, number>>(
    (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
    {},
  );
  expect(Object.keys(byStatus).sort()).toEqual(expect.arrayContaining(['200']));
  expect((byStatus[200] ?? 0) + (byStatus[409] ?? 0)).toBe(100);
  const ok = responses.filter((r) => r.status === 200);
  expect(new Set(ok.map((r) => r.json.message_id)).size).toBe(1);
  for (const r of responses.filter((x) => x.status === 409)) expect(r.json.error).toBe('idempotency_key_in_progress');

  const messageId = ok[0]!.json.message_id as string;
  await eventually('SES to receive the message', async () =>
    (await stack.db('email_log').where({ message_id: messageId, status: 'sent' }).first()) ? true : undefined,
  );
  const delivered = (await sesEmulatorStore(stack.config.ses.endpoint!)).filter((e) =>
    e.destination.to.includes(recipient),
  );
  expect(delivered).toHaveLength(1);
  expect(await tracesOf(stack, sender.account.id)).toMatchObject({
    counted: 1,
    logRows: 1,
    idempotencyKeys: 1,
    workflows: 1,
  });
});

describe('a replay passes authentication and the key scope (docs/decisions.md, "Replays")', () => {
  test('another key of the account scoped to another domain gets 403 domain_not_allowed, not the stored response', async () => {
    const sender = await createSender(stack.db);
    const other = await addVerifiedDomain(stack.db, sender.account.id, 'shared');
    const { secret: scopedKey } = await createApiKey(
      stack.db,
      { accountId: sender.account.id, name: 'other domain only', domainScope: [other] },
      'test',
    );
    const body = testSendBody(stack, sender.domain, { idempotency_key: 'scoped-replay' });
    const first = await send(stack, sender.apiKey, body);
    expect(first.status).toBe(200);

    const refused = await send(stack, scopedKey, body);
    expect({ status: refused.status, body: refused.json }).toEqual({
      status: 403,
      body: { success: false, error: 'domain_not_allowed', detail: expect.any(String) },
    });
    expect(refused.headers.get('Idempotent-Replayed')).toBeNull();
    documented('/api/send/', 'post', refused);
    // The stored response is untouched: the key that may send from the domain still gets its replay.
    const replay = await send(stack, sender.apiKey, body);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.json.message_id).toBe(first.json.message_id);
    expect(await tracesOf(stack, sender.account.id)).toMatchObject({ counted: 1, workflows: 1 });
  });

  test('a scope narrowed after acceptance refuses the replay; a suspension does not (the message was accepted before it)', async () => {
    const sender = await createSender(stack.db);
    const other = await addVerifiedDomain(stack.db, sender.account.id, 'shared');
    const body = testSendBody(stack, sender.domain, { idempotency_key: 'narrowed' });
    const first = await send(stack, sender.apiKey, body);
    await stack
      .db('accounts')
      .where({ id: sender.account.id })
      .update({ sending_suspended: true, suspended_reason: 'test' });
    expect(await send(stack, sender.apiKey, body)).toMatchObject({
      status: 200,
      json: { message_id: first.json.message_id },
    });
    // Unannounced: the key cache still holds the wider scope, so the replay must read the key's own.
    await changeKeysUnannounced(stack.db, sender.account.id, { domain_scope: [other] });
    expect(await send(stack, sender.apiKey, body)).toMatchObject({
      status: 403,
      json: { error: 'domain_not_allowed' },
    });
  });

  test('a revoked key gets 401 on a replay', async () => {
    const sender = await createSender(stack.db);
    const body = testSendBody(stack, sender.domain, { idempotency_key: 'revoked-replay' });
    expect((await send(stack, sender.apiKey, body)).status).toBe(200);
    // Unannounced: the key cache still holds the key, so the replay itself must read the revocation.
    await revokeKeysUnannounced(stack.db, sender.account.id);
    expect((await send(stack, sender.apiKey, body)).status).toBe(401);
  });
});

test("a request whose stale claim was taken over cannot release (or complete) the new owner's claim", async () => {
  const sender = await createSender(stack.db);
  const input = { accountId: sender.account.id, key: 'taken-over', requestHash: 'h', ttlHours: 24 };
  const first = await claimIdempotencyKey(stack.db, input);
  expect(first.state).toBe('claimed');
  // The first request stalls past the stale-claim limit; a retry takes the claim over.
  await stack
    .db('idempotency_keys')
    .where({ account_id: sender.account.id, key: 'taken-over' })
    .update({ created_at: new Date(Date.now() - 10 * 60_000) });
  const second = await claimIdempotencyKey(stack.db, input);
  expect(second.state).toBe('claimed');
  if (first.state !== 'claimed' || second.state !== 'claimed') return;
  expect(second.token).not.toBe(first.token);

  // The first request fails and cleans up: only its own claim may go, and it is gone already.
  await releaseIdempotencyKey(stack.db, { accountId: sender.account.id, key: 'taken-over', token: first.token });
  expect(await claimIdempotencyKey(stack.db, input)).toEqual({ state: 'in_progress' }); // a third request must wait
  const completedByFirst = await stack.db.transaction((trx) =>
    completeIdempotencyKey(trx, {
      accountId: sender.account.id,
      key: 'taken-over',
      token: first.token,
      response: {},
      messageId: randomUUID(),
    }),
  );
  expect(completedByFirst).toBe(false);

  // The owner's own release frees the key.
  await releaseIdempotencyKey(stack.db, { accountId: sender.account.id, key: 'taken-over', token: second.token });
  expect((await claimIdempotencyKey(stack.db, input)).state).toBe('claimed');
});
