// Delivery delays end to end (docs/webhooks.md, "Events", `email.delivery_delayed`): the local
// SES event publishing (tools/stack/sesEventPublisher.ts) reports a DeliveryDelay for a simulator
// address labelled `+delayed`, then its delivery, through the local SNS to an API process that
// checks every signature. The delay is on the timeline and announced to the endpoints subscribed
// to it only; the status stays `sent` and the workflow waits on for the delivery. A `delayed@`
// test recipient takes the same path without SES.
import { randomUUID } from 'node:crypto';
import { getLogRow } from '../../core/sending/emailLog';
import { messageTimeline } from '../../core/sending/emailTimeline';
import { sendWorkflowId } from '../../core/model/workflowContract';
import type { LocalSns } from '../../tools/stack/localSns';
import { startSesEventPublisher, type SesEventPublisher } from '../../tools/stack/sesEventPublisher';
import { send } from '../api/helpers/http';
import { testInfra } from '../helpers/env';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import type { ServiceStack } from '../helpers/serviceStack';
import { startSnsPipeline, type SnsPipeline } from '../helpers/snsPipeline';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

let pipeline: SnsPipeline;
let sns: LocalSns;
let stack: ServiceStack;
let api: SnsPipeline['api'];
let publisher: SesEventPublisher;
let subscribed: WebhookReceiver;
let unsubscribed: WebhookReceiver;
let sender: SenderFixture;

beforeAll(async () => {
  [pipeline, subscribed, unsubscribed] = await Promise.all([
    startSnsPipeline(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ]);
  ({ sns, stack, api } = pipeline);
  publisher = await startSesEventPublisher({
    sesEndpoint: testInfra().sesEndpoint,
    sns,
    endpoint: `${api.baseUrl}/provider/ses-events`,
    simulatorDomain: stack.config.simulatorDomain,
    delayMs: 400,
    log: () => undefined,
  });
  sender = await createSender(stack.db);
  subscribed.setSecret(
    (
      await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, subscribed.url, [
        'email.delivered',
        'email.delivery_delayed',
      ])
    ).signingSecret,
  );
  // Subscribed to the five events every existing endpoint has, not to the delay.
  unsubscribed.setSecret(
    (
      await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, unsubscribed.url, [
        'email.sent',
        'email.delivered',
        'email.failed',
        'email.bounced',
        'email.complained',
      ])
    ).signingSecret,
  );
}, 120_000);

afterAll(async () => {
  publisher?.stop();
  await pipeline?.stop();
  await Promise.all([subscribed?.close(), unsubscribed?.close()]);
});

const eventOf = (messageId: string, event: string) => (r: { rawBody: string; headers: Record<string, unknown> }) =>
  r.rawBody.includes(messageId) && r.headers['x-service-event'] === event;

async function delayedThenDelivered(messageId: string): Promise<void> {
  await eventually(
    'the delivery',
    async () => ((await getLogRow(stack.db, messageId))?.status === 'delivered' ? true : undefined),
    30_000,
  );
  const timeline = await messageTimeline(stack.db, messageId);
  expect(timeline.map((e) => e.type)).toEqual(['queued', 'sent', 'delivery_delayed', 'delivered']);
  const delivered = await subscribed.waitFor(eventOf(messageId, 'email.delivered'));
  expect(delivered.signatureValid).toBe(true);
  await unsubscribed.waitFor(eventOf(messageId, 'email.delivered'));
  expect(subscribed.received.filter(eventOf(messageId, 'email.delivery_delayed'))).toHaveLength(1);
  expect(unsubscribed.received.filter(eventOf(messageId, 'email.delivery_delayed'))).toHaveLength(0);
}

test('a simulator `+delayed` send: delivery_delayed on the timeline, one signed webhook, status `sent` until delivered', async () => {
  const to = `success+delayed+${randomUUID().slice(0, 8)}@${stack.config.simulatorDomain}`;
  const res = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to,
    subject: 'Hi',
    message: 'Hi.',
  });
  expect(res.status).toBe(200);
  const messageId = String(res.json.message_id);

  // The delay alone: announced, and the message still `sent`.
  const delay = await subscribed.waitFor(eventOf(messageId, 'email.delivery_delayed'), 30_000);
  expect(delay.signatureValid).toBe(true);
  expect(delay.json).toEqual({
    event_type: 'email.delivery_delayed',
    payload: {
      message_id: messageId,
      recipient: to,
      status: 'delivery_delayed',
      delay_type: 'MailboxFull',
      reason: 'smtp; 452 4.2.2 The email account [address] is over quota (local SES simulator)',
      expiration_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    },
  });

  await delayedThenDelivered(messageId);
  const timeline = await messageTimeline(stack.db, messageId);
  expect(timeline.find((e) => e.type === 'delivery_delayed')?.details).toMatchObject({
    delay_type: 'MailboxFull',
    reason: expect.not.stringContaining(to),
  });
  // The workflow waited past the delay for the final outcome.
  expect(await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).result()).toMatchObject({
    status: 'delivered',
  });
});

test('a `delayed@` test recipient gives delivery_delayed, then delivered, through the same path', async () => {
  const res = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: `delayed+${randomUUID().slice(0, 8)}@${stack.config.testDomain}`,
    subject: 'Hi',
    message: 'Hi.',
  });
  expect(res.status).toBe(200);
  const messageId = String(res.json.message_id);
  await delayedThenDelivered(messageId);
  const delay = await subscribed.waitFor(eventOf(messageId, 'email.delivery_delayed'));
  expect((delay.json as { payload: Record<string, string> }).payload).toMatchObject({
    status: 'delivery_delayed',
    delay_type: 'General',
  });
});
