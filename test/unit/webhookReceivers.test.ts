// The receivers the documentation teaches with verify as the SDKs do by default: the example users
// copy (docs/examples/webhookReceiver.ts) and the demo receiver of `npm run dev`
// (tools/demoReceiver.ts) require the Standard Webhooks headers and a timestamp within 5 minutes,
// answer 401 otherwise (X-Service-Signature alone included), and take the event type from the
// signed body only. Deliveries are made here exactly as core/webhooks/webhookDelivery.ts makes them.
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createWebhookReceiver, type ReceivedEvent } from '../../docs/examples/webhookReceiver';
import { DEMO_WEBHOOK_PATH, startDemoReceiver, type ReceivedWebhook } from '../../tools/demoReceiver';
import { SENT_MESSAGE_EVENT_TYPES } from '../../core/model/webhookEvents';
import { standardWebhookHeaders } from '../../core/webhooks/standardWebhooks';
import { testEventPayload } from '../../core/webhooks/webhookTestEvents';
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhookBody } from '../../core/webhooks/webhookSignature';

const secret = `whsec_${'ab12'.repeat(16)}`;
const WEBHOOK_ID = 'msg_0123456789abcdef0123456789abcdef';
const envelope = JSON.stringify({
  event_type: 'email.delivered',
  payload: { message_id: 'm-1', recipient: 'ann@example.org', status: 'delivered' },
});

/** The headers of a Postage delivery of `body` signed at `at`. */
function delivery(body: string, event: string, at = new Date()): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    [SIGNATURE_HEADER]: signWebhookBody(secret, body),
    [EVENT_HEADER]: event,
    ...standardWebhookHeaders([secret], WEBHOOK_ID, body, at),
  };
}
const signatureOnly = (body: string, event: string) => ({
  'Content-Type': 'application/json',
  [SIGNATURE_HEADER]: signWebhookBody(secret, body),
  [EVENT_HEADER]: event,
});
const tenMinutesAgo = () => new Date(Date.now() - 10 * 60_000);

const address = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const post = async (url: string, body: string, headers: Record<string, string>) =>
  (await fetch(url, { method: 'POST', headers, body })).status;

