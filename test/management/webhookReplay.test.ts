// Standard Webhooks end to end (docs/webhooks.md, "Verifying" and "Replay"): real deliveries of
// real sends verify with the official `standardwebhooks` library; a recorded delivery can be
// replayed (the same event, the same `webhook-id`, recorded as a replay); a rotated secret keeps
// signing beside the new one.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createApiKey } from '../../core/accounts/apiKeys';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { send, testSendBody } from '../api/helpers/http';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';
import { keyRequest } from './helpers';

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

async function endpointFor(sender: SenderFixture) {
  const { endpoint, signingSecret } = await createEndpoint(
    stack.db,
    stack.config.secretKey,
    sender.account.id,
    receiver.url,
    ['email.delivered'],
  );
  receiver.setSecret(signingSecret);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return { endpointId: endpoint.id, signingSecret, admin: keyRequest(stack.baseUrl, secret) };
}

/** Sends one test email and waits for its delivered webhook. */
async function deliveredEvent(sender: SenderFixture): Promise<{ messageId: string; got: ReceivedRequest }> {
  const sent = await send(stack, sender.apiKey, testSendBody(stack, sender.domain));
  const messageId = String(sent.json.message_id);
  const got = await receiver.waitFor(
    (r) => r.rawBody.includes(messageId) && r.rawBody.includes('email.delivered'),
    30_000,
  );
  return { messageId, got };
}

const standard = (secret: string, got: ReceivedRequest) =>
  new Webhook(secret).verify(got.rawBody, got.headers as Record<string, string>);

test('a replay sends the same event again, with the same webhook-id, and is recorded as a replay of the delivery', async () => {
  const sender = await createSender(stack.db);
  const { endpointId, signingSecret, admin } = await endpointFor(sender);
  const { messageId, got } = await deliveredEvent(sender);
  expect(standard(signingSecret, got)).toEqual(JSON.parse(got.rawBody));

  const listed = await eventually('the delivery recorded', async () => {
    const res = await admin('GET', `/api/webhooks/${endpointId}/deliveries`);
    return (res.json.deliveries as { id: string; message_id: string }[]).find((d) => d.message_id === messageId);
  });
  const replay = await admin('POST', `/api/webhooks/${endpointId}/deliveries/${listed.id}/replay`);
  expect(replay.status).toBe(200);
  documented('/api/webhooks/{id}/deliveries/{delivery_id}/replay', 'post', replay);
  expect(replay.json.delivery).toMatchObject({
    replay_of: listed.id,
    message_id: messageId,
    event_type: 'email.delivered',
    succeeded: true,
    test: false,
  });
  const again = receiver.received.filter((r) => r.rawBody.includes(messageId));
  expect(again).toHaveLength(2);
  expect(again[1]!.rawBody).toBe(got.rawBody);
  expect(again[1]!.headers['webhook-id']).toBe(got.headers['webhook-id']);
  expect(standard(signingSecret, again[1]!)).toEqual(JSON.parse(got.rawBody));

  const history = (await admin('GET', `/api/webhooks/${endpointId}/deliveries`)).json.deliveries as {
    id: string;
    replay_of: string | null;
  }[];
  expect(history.filter((d) => d.replay_of === listed.id)).toHaveLength(1);

  // Another endpoint's delivery, or none at all, is not found; nothing is posted.
  const before = receiver.received.length;
  for (const id of ['999999999', 'abc', String(Number(listed.id) + 100000)]) {
    const res = await admin('POST', `/api/webhooks/${endpointId}/deliveries/${id}/replay`);
    expect({ id, status: res.status, error: res.json.error }).toEqual({ id, status: 404, error: 'not_found' });
  }
  expect(receiver.received.length).toBe(before);
});

test('a rotated secret: the new one is shown once; for 24 hours deliveries carry a Standard Webhooks signature for each secret', async () => {
  const sender = await createSender(stack.db);
  const { endpointId, signingSecret: oldSecret, admin } = await endpointFor(sender);
  const rotated = await admin('POST', `/api/webhooks/${endpointId}/rotate-secret`);
  expect(rotated.status).toBe(200);
  documented('/api/webhooks/{id}/rotate-secret', 'post', rotated);
  const newSecret = String(rotated.json.signing_secret);
  expect(newSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
  expect(newSecret).not.toBe(oldSecret);
  const hours = (Date.parse(String(rotated.json.previous_secret_expires_at)) - Date.now()) / 3600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);
  // The secret is shown this once: nothing else answers it.
  expect(JSON.stringify((await admin('GET', '/api/webhooks')).json)).not.toContain(newSecret);

  receiver.setSecret(newSecret); // X-Service-Signature uses the new secret at once
  const { got } = await deliveredEvent(sender);
  expect(got.signatureValid).toBe(true);
  expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
  expect(standard(newSecret, got)).toEqual(JSON.parse(got.rawBody));
  expect(standard(oldSecret, got)).toEqual(JSON.parse(got.rawBody));
  expect(() => standard(`whsec_${randomBytes(32).toString('base64')}`, got)).toThrow();

  // Once the overlap is over, only the new secret signs.
  await stack
    .db('webhook_endpoints')
    .where({ id: endpointId })
    .update({ previous_secret_expires_at: new Date(Date.now() - 1000) });
  const { got: later } = await deliveredEvent(sender);
  expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
  expect(() => standard(oldSecret, later)).toThrow();
  expect(standard(newSecret, later)).toEqual(JSON.parse(later.rawBody));
});
