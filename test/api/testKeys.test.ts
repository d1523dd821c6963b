// Test keys (docs/test-recipients.md, "Test keys") against the real stack: every send through one
// (the API, a batch, a scheduled send, the SMTP relay) takes the whole pipeline with its outcome
// simulated, whatever the recipient: nothing reaches the SES emulator, the log, the timeline and
// the webhooks say `test`, and the monthly quota is untouched (the test sends have their own cap).
import { randomBytes } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { monthlyUsage } from '../../core/accounts/usage';
import { TEST_SENDS_PER_MONTH } from '../../core/sending/sendGates';
import { TEST_KEY_WARNING } from '../../core/sending/sendResponse';
import { utcMonthStart } from '../../core/platform/db';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelay, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { sendWithNodemailer } from '../smtp/clients';
import { call, send, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

let stack: ServiceStack;
let receiver: WebhookReceiver;
let tls: TlsFiles;
let relay: RunningRelay;
let documented: DocumentedCheck;
let sender: SenderFixture;
let testKey: string;
let manager: string;

beforeAll(async () => {
  [stack, receiver, tls] = await Promise.all([
    startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '1000' } }),
    startWebhookReceiver(),
    makeTlsFiles(),
  ]);
  [relay, documented] = await Promise.all([startRelay(stack, tls), loadOpenApiCheck(stack.baseUrl)]);
  sender = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url);
  receiver.setSecret(signingSecret);
  testKey = (await createApiKey(stack.db, { accountId: sender.account.id, name: 'test mode', test: true }, 'test'))
    .secret;
  manager = (
    await createApiKey(stack.db, { accountId: sender.account.id, name: 'manager', permission: 'full_access' }, 'test')
  ).secret;
}, 180_000);
afterAll(async () => {
  await relay?.stop();
  await receiver?.close();
  await stack?.stop();
});

const marker = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

