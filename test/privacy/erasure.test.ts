// Erasing an address (docs/privacy.md, "Erasing an address"), end to end on the real pipeline:
// one address is sent to (tracked, opened and clicked), bounced, suppressed by hand, scheduled,
// heard from (a received message) and seen on the live events stream; another address of the same
// account is sent to and heard from as well. The owner erases the first address; once the
// erasure completes, the address (in any case) is in none of a pg_dump of the database, Redis, the
// Temporal histories of the account's workflows or the service's log, while the other address's
// records stay; a send to it is refused as suppressed, and another account can neither read nor
// start an erasure of this one.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { EventSource } from 'eventsource';
import { parse } from 'parse5';
import { Webhook } from 'standardwebhooks';
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { ACCOUNT_ID } from '../../core/model/searchAttributes';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { messageWorkflows } from '../../workflows/client';
import { atHost, call, send, type ApiResponse } from '../api/helpers/http';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { receiveRecorded } from '../helpers/inbound';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';
import { createInbound, type InboundFixture } from '../inbound/fixtures';
import { WebClient } from '../management/helpers';

const PASSWORD = 'erasure-test-password-1';
const tag = randomBytes(4).toString('hex');
/** The address erased: sent to in mixed case, so the checks below are case-insensitive. */
const ERASED = `Erase.Me.${tag}@Example.org`;
const KEPT = `keep.me.${tag}@example.org`;
const erased = ERASED.toLowerCase();

let stack: ServiceStack;
let receiver: WebhookReceiver;
let signingSecret: string;
let endpointId: string;
let inbound: InboundFixture;
let owner: WebClient;
let fullKey: string;
let stream: EventSource;
const logLines: string[] = [];
let erasure: ApiResponse;
/** The account's exports of each address, made before the erasure (docs/privacy.md, "Exporting an address's data"). */
const exportIds: Record<'erased' | 'kept', string> = { erased: '', kept: '' };

const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

beforeAll(async () => {
  [stack, receiver] = await Promise.all([
    startServiceStack({ logDestination: sink, env: { TRACKING_MACHINE_WINDOW_SECONDS: '0' } }),
    startWebhookReceiver(),
  ]);
  inbound = await createInbound(stack.db);
  owner = await signedInOwner(inbound.sender);
  // Subscribed to every event type, privacy.erasure_completed among them.
  const made = await createEndpoint(stack.db, stack.config.secretKey, inbound.sender.account.id, receiver.url);
  [endpointId, signingSecret] = [made.endpoint.id, made.signingSecret];
  receiver.setSecret(signingSecret);
  fullKey = (
    await createApiKey(
      stack.db,
      { accountId: inbound.sender.account.id, name: 'full', permission: 'full_access' },
      'test',
    )
  ).secret;
  stream = await listen(fullKey);
  await leaveTraces();
  erasure = await owner.request('POST', '/api/privacy/erasures', { address: ERASED });
  await eventually(
    'the erasure to complete',
    async () => {
      const res = await owner.request('GET', `/api/privacy/erasures/${String(erasure.json.id)}`);
      return res.json.status === 'completed' ? res : undefined;
    },
    60_000,
  );
}, 240_000);

afterAll(async () => {
  stream?.close();
  await stack?.stop();
  await receiver?.close();
});

async function signedInOwner(sender: SenderFixture): Promise<WebClient> {
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: sender.account.email,
    passwordHash: await hashPassword(PASSWORD),
  });
  const client = new WebClient(stack.baseUrl);
  expect((await client.signIn(sender.account.email, PASSWORD)).status).toBe(200);
  return client;
}

/** The account's live events stream, open while the traces are left (its events are kept in Redis). */
async function listen(key: string): Promise<EventSource> {
  const source = new EventSource(`${stack.baseUrl}/api/events/stream`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, 'X-API-Key': key } }),
  });
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (err) => reject(new Error(`the stream did not open: ${String(err.message)}`));
  });
  return source;
}

const workflows = () => messageWorkflows(stack.temporal, stack.config.temporal.taskQueue);

