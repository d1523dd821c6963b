// `postage-admin webhook listen` verifies deliveries as the SDKs do by default: the Standard
// Webhooks headers required, a timestamp within 5 minutes, the event type from the signed body.
// Deliveries are made here exactly as core/webhooks/webhookDelivery.ts makes them.
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createWebhookListener, listenedLine, type ListenedRequest } from '../../cli/webhookListener';
import {
  FLAT_TEST_EVENT_TYPES,
  SENT_MESSAGE_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  signedEventType,
} from '../../core/model/webhookEvents';
import { standardWebhookHeaders } from '../../core/webhooks/standardWebhooks';
import { testEventPayload } from '../../core/webhooks/webhookTestEvents';
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhookBody } from '../../core/webhooks/webhookSignature';

const secret = `whsec_${'ab12'.repeat(16)}`;
const envelope = JSON.stringify({
  event_type: 'email.sent',
  payload: { message_id: 'm-1', recipient: 'ann@example.org', status: 'queued', mode: 'shared' },
});

let server: http.Server;
let url: string;
const heard: ListenedRequest[] = [];

beforeAll(async () => {
  server = createWebhookListener({ secret, onRequest: (r) => heard.push(r) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The headers of a Postage delivery of `body` signed at `at`. */
function delivery(body: string, event: string, at = new Date()): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    [SIGNATURE_HEADER]: signWebhookBody(secret, body),
    [EVENT_HEADER]: event,
    ...standardWebhookHeaders([secret], 'msg_0123456789abcdef0123456789abcdef', body, at),
  };
}

async function post(
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; heard: ListenedRequest }> {
  const before = heard.length;
  const res = await fetch(url, { method: 'POST', headers, body });
  await res.arrayBuffer();
  expect(heard).toHaveLength(before + 1);
  return { status: res.status, heard: heard[before]! };
}

test('a genuine delivery is accepted and printed with its signed type', async () => {
  const { status, heard: request } = await post(envelope, delivery(envelope, 'email.sent'));
  expect(status).toBe(200);
  expect(request).toMatchObject({
    event: 'email.sent',
    signatureValid: true,
    error: null,
    webhookId: 'msg_0123456789abcdef0123456789abcdef',
    path: '/hooks',
    body: { payload: { message_id: 'm-1' } },
  });
  expect(listenedLine(request, false)).toMatch(/ email\.sent signature valid \{/);
});

test('a delivery captured 10 minutes ago is refused with 401', async () => {
  const { status, heard: request } = await post(
    envelope,
    delivery(envelope, 'email.sent', new Date(Date.now() - 10 * 60_000)),
  );
  expect(status).toBe(401);
  expect(request).toMatchObject({ event: null, signatureValid: false, webhookId: null });
  expect(request.error).toMatch(/webhook-timestamp is \d+ s old/);
});

test('X-Service-Signature alone (no webhook-* headers) is refused with 401', async () => {
  const { status, heard: request } = await post(envelope, {
    'Content-Type': 'application/json',
    [SIGNATURE_HEADER]: signWebhookBody(secret, envelope),
    [EVENT_HEADER]: 'email.sent',
  });
  expect(status).toBe(401);
  expect(request).toMatchObject({ event: null, signatureValid: false, error: expect.stringMatching(/no webhook-id/) });
  expect(listenedLine(request, false)).toMatch(/signature INVALID: no webhook-id.*answered 401/);
});

test('a tampered body or another secret is refused with 401', async () => {
  const headers = delivery(envelope, 'email.sent');
  expect((await post(envelope.replace('m-1', 'm-2'), headers)).status).toBe(401);
  const other = {
    ...headers,
    ...standardWebhookHeaders([`whsec_${'cd34'.repeat(16)}`], 'msg_0123456789abcdef0123456789abcdef', envelope),
  };
  expect((await post(envelope, other)).status).toBe(401);
});

test("a test event's type comes from its signed status, not from X-Service-Event", async () => {
  const flat = JSON.stringify(testEventPayload('email.bounced', 'test.example'));
  const { status, heard: request } = await post(flat, {
    ...delivery(flat, 'email.bounced'),
    [EVENT_HEADER]: 'email.delivered',
  });
  expect(status).toBe(200);
  expect(request.event).toBe('email.bounced');
  const nameless = JSON.stringify({ provider_message_id: 'service-test-1', status: 'teleported' });
  expect(await post(nameless, delivery(nameless, 'email.delivered'))).toMatchObject({
    status: 400,
    heard: { event: null, signatureValid: true },
  });
});

test('each test event type has its own status, the one the SDKs read its type from', () => {
  const statuses = SENT_MESSAGE_EVENT_TYPES.map((event) => testEventPayload(event, 'test.example').status);
  expect(new Set(statuses).size).toBe(SENT_MESSAGE_EVENT_TYPES.length);
  for (const event of SENT_MESSAGE_EVENT_TYPES)
    expect(FLAT_TEST_EVENT_TYPES.get(testEventPayload(event, 'test.example').status as string)).toBe(event);
  expect(FLAT_TEST_EVENT_TYPES.size).toBe(SENT_MESSAGE_EVENT_TYPES.length);
  // email.received has no flat form: its test event is an envelope, read by its event_type.
  expect(testEventPayload('email.received', 'test.example')).toMatchObject({ event_type: 'email.received' });
});

test('privacy.erasure_completed is a type an endpoint subscribes to; its test event is an envelope like the real one, with no address', () => {
  expect(WEBHOOK_EVENT_TYPES).toContain('privacy.erasure_completed');
  expect(SENT_MESSAGE_EVENT_TYPES).not.toContain('privacy.erasure_completed');
  const body = testEventPayload('privacy.erasure_completed', 'test.example', new Date('2026-12-08T04:00:00Z'));
  expect(body).toEqual({
    event_type: 'privacy.erasure_completed',
    payload: {
      erasure_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'completed',
      removed: expect.any(Object),
      completed_at: '2026-12-08T04:00:00.000Z',
    },
  });
  expect(JSON.stringify(body)).not.toContain('@');
  expect(signedEventType(body)).toBe('privacy.erasure_completed');
});
