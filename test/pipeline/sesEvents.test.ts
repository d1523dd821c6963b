// SES outcomes arriving through SNS at POST /provider/ses-events, end to end: an API process that
// trusts the test's own SNS certificate, the worker and the dev server. Subscriptions are
// confirmed, signatures and topics checked, outcomes reach the waiting workflow (or a late-outcome
// workflow once it has closed), and their consequences show through the API: 422 for a suppressed
// recipient, 403 sending_suspended once the bounce rate crosses the threshold.
import { randomUUID } from 'node:crypto';
import { getLogRow } from '../../core/sending/emailLog';
import { isSuppressed } from '../../core/accounts/suppressions';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import type { ServiceStack } from '../helpers/serviceStack';
import { sendToReader, startSnsPipeline, type SnsPipeline } from '../helpers/snsPipeline';
import type { LocalSns } from '../../tools/stack/localSns';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

let pipeline: SnsPipeline;
let sns: LocalSns;
let stack: ServiceStack;
let api: SnsPipeline['api'];
let receiver: WebhookReceiver;
let sender: SenderFixture;

beforeAll(async () => {
  [pipeline, receiver] = await Promise.all([
    startSnsPipeline({
      REPUTATION_MIN_SENDS: '3',
      REPUTATION_MIN_EVENTS: '2',
      BOUNCE_RATE_THRESHOLD: '0.5',
      COMPLAINT_RATE_THRESHOLD: '0.9',
    }),
    startWebhookReceiver(),
  ]);
  ({ sns, stack, api } = pipeline);
  sender = await createSender(stack.db);
  receiver.setSecret(
    (await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url)).signingSecret,
  );
});

afterAll(async () => {
  await pipeline?.stop();
  await receiver?.close();
});