async function sendTo(to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await send(stack, inbound.sender.apiKey, {
    from_email: `hello@${inbound.sender.domain}`,
    to,
    subject: `For ${tag}`,
    html: '<html><body><p>Hello</p><a href="https://shop.example/spring">Shop</a></body></html>',
    ...extra,
  });
  expect(res.status).toBe(200);
  return String(res.json.message_id);
}

async function statusOf(messageId: string, wanted: string): Promise<void> {
  await eventually(`${messageId} to be ${wanted}`, async () =>
    (await stack.db('email_log').where({ message_id: messageId }).first('status'))?.status === wanted
      ? true
      : undefined,
  );
}

/** Sends to SES (the emulator), waits until SES took it, then gives it SES's outcome as SNS would. */
async function sendAndSettle(to: string, outcome: 'delivered' | 'bounced', extra: Record<string, unknown> = {}) {
  const messageId = await sendTo(to, extra);
  await statusOf(messageId, 'sent');
  const at = new Date().toISOString();
  await workflows().signalOutcome(
    messageId,
    outcome === 'delivered'
      ? { type: 'delivered', at }
      : { type: 'bounced', at, bounceType: 'Permanent', bounceSubType: 'General' },
  );
  await statusOf(messageId, outcome);
  return messageId;
}

/** Opens and clicks the tracked message SES received, as a browser would. */
async function openAndClick(messageId: string): Promise<void> {
  const html = await eventually('SES to receive the tracked message', async () => {
    const found = (await sesEmulatorStore(stack.config.ses.endpoint!)).find(
      (e) => e.subject === `For ${tag}` && e.body.html?.includes('/t/o/'),
    );
    return found?.body.html;
  });
  type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
  const urls: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === 'a' || node.nodeName === 'img')
      urls.push(node.attrs?.find((a) => a.name === 'href' || a.name === 'src')?.value ?? '');
    node.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node);
  const browser = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' };
  for (const url of urls.filter((u) => u.includes('/t/'))) await atHost(stack, url, { headers: browser });
  await eventually('the open and the click in the timeline', async () => {
    const types = await stack.db('email_events').where({ message_id: messageId }).pluck<string[]>('type');
    return types.includes('opened') && types.includes('clicked') ? true : undefined;
  });
}

async function receiveFrom(from: string): Promise<string> {
  const raw = Buffer.from(
    `From: ${from}\r\nTo: support@${inbound.domain}\r\nSubject: Question ${tag}\r\nMessage-ID: <${randomBytes(6).toString('hex')}@example.org>\r\n\r\nHello from ${from}.\r\n`,
  );
  return receiveRecorded(stack, `support@${inbound.domain}`, raw, from);
}

/** Every kind of record the issue lists, for ERASED, and some for KEPT. */
async function leaveTraces(): Promise<void> {
  const tracked = await sendAndSettle(ERASED, 'delivered', { track_opens: true, track_clicks: true });
  await openAndClick(tracked);
  await statusOf(await sendTo(ERASED, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() }), 'scheduled');
  await sendAndSettle(ERASED.toUpperCase(), 'bounced');
  const manual = await call(`${stack.baseUrl}/api/suppressions`, {
    method: 'POST',
    headers: { 'X-API-Key': fullKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ address: ERASED, topic: 'news' }),
  });
  expect(manual.status).toBe(201);
  await receiveFrom(ERASED);
  await sendAndSettle(KEPT, 'delivered');
  await receiveFrom(KEPT);
  for (const [which, address] of [
    ['erased', ERASED],
    ['kept', KEPT],
  ] as const) {
    const made = await owner.request('POST', '/api/privacy/exports', { address });
    expect(made.status).toBe(201);
    exportIds[which] = String(made.json.id);
  }
  // The suppressions are there before the erasure (the bounce's and the one by hand).
  expect(await stack.db('suppressions').whereRaw('lower(address) = ?', [erased]).count({ n: '*' })).toEqual([
    { n: '2' },
  ]);
}

