// One webhook delivery against real HTTP servers: the exact headers and signature, the deadline,
// non-2xx as failure, every attempt recorded, and private destinations refused after DNS
// resolution unless explicitly allowed.
import { MockActivityEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { requireToolPath } from '../../tools/stack/processes';
import { createActivities } from '../../activities';
import { insertQueuedLogRow } from '../../core/sending/emailLog';
import { createLogger } from '../../core/platform/logger';
import { sharedSesClient } from '../../core/platform/awsClients';
import { postSignedWebhook } from '../../core/webhooks/webhookDelivery';
import { testConfig } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';

let database: TestDatabase;
let receiver: WebhookReceiver;
let sender: SenderFixture;

beforeAll(async () => {
  [database, receiver] = await Promise.all([createTestDatabase(), startWebhookReceiver()]);
  sender = await createSender(database.db);
});

afterAll(async () => {
  await receiver?.close();
  await database?.drop();
});

function activitiesWith(env: Record<string, string>) {
  const config = testConfig({ DATABASE_URL: database.url, ...env });
  return {
    config,
    activities: createActivities({
      config,
      db: database.db,
      sharedSes: sharedSesClient(config),
      logger: createLogger('silent', 'test'),
    }),
  };
}

async function queuedMessage(): Promise<string> {
  const messageId = randomUUID();
  await insertQueuedLogRow(database.db, {
    messageId,
    accountId: sender.account.id,
    recipient: 'ann@example.org',
    fromEmail: `hello@${sender.domain}`,
    subject: 'Hi',
    kind: 'real',
    attachments: 0,
  });
  return messageId;
}

/** What a Python receiver using the official `standardwebhooks` package (PyPI) makes of a delivery. */
function verifyInPython(secret: string, got: ReceivedRequest): unknown {
  const script = [
    'import json, sys',
    'from standardwebhooks.webhooks import Webhook',
    'data = json.load(sys.stdin)',
    'print(json.dumps(Webhook(data["secret"]).verify(data["body"], data["headers"])))',
  ].join('\n');
  const run = spawnSync(requireToolPath('POSTAGE_STANDARDWEBHOOKS_PYTHON'), ['-c', script], {
    input: JSON.stringify({ secret, body: got.rawBody, headers: got.headers }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`standardwebhooks (Python) refused the delivery: ${run.stderr}`);
  return JSON.parse(run.stdout) as unknown;
}

test('a delivery carries exactly the documented headers and a signature the receiver recomputes; the attempt is recorded', async () => {
  const { config, activities } = activitiesWith({});
  const { endpoint, signingSecret } = await createEndpoint(
    database.db,
    config.secretKey,
    sender.account.id,
    receiver.url,
  );
  receiver.setSecret(signingSecret);
  receiver.respondWith(202);
  const messageId = await queuedMessage();
  expect(
    await new MockActivityEnvironment().run(activities.deliverWebhook, {
      endpointId: endpoint.id,
      messageId,
      event: 'email.sent' as const,
    }),
  ).toEqual({ succeeded: true, statusCode: 202 });

  const got = await receiver.waitFor((r) => r.rawBody.includes(messageId));
  expect(got.signatureValid).toBe(true);
  const { host: _host, connection: _connection, 'content-length': length, ...headers } = got.headers;
  expect(headers).toEqual({
    'content-type': 'application/json',
    'x-service-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    'x-service-event': 'email.sent',
    'user-agent': 'Service-Webhook/1.0',
    // Standard Webhooks, beside X-Service-Signature, X-Service-Event and User-Agent.
    'webhook-id': expect.stringMatching(/^msg_[0-9a-f]{32}$/),
    'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
    'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
  });
  // The official Standard Webhooks libraries verify it with the endpoint's secret as shown.
  const payload = JSON.parse(got.rawBody) as unknown;
  expect(new Webhook(signingSecret).verify(got.rawBody, got.headers as Record<string, string>)).toEqual(payload);
  expect(verifyInPython(signingSecret, got)).toEqual(payload);
  expect(() =>
    new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(
      got.rawBody,
      got.headers as Record<string, string>,
    ),
  ).toThrow();
  expect(Number(length)).toBe(Buffer.byteLength(got.rawBody));
  // The id names the event: a second delivery of it (a worker that died, a replay) carries the same one.
  await new MockActivityEnvironment().run(activities.deliverWebhook, {
    endpointId: endpoint.id,
    messageId,
    event: 'email.sent' as const,
  });
  const deliveries = receiver.received.filter((r) => r.rawBody.includes(messageId));
  expect(deliveries.map((r) => r.headers['webhook-id'])).toEqual([
    got.headers['webhook-id'],
    got.headers['webhook-id'],
  ]);
  const [row] = await database.db('webhook_deliveries').where({ message_id: messageId }).orderBy('id');
  expect(row).toMatchObject({
    endpoint_id: endpoint.id,
    event_type: 'email.sent',
    status_code: 202,
    succeeded: true,
    error: null,
  });
  expect(row.latency_ms).toBeGreaterThanOrEqual(0);
});

test('a non-2xx answer and a missed deadline are recorded as failed deliveries', async () => {
  const { config, activities } = activitiesWith({ WEBHOOK_TIMEOUT_MS: '500' });
  const { endpoint, signingSecret } = await createEndpoint(
    database.db,
    config.secretKey,
    sender.account.id,
    receiver.url,
  );
  receiver.setSecret(signingSecret);
  const env = new MockActivityEnvironment();

  receiver.respondWith(500);
  const failing = await queuedMessage();
  expect(
    await env.run(activities.deliverWebhook, {
      endpointId: endpoint.id,
      messageId: failing,
      event: 'email.sent' as const,
    }),
  ).toEqual({ succeeded: false, statusCode: 500 });
  receiver.respondWith(200, 2000);
  const slow = await queuedMessage();
  const started = Date.now();
  expect(
    await env.run(activities.deliverWebhook, {
      endpointId: endpoint.id,
      messageId: slow,
      event: 'email.sent' as const,
    }),
  ).toEqual({ succeeded: false, statusCode: null });
  expect(Date.now() - started).toBeLessThan(1500);
  receiver.respondWith(200);

  expect(await database.db('webhook_deliveries').where({ message_id: failing }).first()).toMatchObject({
    succeeded: false,
    status_code: 500,
    error: null,
  });
  const late = await database.db('webhook_deliveries').where({ message_id: slow }).first();
  // A failure without an answer is recorded by category, with the deadline as its time.
  expect(late).toMatchObject({ succeeded: false, status_code: null, error: 'timeout', latency_ms: 500 });
});

// Only loopback is exercised live (tests send traffic to this machine only); private and
// link-local ranges go through the same check in request-filtering-agent.
test('loopback destinations, by address or by name, are refused after DNS resolution unless allowed', async () => {
  const port = new URL(receiver.url).port;
  const attempt = (url: string, allowed: string[]) =>
    postSignedWebhook({
      url,
      signingSecret: 's',
      event: 'email.sent',
      body: '{}',
      timeoutMs: 2000,
      allowedPrivateAddresses: allowed,
      eventId: 'msg_test',
    });
  const before = receiver.received.length;
  for (const url of [
    `http://127.0.0.1:${port}/hooks`,
    `http://localhost:${port}/hooks`,
    `http://[::1]:${port}/hooks`,
  ]) {
    const refused = await attempt(url, []);
    expect(refused).toMatchObject({ succeeded: false, statusCode: null });
    expect(refused.error).toBe('address_not_allowed');
  }
  expect(receiver.received.length).toBe(before);
  expect(await attempt(`http://localhost:${port}/hooks`, ['127.0.0.1', '::1'])).toMatchObject({ statusCode: 200 });
});