async function postSns(body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${api.baseUrl}/provider/ses-events`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': JSON.parse(body).Type },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const sendThroughApi = (from: SenderFixture, to: string) => sendToReader(pipeline, from, to);

/** A real shared send SES accepted: our message id and SES's. */
async function acceptedSend(from: SenderFixture = sender): Promise<{ messageId: string; sesId: string; to: string }> {
  const to = `reader-${randomUUID()}@example.org`;
  const { status, json } = await sendThroughApi(from, to);
  expect(status).toBe(200);
  const messageId = json.message_id as string;
  const sesId = await eventually(
    'SES to accept the message',
    async () => (await getLogRow(stack.db, messageId))?.provider_message_id ?? undefined,
  );
  return { messageId, sesId, to };
}

const sesEvent = (type: 'Delivery' | 'Bounce' | 'Complaint', sesId: string, detail: Record<string, unknown> = {}) => ({
  notificationType: type,
  mail: { messageId: sesId, timestamp: new Date().toISOString(), destination: ['hidden@example.org'] },
  ...(type === 'Delivery'
    ? { delivery: { timestamp: new Date().toISOString(), smtpResponse: '250 2.0.0 OK', ...detail } }
    : {}),
  ...(type === 'Bounce'
    ? { bounce: { bounceType: 'Permanent', bounceSubType: 'General', timestamp: new Date().toISOString(), ...detail } }
    : {}),
  ...(type === 'Complaint'
    ? { complaint: { complaintFeedbackType: 'abuse', timestamp: new Date().toISOString(), ...detail } }
    : {}),
});

const statusOf = (messageId: string, status: string) =>
  eventually(`the log row to become ${status}`, async () => {
    const row = await getLogRow(stack.db, messageId);
    return row?.status === status ? row : undefined;
  });

const suppressed = (to: string) =>
  eventually(`${to} to be suppressed`, async () =>
    (await isSuppressed(stack.db, sender.account.id, to)) ? true : undefined,
  );

test('a subscription is confirmed by visiting its SubscribeURL, and only on an SNS host', async () => {
  const { body, token } = sns.subscriptionConfirmation();
  expect(await postSns(body)).toEqual({ status: 200, json: { success: true, confirmed: true } });
  expect(sns.confirmations).toContain(token);

  const elsewhere = sns.subscriptionConfirmation({
    subscribeUrl: 'https://attacker.example/?Action=ConfirmSubscription',
  });
  expect((await postSns(elsewhere.body)).status).toBe(403);
  expect(sns.confirmations).not.toContain(elsewhere.token);
});

test('a forged signature, a foreign topic, a certificate off the SNS host and junk are refused', async () => {
  const { messageId, sesId } = await acceptedSend();
  const event = sesEvent('Bounce', sesId);
  expect(await postSns(sns.forged(event))).toMatchObject({ status: 403, json: { error: 'invalid_signature' } });
  expect(
    await postSns(sns.notification(event, { topicArn: 'arn:aws:sns:us-east-1:999999999999:someone-else' })),
  ).toMatchObject({ status: 403, json: { error: 'unexpected_topic' } });
  expect(
    await postSns(
      sns.notification(event, {
        certUrl: 'https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-x.pem',
      }),
    ),
  ).toMatchObject({
    status: 403,
    json: { error: 'invalid_signature' },
  });
  // An S3 bucket named `sns` passed the old host pattern; only the topic region's SNS host may sign.
  expect(
    await postSns(sns.notification(event, { certUrl: 'https://sns.s3.amazonaws.com/SimpleNotificationService-x.pem' })),
  ).toMatchObject({ status: 403, json: { error: 'invalid_signature' } });
  // A captured notification replayed later: refused although its signature is genuine.
  expect(
    await postSns(sns.notification(event, { timestamp: new Date(Date.now() - 2 * 3600_000).toISOString() })),
  ).toMatchObject({ status: 403, json: { error: 'stale_message' } });
  const junk = await fetch(`${api.baseUrl}/provider/ses-events`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: 'hello',
  });
  expect(junk.status).toBe(400);
  expect((await getLogRow(stack.db, messageId))?.status).toBe('sent'); // nothing of it was believed
});

test.each(['1', '2'] as const)(
  'a Delivery signed with SignatureVersion %s reaches the waiting workflow: delivered, webhook fired',
  async (signatureVersion) => {
    const { messageId, sesId } = await acceptedSend();
    expect(await postSns(sns.notification(sesEvent('Delivery', sesId), { signatureVersion }))).toEqual({
      status: 200,
      json: { success: true, route: 'signalled' },
    });
    const row = await statusOf(messageId, 'delivered');
    expect(row.smtp_response).toBe('250 2.0.0 OK');
    expect((await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).result()) as unknown).toMatchObject({
      status: 'delivered',
      providerMessageId: sesId,
    });
    await receiver.waitFor((r) => r.rawBody.includes(messageId) && r.headers['x-service-event'] === 'email.delivered');
  },
);

test('a permanent bounce suppresses the recipient: the next send to it is refused with 422', async () => {
  const { messageId, sesId, to } = await acceptedSend();
  expect((await postSns(sns.notification(sesEvent('Bounce', sesId, { bounceSubType: 'NoEmail' })))).status).toBe(200);
  expect(await statusOf(messageId, 'bounced')).toMatchObject({ bounce_type: 'Permanent', bounce_subtype: 'NoEmail' });
  await suppressed(to);
  expect(await sendThroughApi(sender, to)).toMatchObject({ status: 422, json: { error: 'recipient_suppressed' } });
});

test('a complaint after the workflow closed is settled by a late-outcome workflow; a redelivery changes nothing', async () => {
  const { messageId, sesId, to } = await acceptedSend();
  await postSns(sns.notification(sesEvent('Delivery', sesId)));
  await statusOf(messageId, 'delivered');
  await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).result();

  const snsMessageId = randomUUID();
  const complaint = sns.notification(sesEvent('Complaint', sesId), { messageId: snsMessageId });
  expect(await postSns(complaint)).toEqual({ status: 200, json: { success: true, route: 'late' } });
  await statusOf(messageId, 'complained');
  await suppressed(to);
  await receiver.waitFor((r) => r.rawBody.includes(messageId) && r.headers['x-service-event'] === 'email.complained');
  expect(await stack.temporal.workflow.getHandle(`late-outcome-${snsMessageId}`).result()).toEqual({
    status: 'complained',
  });

  expect(await postSns(complaint)).toEqual({ status: 200, json: { success: true, route: 'duplicate' } });
  await new Promise((r) => setTimeout(r, 300));
  expect(
    receiver.received.filter(
      (r) => r.rawBody.includes(messageId) && r.headers['x-service-event'] === 'email.complained',
    ),
  ).toHaveLength(1);
});

test('events for messages we do not know, and events that carry no outcome, are acknowledged and ignored', async () => {
  expect(await postSns(sns.notification(sesEvent('Delivery', 'not-one-of-ours')))).toEqual({
    status: 200,
    json: { success: true, route: 'unknown_message' },
  });
  const open = await postSns(sns.notification({ eventType: 'Open', mail: { messageId: 'x' } }));
  expect(open).toEqual({ status: 200, json: { success: true, ignored: 'event type Open carries no outcome' } });
});

test('hard bounces past the rate threshold suspend the account: the API answers 403 sending_suspended', async () => {
  const risky = await createSender(stack.db);
  const sends = [await acceptedSend(risky), await acceptedSend(risky), await acceptedSend(risky)];
  for (const s of sends.slice(0, 2)) {
    await postSns(sns.notification(sesEvent('Bounce', s.sesId)));
    await statusOf(s.messageId, 'bounced');
  }
  await eventually('the account to be suspended', async () =>
    (await stack.db('accounts').where({ id: risky.account.id }).first()).sending_suspended ? true : undefined,
  );
  expect(await sendThroughApi(risky, `next-${randomUUID()}@example.org`)).toMatchObject({
    status: 403,
    json: { error: 'sending_suspended' },
  });
  // Test-domain sends still count toward the allowance, but never toward rates: the first account is untouched.
  expect(await sendThroughApi(sender, `bounce@${stack.config.testDomain}`)).toMatchObject({ status: 200 });
});
