// The live events stream (docs/webhooks.md, "Live events (postage listen)"): a full_access key's
// stream carries the account's events with the body and webhook-id its webhook endpoint gets,
// filtered by `events`, resumed by Last-Event-ID, limited per account, and never another
// account's. Read with the `eventsource` package, as `postage listen` does.
import { EventSource } from 'eventsource';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { call, send, testSendBody } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

let stack: ServiceStack;
let receiver: WebhookReceiver;
let documented: DocumentedCheck;
const opened: EventSource[] = [];

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startServiceStack(), startWebhookReceiver()]);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

interface Received {
  cursor: string;
  event: string;
  data: { id: string; type: string; timestamp: string; body: string };
}

interface Stream {
  events: Received[];
  next(count: number): Promise<Received[]>;
}

async function fullAccessKey(sender: SenderFixture): Promise<string> {
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'listen', permission: 'full_access' },
    'test',
  );
  return secret;
}

/** Opens the stream with `key` and resolves once it is open (its keep-alive arrived). */
async function listen(key: string, query = '', lastEventId?: string): Promise<Stream> {
  const events: Received[] = [];
  const source = new EventSource(`${stack.baseUrl}/api/events/stream${query}`, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...init?.headers, 'X-API-Key': key, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
      }),
  });
  opened.push(source);
  const push = (e: MessageEvent<string>) =>
    events.push({ cursor: e.lastEventId, event: e.type, data: JSON.parse(e.data) as Received['data'] });
  for (const type of ['email.sent', 'email.delivered', 'email.bounced']) source.addEventListener(type, push);
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (err) => reject(new Error(`the stream did not open: ${String(err.message)}`));
  });
  return {
    events,
    next: (count) => eventually(`${count} events`, async () => (events.length >= count ? events : undefined)),
  };
}

const sendTo = (sender: SenderFixture, local: string) =>
  send(stack, sender.apiKey, testSendBody(stack, sender.domain, { to: `${local}@${stack.config.testDomain}` }));

test('a full_access key’s stream carries email.sent then email.delivered, with the body and webhook-id its endpoint gets', async () => {
  const sender = await createSender(stack.db);
  const endpoint = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url);
  receiver.setSecret(endpoint.signingSecret);
  const stream = await listen(await fullAccessKey(sender));
  const accepted = await sendTo(sender, 'delivered');
  expect(accepted.status).toBe(200);
  const [sent, delivered] = await stream.next(2);
  expect([sent!.event, delivered!.event]).toEqual(['email.sent', 'email.delivered']);
  for (const live of [sent!, delivered!]) {
    const posted = await receiver.waitFor((r) => r.headers['webhook-id'] === live.data.id);
    expect(live.data.body).toBe(posted.rawBody);
    expect(live.data.type).toBe(live.event);
    expect(JSON.parse(live.data.body)).toMatchObject({ payload: { message_id: accepted.json.message_id } });
  }
});

test('an account without webhook endpoints gets its events on the stream too', async () => {
  const sender = await createSender(stack.db);
  const stream = await listen(await fullAccessKey(sender));
  await sendTo(sender, 'delivered');
  expect((await stream.next(2)).map((e) => e.event)).toEqual(['email.sent', 'email.delivered']);
});

test('events= keeps only the types asked for', async () => {
  const sender = await createSender(stack.db);
  const key = await fullAccessKey(sender);
  const all = await listen(key);
  const delivered = await listen(key, '?events=email.delivered');
  await sendTo(sender, 'delivered');
  await all.next(2);
  await delivered.next(1);
  expect(delivered.events.map((e) => e.event)).toEqual(['email.delivered']);
});

test('Last-Event-ID resumes after the event it names', async () => {
  const sender = await createSender(stack.db);
  const key = await fullAccessKey(sender);
  const first = await listen(key);
  await sendTo(sender, 'delivered');
  const [sent, delivered] = await first.next(2);
  first.events.length = 0;
  const resumed = await listen(key, '', sent!.cursor);
  expect(await resumed.next(1)).toEqual([delivered]);
});

test('another account’s events never appear', async () => {
  const [mine, theirs] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
  const stream = await listen(await fullAccessKey(mine));
  const theirStream = await listen(await fullAccessKey(theirs));
  await sendTo(theirs, 'delivered');
  await theirStream.next(2);
  await sendTo(mine, 'bounce');
  const events = await stream.next(2);
  expect(events.map((e) => e.event)).toEqual(['email.sent', 'email.bounced']);
  for (const e of events)
    expect(JSON.parse(e.data.body)).toMatchObject({ payload: { recipient: expect.stringMatching(/^bounce@/) } });
});

const open = (key: string, query = '') =>
  call(`${stack.baseUrl}/api/events/stream${query}`, { headers: { 'X-API-Key': key } });

test.each([
  ['a sending key', 403, 'insufficient_permission', (s: SenderFixture) => Promise.resolve(s.apiKey), ''],
  ['an unknown event type', 400, undefined, fullAccessKey, '?events=email.nope'],
])('refused before the stream starts: %s (%i)', async (_name, status, code, keyOf, query) => {
  const sender = await createSender(stack.db);
  const res = await open(await keyOf(sender), query);
  expect(res.status).toBe(status);
  if (code) expect(res.json.error).toBe(code);
  documented('/api/events/stream', 'get', res);
});

test('one stream more than LIVE_EVENT_STREAMS_PER_ACCOUNT is a 429, and a closed one frees its place', async () => {
  const sender = await createSender(stack.db);
  const key = await fullAccessKey(sender);
  for (let i = 0; i < stack.config.webhooks.liveStreamsPerAccount; i++) await listen(key);
  const refused = await open(key);
  expect(refused.status).toBe(429);
  expect(refused.json.error).toBe('too_many_requests');
  expect(refused.headers.get('retry-after')).toBeTruthy();
  documented('/api/events/stream', 'get', refused);
  opened.pop()!.close();
  await eventually('the closed stream to free its place', async () => {
    const again = await fetch(`${stack.baseUrl}/api/events/stream`, { headers: { 'X-API-Key': key } });
    await again.body?.cancel();
    return again.status === 200 ? true : undefined;
  });
});

test('the stream answers text/event-stream, as the document states', async () => {
  const sender = await createSender(stack.db);
  const controller = new AbortController();
  const res = await fetch(`${stack.baseUrl}/api/events/stream`, {
    headers: { 'X-API-Key': await fullAccessKey(sender) },
    signal: controller.signal,
  });
  const media = res.headers.get('content-type')!;
  controller.abort();
  expect(res.status).toBe(200);
  documented('/api/events/stream', 'get', { status: 200, headers: res.headers, json: {}, bytes: Buffer.alloc(0) });
  expect(media).toMatch(/^text\/event-stream/);
});