function api(method: string, path: string, apiKey: string, body?: unknown): Promise<ApiResponse> {
  return call(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

const body = (to: string, subject: string, extra: Record<string, unknown> = {}) => ({
  from_email: `hello@${sender.domain}`,
  to,
  subject,
  message: 'Hi.',
  ...extra,
});

/** A new sender of its own with a test key, and that key's send of one message from its domain to a real-looking address. */
async function testKeySendFrom(
  opts: Parameters<typeof createSender>[1],
  prepare?: (s: SenderFixture) => Promise<unknown>,
) {
  const own = await createSender(stack.db, opts);
  const key = (await createApiKey(stack.db, { accountId: own.account.id, name: 'own test key', test: true }, 'test'))
    .secret;
  await prepare?.(own);
  const res = await send(stack, key, {
    from_email: `hello@${own.domain}`,
    to: 'someone@example.org',
    subject: 'Own',
    message: 'Hi.',
  });
  return { own, res };
}

/** Waits for the message's log row to reach `status`, then answers GET /api/emails/{id}. */
async function settled(messageId: string, status: string): Promise<ApiResponse> {
  await eventually(
    `message ${messageId} ${status}`,
    async () => ((await stack.db('email_log').where({ message_id: messageId, status }).first()) ? true : undefined),
    60_000,
  );
  return api('GET', `/api/emails/${messageId}`, manager);
}

/** What the SES emulator holds with this subject (its store is the run's, shared by every test file). */
async function atSes(subject: string): Promise<number> {
  return (await sesEmulatorStore(stack.config.ses.endpoint!)).filter((e) => e.subject === subject).length;
}

/** The `test` field of the message's webhook payloads, by event, once `events` arrived. */
async function webhookMarks(messageId: string, events: string[]): Promise<Record<string, unknown>> {
  const payloadOf = (r: (typeof receiver.received)[number]) =>
    (r.json as { event_type: string; payload: Record<string, unknown> }) ?? { event_type: '', payload: {} };
  await eventually(`webhooks ${events.join(', ')} of ${messageId}`, async () => {
    const seen = new Set(
      receiver.received
        .filter((r) => payloadOf(r).payload.message_id === messageId)
        .map((r) => payloadOf(r).event_type),
    );
    return events.every((e) => seen.has(e)) ? true : undefined;
  });
  return Object.fromEntries(
    receiver.received
      .filter((r) => payloadOf(r).payload.message_id === messageId)
      .map((r) => [payloadOf(r).event_type, payloadOf(r).payload.test]),
  );
}

/** A recipient of the table: an address, or a local part on the test or the simulator domain. */
const recipient = (to: string) =>
  to.replace('@test', `@${stack.config.testDomain}`).replace('@simulator', `@${stack.config.simulatorDomain}`);

test.each([
  ['a real-looking address', 'someone@example.org', 'delivered', 'email.delivered'],
  ['the mailbox simulator', 'bounce@simulator', 'delivered', 'email.delivered'],
  ['a test-domain address', 'bounce@test', 'bounced', 'email.bounced'],
])(
  'a test key’s send to %s (%s) is accepted, simulated as %s, marked test in the log, the timeline and its webhooks, and never reaches SES',
  async (_label, to, status, outcomeEvent) => {
    const subject = marker('test-key');
    const res = await send(stack, testKey, body(recipient(to), subject));
    expect(res.status).toBe(200);
    documented('/api/send/', 'post', res);
    expect(res.json.warnings).toContain(TEST_KEY_WARNING);
    const messageId = String(res.json.message_id);

    const detail = await settled(messageId, status);
    documented('/api/emails/{message_id}', 'get', detail);
    const email = detail.json.email as Record<string, unknown>;
    expect({ test: email.test, kind: email.kind, status: email.status }).toEqual({ test: true, kind: 'test', status });
    const timeline = detail.json.timeline as { type: string; details: Record<string, string> }[];
    expect(timeline[0]).toEqual(expect.objectContaining({ type: 'queued', details: { test: 'true' } }));
    expect(await webhookMarks(messageId, ['email.sent', outcomeEvent])).toEqual({
      'email.sent': 'true',
      [outcomeEvent]: 'true',
    });
    expect(await atSes(subject)).toBe(0);
  },
);

test('a test key’s sends count apart from the monthly quota, which they leave untouched', async () => {
  const before = await monthlyUsage(stack.db, sender.account.id);
  const res = await send(stack, testKey, body('someone@example.org', marker('quota')));
  expect(res.status).toBe(200);
  await settled(String(res.json.message_id), 'delivered');
  expect(await monthlyUsage(stack.db, sender.account.id)).toEqual(before);
  const me = await api('GET', '/api/me/', manager);
  expect(me.status).toBe(200);
  expect(JSON.stringify(me.json)).not.toContain('"test"');
});

test('a test key is refused with 429 usage_limit_exceeded once the account’s test sends of the month are used up', async () => {
  const { own, res } = await testKeySendFrom({}, (capped) =>
    stack
      .db('usage_counters')
      .insert({ account_id: capped.account.id, month: utcMonthStart(), mode: 'test', count: TEST_SENDS_PER_MONTH }),
  );
  expect({ status: res.status, error: res.json.error }).toEqual({ status: 429, error: 'usage_limit_exceeded' });
  expect(await monthlyUsage(stack.db, own.account.id)).toEqual({ shared: 0, byoc: 0 });
});

test('a test key’s batch is simulated message by message: delivered, marked test, nothing at SES', async () => {
  const subject = marker('batch');
  const res = await api('POST', '/api/send/batch', testKey, {
    emails: [body('ann@example.org', subject), body(recipient('success@simulator'), subject)],
  });
  expect(res.status).toBe(200);
  const ids = (res.json.data as { message_id: string }[]).map((d) => d.message_id);
  for (const id of ids) {
    const email = (await settled(id, 'delivered')).json.email as Record<string, unknown>;
    expect(email.test).toBe(true);
  }
  expect(await atSes(subject)).toBe(0);
});

test('a test key’s scheduled send is released, simulated and marked test, and never reaches SES', async () => {
  const subject = marker('scheduled');
  // A time just past is released at once, through the scheduled path (docs/sending.md).
  const scheduledAt = new Date(Date.now() - 30_000).toISOString();
  const res = await send(stack, testKey, body('someone@example.org', subject, { scheduled_at: scheduledAt }));
  expect(res.status).toBe(200);
  expect(res.json.scheduled_at).toBeDefined();
  const email = (await settled(String(res.json.message_id), 'delivered')).json.email as Record<string, unknown>;
  expect({ test: email.test, scheduled: email.scheduled_at !== null }).toEqual({ test: true, scheduled: true });
  expect(await atSes(subject)).toBe(0);
});

test('a test key’s scheduled send leaves the monthly quota untouched, and so does its cancellation', async () => {
  const live = await send(stack, sender.apiKey, body(`delivered@${stack.config.testDomain}`, marker('live')));
  expect(live.status).toBe(200);
  const before = await monthlyUsage(stack.db, sender.account.id);
  expect(before.shared).toBeGreaterThan(0);
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const res = await send(stack, testKey, body('someone@example.org', marker('cancel'), { scheduled_at: later }));
  expect(res.status).toBe(200);
  expect(await monthlyUsage(stack.db, sender.account.id)).toEqual(before);
  const cancel = await api('POST', `/api/emails/${String(res.json.message_id)}/cancel`, manager);
  expect(cancel.status).toBe(200);
  expect(await monthlyUsage(stack.db, sender.account.id)).toEqual(before);
});

test('a test key’s message through the SMTP relay is simulated and marked test, and never reaches SES', async () => {
  const subject = marker('smtp');
  const info = await sendWithNodemailer(
    { port: relay.port, secure: false, apiKey: testKey, ca: tls.cert },
    { from: `hello@${sender.domain}`, to: 'someone@example.org', subject, text: 'Hi.' },
  );
  const [messageId] = info.response.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  expect(messageId).toBeDefined();
  const email = (await settled(messageId!, 'delivered')).json.email as Record<string, unknown>;
  expect(email.test).toBe(true);
  expect(await atSes(subject)).toBe(0);
});

test('a test key on a BYOC domain is refused with 403 unauthorized, nothing queued', async () => {
  const { res } = await testKeySendFrom({ mode: 'byoc' });
  expect({ status: res.status, error: res.json.error }).toEqual({ status: 403, error: 'unauthorized' });
  expect(String(res.json.detail)).toMatch(/test key/i);
});

test('the API key answers say which keys are test keys, and a test key creates test keys only', async () => {
  const adminTest = (
    await createApiKey(
      stack.db,
      { accountId: sender.account.id, name: 'test admin', permission: 'full_access', test: true },
      'test',
    )
  ).secret;
  const live = await api('POST', '/api/api-keys', adminTest, { name: 'escape' });
  expect({ status: live.status, error: live.json.error }).toEqual({ status: 403, error: 'insufficient_permission' });
  const made = await api('POST', '/api/api-keys', adminTest, { name: 'another test key', test: true });
  expect(made.status).toBe(201);
  documented('/api/api-keys', 'post', made);
  expect((made.json.api_key as Record<string, unknown>).test).toBe(true);
  const list = await api('GET', '/api/api-keys', manager);
  documented('/api/api-keys', 'get', list);
  const keys = list.json.api_keys as { name: string; test: boolean }[];
  expect(Object.fromEntries(keys.map((k) => [k.name, k.test]))).toEqual(
    expect.objectContaining({ 'test mode': true, manager: false, 'another test key': true }),
  );
});

test('the email log lists only test keys’ messages with test=true, and only the others with test=false', async () => {
  const live = await send(stack, sender.apiKey, body(`delivered@${stack.config.testDomain}`, marker('live-list')));
  const test = await send(stack, testKey, body('someone@example.org', marker('test-list')));
  await settled(String(test.json.message_id), 'delivered');
  const ids = async (filter: string) =>
    ((await api('GET', `/api/emails?test=${filter}&limit=100`, manager)).json.emails as { message_id: string }[]).map(
      (e) => e.message_id,
    );
  const [onlyTest, onlyLive] = await Promise.all([ids('true'), ids('false')]);
  expect(onlyTest).toContain(test.json.message_id);
  expect(onlyTest).not.toContain(live.json.message_id);
  expect(onlyLive).toContain(live.json.message_id);
  expect(onlyLive).not.toContain(test.json.message_id);
});
