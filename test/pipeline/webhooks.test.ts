// Webhooks end to end over HTTP: a send through the API fires email.sent at once and the outcome
// event after it, to every active endpoint subscribed to the event and to no other; the example
// receiver from the docs verifies them (Standard Webhooks signature and timestamp: its refusals of
// unsigned and stale deliveries are pinned in test/unit/webhookReceivers.test.ts); a slow
// endpoint never delays the send call.
import type { Server } from 'node:http';
import { createWebhookReceiver, type ReceivedEvent } from '../../docs/examples/webhookReceiver';
import { setWebhookEndpointActive } from '../../core/webhooks/webhookEndpoints';
import { standardWebhookHeaders } from '../../core/webhooks/standardWebhooks';
import { signWebhookBody } from '../../core/webhooks/webhookSignature';
import { freePort } from '../../tools/stack/processes';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

let stack: ServiceStack;
let sender: SenderFixture;
let independent: WebhookReceiver;
let inactive: WebhookReceiver;
let bouncesOnly: WebhookReceiver;
let example: Server;
let exampleUrl: string;
let exampleSecret: string;
const exampleEvents: ReceivedEvent[] = [];

beforeAll(async () => {
  [stack, independent, inactive, bouncesOnly] = await Promise.all([
    startServiceStack(),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ]);
  sender = await createSender(stack.db);
  const secret = (url: string, events?: Parameters<typeof createEndpoint>[4]) =>
    createEndpoint(stack.db, stack.config.secretKey, sender.account.id, url, events);
  independent.setSecret((await secret(independent.url)).signingSecret);
  const off = await secret(inactive.url);
  inactive.setSecret(off.signingSecret);
  await setWebhookEndpointActive(stack.db, off.endpoint.id, false, 'test');
  bouncesOnly.setSecret((await secret(bouncesOnly.url, ['email.bounced'])).signingSecret);

  // The example receiver as a customer would run it: its URL registered, then started with the secret.
  const port = await freePort();
  exampleUrl = `http://127.0.0.1:${port}/webhooks`;
  exampleSecret = (await secret(exampleUrl, ['email.delivered'])).signingSecret;
  example = createWebhookReceiver({ secret: exampleSecret, handleEvent: (e) => void exampleEvents.push(e) });
  await new Promise<void>((resolve) => example.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => (example ? example.close(() => resolve()) : resolve()));
  await Promise.all([independent?.close(), inactive?.close(), bouncesOnly?.close()]);
  await stack?.stop();
});

async function send(
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${stack.baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, ms: Date.now() - started };
}

test('active subscribed endpoints get each event once, signed; inactive and unsubscribed ones get nothing', async () => {
  const to = `"Dee Livered" <Delivered+welcome@${stack.config.testDomain.toUpperCase()}>`;
  const { status, json } = await send({ from_email: `hello@${sender.domain}`, to, subject: 'Welcome', message: 'Hi' });
  expect(status).toBe(200);
  const messageId = json.message_id as string;
  const mine = (r: { rawBody: string }) => r.rawBody.includes(messageId);

  const sent = await independent.waitFor((r) => mine(r) && r.headers['x-service-event'] === 'email.sent');
  const delivered = await independent.waitFor((r) => mine(r) && r.headers['x-service-event'] === 'email.delivered');
  for (const hook of [sent, delivered]) expect(hook.signatureValid).toBe(true);
  expect((sent.json as { payload: Record<string, string> }).payload).toMatchObject({
    message_id: messageId,
    status: 'queued',
    mode: 'shared',
    subject: 'Welcome',
  });
  const fromExample = await eventually('the example receiver to accept the delivery', async () =>
    exampleEvents.find((e) => e.messageId === messageId),
  );
  expect(fromExample).toMatchObject({ eventType: 'email.delivered', status: 'delivered' });
  expect(exampleEvents.filter((e) => e.messageId === messageId)).toHaveLength(1); // subscribed to delivered only

  await eventually('both deliveries to be recorded', async () =>
    (await stack.db('webhook_deliveries').where({ message_id: messageId })).length >= 3 ? true : undefined,
  );
  expect(independent.received.filter(mine)).toHaveLength(2);
  expect(inactive.received.filter(mine)).toEqual([]);
  expect(bouncesOnly.received.filter(mine)).toEqual([]);
});

test('a slow endpoint neither delays the send call nor the message; its missed deadline is recorded', async () => {
  independent.respondWith(200, 6000);
  try {
    const { status, json, ms } = await send({
      from_email: `hello@${sender.domain}`,
      to: `bounce@${stack.config.testDomain}`,
      subject: 'Slow hooks',
      message: 'Hi',
    });
    expect(status).toBe(200);
    expect(ms).toBeLessThan(1500);
    const messageId = json.message_id as string;
    const row = await eventually('the bounce to be logged', async () => {
      const r = await stack.db('email_log').where({ message_id: messageId }).first();
      return r?.status === 'bounced' ? r : undefined;
    });
    expect(row.bounce_type).toBe('Permanent');
    await bouncesOnly.waitFor((r) => r.rawBody.includes(messageId));
    const failed = await eventually(
      'the slow delivery to be recorded as failed',
      async () =>
        (await stack.db('webhook_deliveries').where({ message_id: messageId, succeeded: false }).first()) ?? undefined,
      15_000,
    );
    expect(failed).toMatchObject({ status_code: null, error: 'timeout', latency_ms: 5000 });
  } finally {
    independent.respondWith(200);
  }
}, 30_000);

test('the example receiver accepts the flat test shape, reads its type from the signed body, refuses what does not verify with 401', async () => {
  const flat = JSON.stringify({
    idempotency_key: '0123456789abcdef0123456789abcdef',
    provider_message_id: 'service-test-6f1c',
    recipient: `bounce@${stack.config.testDomain}`,
    status: 'bounced',
    bounce_type: 'Permanent',
    bounce_subtype: 'General',
    bounced_recipients: [`bounce@${stack.config.testDomain}`],
    timestamp: '2026-11-21T10:00:00.123456+00:00',
  });
  // X-Service-Event is not signed: the example must not believe it.
  const post = (body: string, headers: Record<string, string>) =>
    fetch(exampleUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Event': 'email.delivered', ...headers },
      body,
    });
  const signed = standardWebhookHeaders([exampleSecret], 'msg_test_0123456789abcdef0123456789abcdef', flat);
  expect((await post(flat, signed)).status).toBe(204);
  expect(exampleEvents.at(-1)).toMatchObject({
    eventType: 'email.bounced',
    messageId: 'service-test-6f1c',
    status: 'bounced',
    fields: { bounce_subtype: 'General' },
  });
  expect((await post(`${flat} `, signed)).status).toBe(401); // one byte changed
  const otherSignature = signed['webhook-signature']!.replace(/^v1,./, (m) => (m === 'v1,A' ? 'v1,B' : 'v1,A'));
  expect((await post(flat, { ...signed, 'webhook-signature': otherSignature })).status).toBe(401);
  expect((await post(flat, { 'X-Service-Signature': signWebhookBody(exampleSecret, flat) })).status).toBe(401); // the body's signature alone
});