const mentions = (text: string) => text.toLowerCase().includes(erased);

test("the address's export is gone with it; the other address's stays", async () => {
  expect((await owner.request('GET', `/api/privacy/exports/${exportIds.erased}`)).status).toBe(404);
  expect((await owner.request('GET', `/api/privacy/exports/${exportIds.kept}`)).status).toBe(200);
});

test('the erasure is accepted (202) and its progress names no address and counts each kind removed', async () => {
  expect(erasure.status).toBe(202);
  const done = await owner.request('GET', `/api/privacy/erasures/${String(erasure.json.id)}`);
  expect(mentions(JSON.stringify(done.json))).toBe(false);
  expect(done.json).toMatchObject({
    status: 'completed',
    removed: { log_rows: 3, received_messages: 1, scheduled_sends: 1, suppressions: 2, exports: 1 },
  });
  expect((done.json.removed as Record<string, number>).engagement_events).toBeGreaterThanOrEqual(2);
  expect((done.json.removed as Record<string, number>).webhook_deliveries).toBeGreaterThan(0);
  const listed = await owner.request('GET', '/api/privacy/erasures');
  expect((listed.json.erasures as { id: string }[]).map((e) => e.id)).toEqual([erasure.json.id]);
});

type Received = { event_type?: unknown; payload?: { erasure_id?: unknown } } | undefined;
const isErasureEvent = (r: ReceivedRequest) => (r.json as Received)?.event_type === 'privacy.erasure_completed';
const ofErasure = (id: string) => (r: ReceivedRequest) =>
  isErasureEvent(r) && (r.json as Received)?.payload?.erasure_id === id;

test("the subscribed endpoint gets the erasure's end once, signed, with its id, status and counts, and no address", async () => {
  const id = String(erasure.json.id);
  const got = await receiver.waitFor(ofErasure(id));
  expect(got.signatureValid).toBe(true);
  const done = await owner.request('GET', `/api/privacy/erasures/${id}`);
  expect(new Webhook(signingSecret).verify(got.rawBody, got.headers as Record<string, string>)).toEqual({
    event_type: 'privacy.erasure_completed',
    payload: { erasure_id: id, status: 'completed', removed: done.json.removed, completed_at: done.json.completed_at },
  });
  expect(mentions(got.rawBody)).toBe(false);
  expect(receiver.received.filter(ofErasure(id))).toHaveLength(1);
  // Recorded in the endpoint's deliveries, the erasure's id standing where a message's would.
  expect(
    await stack
      .db('webhook_deliveries')
      .where({ message_id: id, event_type: 'privacy.erasure_completed' })
      .count({ n: '*' }),
  ).toEqual([{ n: '1' }]);
});

test('its test event is an envelope like the real one; a recorded one is refused a replay, pointing at the erasure', async () => {
  const tested = await owner.request('POST', `/api/webhooks/${endpointId}/test`, {
    event_type: 'privacy.erasure_completed',
  });
  expect(tested.status).toBe(200);
  expect(tested.json.payload).toMatchObject({
    event_type: 'privacy.erasure_completed',
    payload: { status: 'completed' },
  });
  const id = String(erasure.json.id);
  const recorded = await stack.db('webhook_deliveries').where({ message_id: id }).first<{ id: string }>('id');
  const replay = await owner.request('POST', `/api/webhooks/${endpointId}/deliveries/${recorded.id}/replay`);
  expect(replay.status).toBe(404);
  expect(replay.json.error).toBe('not_found');
  expect(JSON.stringify(replay.json)).toContain(`/api/privacy/erasures/${id}`);
});

test('a pg_dump of the database holds the address in no case', async () => {
  const dump = await promisify(execFile)(`${process.env.POSTAGE_PG_BIN}/pg_dump`, [stack.database.url], {
    maxBuffer: 512 * 1024 * 1024,
  });
  expect(dump.stdout).toContain(KEPT);
  expect(mentions(dump.stdout)).toBe(false);
});

