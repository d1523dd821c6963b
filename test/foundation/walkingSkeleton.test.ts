// The thin message that travels the whole way: HTTP -> API gates -> Temporal workflow ->
// activities -> email log -> signed webhook; and a simulator address through the SES emulator.
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { getLogRow } from '../../core/sending/emailLog';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { createEndpoint, createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

let stack: ServiceStack;
let receiver: WebhookReceiver;
let sender: SenderFixture;

beforeAll(async () => {
  stack = await startServiceStack();
  receiver = await startWebhookReceiver();
  sender = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url);
  receiver.setSecret(signingSecret);
});

afterAll(async () => {
  await receiver?.close();
  await stack?.stop();
});

async function send(body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${stack.baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

test('a test-domain send is accepted, runs as send-<message_id>, ends delivered and fires a signed email.delivered', async () => {
  const started = Date.now();
  const { status, json } = await send({
    from_email: `hello@${sender.domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'Walking skeleton',
    message: 'It works.',
  });
  expect(status).toBe(200);
  expect(json).toMatchObject({ success: true, mode: 'shared', attachments: 0 });
  expect(typeof json.message).toBe('string');
  expect(json.message_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Array.isArray(json.warnings)).toBe(true);
  const messageId = json.message_id as string;

  const description = await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).describe();
  expect(description.type).toBe('sendEmail');

  const row = await eventually('the log row to become delivered', async () => {
    const r = await getLogRow(stack.db, messageId);
    return r?.status === 'delivered' ? r : undefined;
  });
  expect(row.delivered_at).toBeInstanceOf(Date);
  expect(row.provider_message_id).toMatch(/^service-test-[0-9a-f-]{36}$/);

  const hook = await receiver.waitFor((r) => r.headers['x-service-event'] === 'email.delivered');
  expect(hook.signatureValid).toBe(true);
  expect(hook.json).toEqual({
    event_type: 'email.delivered',
    payload: { message_id: messageId, recipient: `delivered@${stack.config.testDomain}`, status: 'delivered' },
  });
  expect(Date.now() - started).toBeLessThan(10_000);
});

test('a simulator-domain address goes through SES for real and lands in the emulator store', async () => {
  const recipient = `${uniqueName('success')}@${stack.config.simulatorDomain}`;
  const { status, json } = await send({
    from_email: `hello@${sender.domain}`,
    to: recipient,
    subject: 'Simulator',
    html: '<p>hi</p>',
  });
  expect(status).toBe(200);
  const stored = await eventually('the SES emulator to store the message', async () =>
    (await sesEmulatorStore(stack.config.ses.endpoint!)).find((e) => e.destination.to.includes(recipient)),
  );
  expect(stored.subject).toBe('Simulator');
  const row = await eventually('the log row to record the SES message id', async () => {
    const r = await getLogRow(stack.db, json.message_id as string);
    return r?.provider_message_id ? r : undefined;
  });
  expect(row.provider_message_id).toBe(stored.messageId);
  expect(row.kind).toBe('simulator');
});
