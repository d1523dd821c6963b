// POST /api/send/batch: up to 100 emails in one request, each handled exactly as if sent alone,
// answered item by item, through the real pipeline (API, Temporal, worker, webhooks).
import { suppressAddress } from '../../core/accounts/suppressions';
import { utcMonthStart } from '../../core/platform/db';
import { createEndpoint, createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { addVerifiedDomain, revokeKeysUnannounced, setUsage, verifyOwnershipOnly } from './helpers/accounts';
import { call, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { tracesOf } from './helpers/traces';

let stack: ServiceStack;
let receiver: WebhookReceiver;
let documented: DocumentedCheck;

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startServiceStack(), startWebhookReceiver()]);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

function batch(apiKey: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return call(`${stack.baseUrl}/api/send/batch`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

type Item = {
  index: number;
  success: boolean;
  message_id?: string;
  error?: string;
  errors?: Record<string, string[]>;
  replayed?: boolean;
};
const items = (res: ApiResponse) =>
  (res.json.data as Item[]).map((d) =>
    d.success
      ? { index: d.index, ok: true }
      : { index: d.index, error: d.error ?? Object.keys(d.errors ?? {}).join(',') },
  );

test('a batch of 100 test recipients: 100 messages, each counted, logged, delivered and announced by its webhooks', async () => {
  const s = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, s.account.id, receiver.url, [
    'email.sent',
    'email.delivered',
  ]);
  receiver.setSecret(signingSecret);
  const res = await batch(s.apiKey, {
    emails: Array.from({ length: 100 }, (_, i) => testSendBody(stack, s.domain, { subject: `Batch ${i}` })),
  });
  expect(res.status).toBe(200);
  documented('/api/send/batch', 'post', res);
  const data = res.json.data as Item[];
  expect(data.map((d) => [d.index, d.success])).toEqual(Array.from({ length: 100 }, (_, i) => [i, true]));
  const ids = data.map((d) => d.message_id!);
  expect(new Set(ids).size).toBe(100);
  await eventually(
    'every message delivered',
    async () => {
      const rows = await stack
        .db('email_log')
        .whereIn('message_id', ids)
        .where({ status: 'delivered' })
        .count<{ count: string }[]>('* as count');
      return Number(rows[0]!.count) === 100 ? true : undefined;
    },
    120_000,
  );
  await eventually(
    'both webhooks of every message',
    async () => {
      const seen = new Set(
        receiver.received
          .filter((r) => r.signatureValid)
          .map((r) =>
            JSON.stringify([
              (r.json as { payload: { message_id: string } }).payload.message_id,
              (r.json as { event_type: string }).event_type,
            ]),
          ),
      );
      return ids.every(
        (id) => seen.has(JSON.stringify([id, 'email.sent'])) && seen.has(JSON.stringify([id, 'email.delivered'])),
      )
        ? true
        : undefined;
    },
    60_000,
  );
  expect(await tracesOf(stack, s.account.id)).toMatchObject({ counted: 100, workflows: 100 });
}, 240_000);

test('a mixed batch answers item by item: a suppressed recipient, an unverified domain and a malformed item refuse only themselves', async () => {
  const s = await createSender(stack.db);
  const pending = await addVerifiedDomain(stack.db, s.account.id, 'shared');
  await verifyOwnershipOnly(stack.db, pending);
  await suppressAddress(stack.db, { accountId: s.account.id, address: 'gone@example.org', reason: 'bounce' });
  const res = await batch(s.apiKey, {
    emails: [
      testSendBody(stack, s.domain),
      testSendBody(stack, s.domain, { to: 'gone@example.org' }),
      testSendBody(stack, pending),
      { from_email: `hello@${s.domain}`, to: 'not an address', subject: 'x' },
      testSendBody(stack, 'not-ours.example.com'),
      testSendBody(stack, s.domain),
    ],
  });
  expect(res.status).toBe(200);
  documented('/api/send/batch', 'post', res);
  expect(items(res)).toEqual([
    { index: 0, ok: true },
    { index: 1, error: 'recipient_suppressed' },
    { index: 2, error: 'dkim_not_verified' },
    { index: 3, error: 'to,_body' },
    { index: 4, error: 'domain_not_registered' },
    { index: 5, ok: true },
  ]);
  expect(await tracesOf(stack, s.account.id)).toMatchObject({ counted: 2 });
});

test('the quota is exact per item: with 3 sends left, a batch of 5 queues items 0 to 2 and refuses 3 and 4', async () => {
  const s = await createSender(stack.db);
  await setUsage(stack.db, s.account.id, 'shared', 50_000 - 3, utcMonthStart()); // Growth: 50,000 shared sends a month
  const res = await batch(s.apiKey, { emails: Array.from({ length: 5 }, () => testSendBody(stack, s.domain)) });
  expect(items(res)).toEqual([
    { index: 0, ok: true },
    { index: 1, ok: true },
    { index: 2, ok: true },
    { index: 3, error: 'usage_limit_exceeded' },
    { index: 4, error: 'usage_limit_exceeded' },
  ]);
});

test('Idempotency-Key replays the whole answer and counts nothing again; another batch with the key is a 409; an item key deduplicates across requests', async () => {
  const s = await createSender(stack.db);
  const body = {
    emails: [testSendBody(stack, s.domain), testSendBody(stack, s.domain, { idempotency_key: 'item-one' })],
  };
  const first = await batch(s.apiKey, body, { 'Idempotency-Key': 'batch-1' });
  expect(items(first)).toEqual([
    { index: 0, ok: true },
    { index: 1, ok: true },
  ]);
  const again = await batch(s.apiKey, body, { 'Idempotency-Key': 'batch-1' });
  expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
  expect(again.json).toEqual(first.json);
  const other = await batch(s.apiKey, { emails: [testSendBody(stack, s.domain)] }, { 'Idempotency-Key': 'batch-1' });
  expect([other.status, other.json.error]).toEqual([409, 'idempotency_key_reused']);
  documented('/api/send/batch', 'post', other);
  // The item's own key, in a new batch: its earlier message, not a new one.
  const itemAgain = await batch(s.apiKey, { emails: [body.emails[1]] });
  expect((itemAgain.json.data as Item[])[0]).toMatchObject({
    success: true,
    replayed: true,
    message_id: (first.json.data as Item[])[1]!.message_id,
  });
  expect(await tracesOf(stack, s.account.id)).toMatchObject({ counted: 2 });
});

test('a replay of a batch still authenticates: a key revoked since (even before the key cache heard of it) gets 401', async () => {
  const s = await createSender(stack.db);
  const body = { emails: [testSendBody(stack, s.domain)] };
  expect((await batch(s.apiKey, body, { 'Idempotency-Key': 'batch-revoked' })).status).toBe(200);
  await revokeKeysUnannounced(stack.db, s.account.id);
  const replay = await batch(s.apiKey, body, { 'Idempotency-Key': 'batch-revoked' });
  expect([replay.status, replay.json.success]).toEqual([401, false]);
  documented('/api/send/batch', 'post', replay);
});

test('a body that is not a list of 1 to 100 emails is a 400 with field errors and queues nothing', async () => {
  const s = await createSender(stack.db);
  for (const body of [
    {},
    { emails: [] },
    { emails: 'x' },
    { emails: Array.from({ length: 101 }, () => testSendBody(stack, s.domain)) },
    { emails: [1] },
    { emails: [testSendBody(stack, s.domain)], extra: 1 },
    [],
  ]) {
    const res = await batch(s.apiKey, body);
    expect({ status: res.status, fields: Object.keys((res.json.errors as object) ?? {}) }).toEqual({
      status: 400,
      fields: expect.arrayContaining([expect.stringMatching(/^(emails|_body)$/)]),
    });
    documented('/api/send/batch', 'post', res);
  }
  expect(await tracesOf(stack, s.account.id)).toMatchObject({ counted: 0 });
});