describe('the example receiver (docs/examples/webhookReceiver.ts)', () => {
  let server: http.Server;
  let url: string;
  const events: ReceivedEvent[] = [];
  beforeAll(async () => {
    server = createWebhookReceiver({ secret, handleEvent: (e) => void events.push(e) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `${address(server)}/webhooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('accepts a genuine delivery, with the webhook-id to deduplicate on', async () => {
    expect(await post(url, envelope, delivery(envelope, 'email.delivered'))).toBe(204);
    expect(events.at(-1)).toEqual({
      webhookId: WEBHOOK_ID,
      eventType: 'email.delivered',
      messageId: 'm-1',
      recipient: 'ann@example.org',
      status: 'delivered',
      fields: JSON.parse(envelope).payload,
    });
  });

  test('refuses with 401 a delivery without the Standard Webhooks headers (X-Service-Signature alone)', async () => {
    const before = events.length;
    expect(await post(url, envelope, signatureOnly(envelope, 'email.delivered'))).toBe(401);
    expect(events).toHaveLength(before);
  });

  test('refuses with 401 a delivery signed 10 minutes ago (a replayed capture), and one 10 minutes ahead', async () => {
    const before = events.length;
    expect(await post(url, envelope, delivery(envelope, 'email.delivered', tenMinutesAgo()))).toBe(401);
    expect(await post(url, envelope, delivery(envelope, 'email.delivered', new Date(Date.now() + 10 * 60_000)))).toBe(
      401,
    );
    expect(events).toHaveLength(before);
  });

  test('refuses with 401 a changed body, another secret, a changed timestamp', async () => {
    const headers = delivery(envelope, 'email.delivered');
    expect(await post(url, envelope.replace('m-1', 'm-2'), headers)).toBe(401);
    expect(
      await post(url, envelope, {
        ...headers,
        ...standardWebhookHeaders([`whsec_${'cd34'.repeat(16)}`], WEBHOOK_ID, envelope),
      }),
    ).toBe(401);
    expect(
      await post(url, envelope, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) }),
    ).toBe(401);
  });

  test('accepts either signature while a rotated secret overlaps', async () => {
    const rotated = standardWebhookHeaders([`whsec_${'cd34'.repeat(16)}`, secret], WEBHOOK_ID, envelope);
    expect(rotated['webhook-signature']).toContain(' ');
    expect(await post(url, envelope, { 'Content-Type': 'application/json', ...rotated })).toBe(204);
  });

  test("reads a flat test event's type from its signed status, never from X-Service-Event", async () => {
    for (const type of SENT_MESSAGE_EVENT_TYPES) {
      const flat = JSON.stringify(testEventPayload(type, 'test.example'));
      const lie = type === 'email.delivered' ? 'email.bounced' : 'email.delivered';
      expect(await post(url, flat, delivery(flat, lie))).toBe(204);
      expect(events.at(-1)).toMatchObject({ eventType: type, messageId: expect.stringMatching(/^service-test-/) });
    }
    const nameless = JSON.stringify({ provider_message_id: 'service-test-1', status: 'teleported' });
    expect(await post(url, nameless, delivery(nameless, 'email.delivered'))).toBe(400);
  });
});

describe('the demo receiver of npm run dev (tools/demoReceiver.ts)', () => {
  let demo: Awaited<ReturnType<typeof startDemoReceiver>>;
  let url: string;
  beforeAll(async () => {
    demo = await startDemoReceiver({ port: 0, signingSecret: () => secret, log: () => undefined });
    url = `${address(demo.server)}${DEMO_WEBHOOK_PATH}`;
  });
  afterAll(() => new Promise<void>((resolve) => demo.server.close(() => resolve())));
  const last = async (): Promise<ReceivedWebhook> =>
    ((await (await fetch(`${address(demo.server)}/received`)).json()) as ReceivedWebhook[]).at(-1)!;

  test('accepts a genuine delivery and lists it with the type its signed body names', async () => {
    expect(await post(url, envelope, delivery(envelope, 'email.bounced'))).toBe(200);
    expect(await last()).toMatchObject({
      event: 'email.delivered',
      signatureValid: true,
      error: null,
      webhookId: WEBHOOK_ID,
      body: { payload: { message_id: 'm-1' } },
    });
    const flat = JSON.stringify(testEventPayload('email.complained', 'test.example'));
    expect(await post(url, flat, delivery(flat, 'email.delivered'))).toBe(200);
    expect(await last()).toMatchObject({ event: 'email.complained', signatureValid: true });
  });

  test('lists only the newest deliveries past its bound, oldest first', async () => {
    const small = await startDemoReceiver({ port: 0, signingSecret: () => secret, log: () => undefined, keep: 2 });
    try {
      const smallUrl = `${address(small.server)}${DEMO_WEBHOOK_PATH}`;
      for (const id of ['m-1', 'm-2', 'm-3']) {
        const body = envelope.replace('"m-1"', `"${id}"`);
        expect(await post(smallUrl, body, delivery(body, 'email.delivered'))).toBe(200);
      }
      const listed = (await (await fetch(`${address(small.server)}/received`)).json()) as ReceivedWebhook[];
      expect(listed.map((r) => (r.body as { payload: { message_id: string } }).payload.message_id)).toEqual([
        'm-2',
        'm-3',
      ]);
    } finally {
      await new Promise<void>((resolve) => small.server.close(() => resolve()));
    }
  });

  test('refuses with 401, and lists as refused, X-Service-Signature alone and a delivery signed 10 minutes ago', async () => {
    expect(await post(url, envelope, signatureOnly(envelope, 'email.delivered'))).toBe(401);
    expect(await last()).toMatchObject({
      event: null,
      signatureValid: false,
      webhookId: null,
      error: expect.stringMatching(/no webhook-id/),
    });
    expect(await post(url, envelope, delivery(envelope, 'email.delivered', tenMinutesAgo()))).toBe(401);
    expect(await last()).toMatchObject({
      event: null,
      signatureValid: false,
      error: expect.stringMatching(/webhook-timestamp is \d+ s old/),
    });
  });
});