test('Redis holds the address in no key and no value', async () => {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await stack.redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const dumped = await stack.redis.dumpBuffer(key);
      const value =
        (await stack.redis.type(key)) === 'stream' ? JSON.stringify(await stack.redis.xrange(key, '-', '+')) : '';
      if (mentions(key) || mentions(dumped?.toString('latin1') ?? '') || mentions(value)) found.push(key);
    }
  } while (cursor !== '0');
  expect(found).toEqual([]);
});

test('no Temporal history of the account’s workflows names the address', async () => {
  const naming: string[] = [];
  let seen = 0;
  for await (const run of stack.temporal.workflow.list({
    query: `${ACCOUNT_ID.name} = "${inbound.sender.account.id}"`,
  })) {
    seen += 1;
    const history = await stack.temporal.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
    const text = JSON.stringify(history, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value,
    );
    if (mentions(text)) naming.push(run.workflowId);
  }
  expect(seen).toBeGreaterThan(5);
  expect(naming).toEqual([]);
});

test('the service’s log names the address nowhere', () => {
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.filter(mentions)).toEqual([]);
});

test('the other address’s log rows, received message and audit entries stay', async () => {
  const account = inbound.sender.account.id;
  expect(await stack.db('email_log').where({ account_id: account, recipient: KEPT }).count({ n: '*' })).toEqual([
    { n: '1' },
  ]);
  expect(
    await stack.db('inbound_messages').where({ account_id: account, envelope_from: KEPT }).count({ n: '*' }),
  ).toEqual([{ n: '1' }]);
  const actions = await stack.db('account_audit').where({ account_id: account }).pluck<string[]>('action');
  expect(actions).toEqual(
    expect.arrayContaining(['suppression.add', 'privacy.erasure_requested', 'privacy.erasure_completed']),
  );
});

test('a send to the erased address, in any case, is refused as recipient_suppressed', async () => {
  for (const to of [ERASED, erased.toUpperCase()]) {
    const res = await send(stack, inbound.sender.apiKey, {
      from_email: `hello@${inbound.sender.domain}`,
      to,
      subject: 'Again',
      message: 'Hello again.',
    });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe('recipient_suppressed');
  }
});

test('the suppression list shows the erased entries as [erased]', async () => {
  const res = await call(`${stack.baseUrl}/api/suppressions`, { headers: { 'X-API-Key': fullKey } });
  const entries = res.json.suppressions as { address: string; reason: string; topic: string | null }[];
  expect(entries.map((e) => [e.address, e.reason, e.topic]).sort()).toEqual([
    ['[erased]', 'bounce', null],
    ['[erased]', 'manual', 'news'],
  ]);
});

test('another account can neither read nor start an erasure of this one', async () => {
  const stranger = await signedInOwner(await createSender(stack.db));
  expect((await stranger.request('GET', `/api/privacy/erasures/${String(erasure.json.id)}`)).status).toBe(404);
  expect((await stranger.request('GET', '/api/privacy/erasures')).json).toEqual({ erasures: [] });
  const started = await stranger.request('POST', '/api/privacy/erasures', { address: KEPT });
  expect(started.status).toBe(202);
  await eventually('the stranger’s erasure to end', async () => {
    const res = await stranger.request('GET', `/api/privacy/erasures/${String(started.json.id)}`);
    return res.json.status === 'completed' ? true : undefined;
  });
  expect(
    await stack.db('email_log').where({ account_id: inbound.sender.account.id, recipient: KEPT }).count({ n: '*' }),
  ).toEqual([{ n: '1' }]);
});

test('refusals: a full_access key cannot erase (owners and admins only); a value that is not an address is a 400', async () => {
  const byKey = await call(`${stack.baseUrl}/api/privacy/erasures`, {
    method: 'POST',
    headers: { 'X-API-Key': fullKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ address: KEPT }),
  });
  expect(byKey.status).toBe(403);
  const invalid = await owner.request('POST', '/api/privacy/erasures', { address: 'not an address' });
  expect(invalid.status).toBe(400);
});
