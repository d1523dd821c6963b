// Shared-mode sends through an SES emulator that keeps the raw MIME (moto's SES, with IAM on:
// the shared account's keys must be allowed to send, the sender domain must be verified), behind
// a proxy that injects what no emulator produces (throttling, a paused account, a dropped
// connection). On the time-skipping server, so retry backoff costs no wall time.
import { simpleParser } from 'mailparser';
import { randomUUID } from 'node:crypto';
import { getLogRow } from '../../core/sending/emailLog';
import type { MessageContent } from '../../core/model/messageContent';
import { testConfig } from '../helpers/config';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startMotoPeer, type MotoPeer } from '../helpers/moto';
import {
  attemptsOf,
  messageContent,
  stageAndStart,
  startTimeSkippingPipeline,
  type TimeSkippingPipeline,
} from '../helpers/pipeline';
import { SENDING_PAUSED, startSesFaultProxy, THROTTLED, type SesFaultProxy } from '../helpers/sesFaults';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

let pipeline: TimeSkippingPipeline;
let moto: MotoPeer;
let proxy: SesFaultProxy;
let receiver: WebhookReceiver;
let sender: SenderFixture;
let unverifiedSender: SenderFixture;
let sesEnv: Record<string, string>;
const config = () => testConfig({ DATABASE_URL: pipeline.database.url, TEMPORAL_TASK_QUEUE: 'ses-sending', ...sesEnv });

beforeAll(async () => {
  [pipeline, moto, receiver] = await Promise.all([
    startTimeSkippingPipeline(),
    startMotoPeer('moto-ses-sending'),
    startWebhookReceiver(),
  ]);
  proxy = await startSesFaultProxy(moto.endpoint);
  const shared = await moto.createUser('postage-shared-ses', ['ses:SendEmail', 'ses:SendRawEmail']);
  sesEnv = {
    SES_ENDPOINT: proxy.endpoint,
    SES_ACCESS_KEY_ID: shared.accessKeyId,
    SES_SECRET_ACCESS_KEY: shared.secretAccessKey,
  };
  sender = await createSender(pipeline.database.db);
  unverifiedSender = await createSender(pipeline.database.db);
  await moto.verifySesIdentity(sender.domain);
  const { signingSecret } = await createEndpoint(
    pipeline.database.db,
    config().secretKey,
    sender.account.id,
    receiver.url,
    ['email.failed'],
  );
  receiver.setSecret(signingSecret);
  await pipeline.runWorker(config());
});

afterAll(async () => {
  await pipeline?.stop();
  await Promise.all([proxy?.close(), moto?.stop(), receiver?.close()]);
});

const deps = () => ({ db: pipeline.database.db, config: config(), client: pipeline.env.client });
const recipient = (label: string) => `${label}-${randomUUID()}@example.org`;

async function rawMimeOf(providerMessageId: string): Promise<string> {
  const sent = await eventually('moto to hold the message', async () =>
    (await moto.sentRawEmails()).find((m) => m.id === providerMessageId),
  );
  return sent.raw_data;
}

/** Sends and lets the (absent) outcome time out: `sent` means SES accepted it. */
async function sendAndSettle(
  from: SenderFixture,
  content: MessageContent,
  attachments = [] as { filename: string; contentType: string; data: Buffer }[],
) {
  const started = await stageAndStart(deps(), {
    accountId: from.account.id,
    content,
    attachments,
    outcomeTimeoutSeconds: 60,
  });
  return { ...started, outcome: await started.result() };
}

describe('composed by MailComposer, sent raw, parsed back with mailparser', () => {
  test('without attachments: encoded non-ASCII headers, from_name, reply_to, html wins over text', async () => {
    const to = recipient('ann');
    const subject = `Grüße — ✓ ${randomUUID()}`;
    const content: MessageContent = {
      to: { address: to, name: '' },
      from: { address: `hello@${sender.domain}`, name: 'Zoë Ünïcode' },
      subject,
      text: 'plain text that html replaces',
      html: '<p>Hallo <b>Welt</b></p>',
      replyTo: `support@${sender.domain}`,
    };
    const sent = await sendAndSettle(sender, content);
    expect(sent.outcome.status).toBe('sent');
    const raw = await rawMimeOf(sent.outcome.providerMessageId!);
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(/[^\x00-\x7f]/.test(head)).toBe(false); // every header is 7-bit, non-ASCII is encoded

    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(subject);
    expect(parsed.from?.value).toEqual([{ address: `hello@${sender.domain}`, name: 'Zoë Ünïcode' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((v) => v.address) : []).toEqual([to]);
    expect(parsed.replyTo?.value.map((v) => v.address)).toEqual([`support@${sender.domain}`]);
    expect(parsed.html).toContain('<p>Hallo <b>Welt</b></p>');
    expect(raw).not.toContain('plain text that html replaces');
    expect(parsed.headers.get('x-postage-message-id')).toBe(sent.messageId);
    expect(parsed.attachments).toEqual([]);
  });

  test('with attachments: every file arrives with its name, type and exact bytes', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const content = messageContent({
      to: recipient('bea'),
      from: `hello@${sender.domain}`,
      subject: 'Your files',
      text: 'Two files.',
    });
    const sent = await sendAndSettle(sender, content, [
      { filename: 'receipt.txt', contentType: 'text/plain', data: Buffer.from('Thank you.') },
      { filename: 'pixel.png', contentType: 'image/png', data: png },
    ]);
    expect(sent.outcome.status).toBe('sent');
    const parsed = await simpleParser(await rawMimeOf(sent.outcome.providerMessageId!));
    expect(parsed.text?.trim()).toBe('Two files.');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, a.content.toString('hex')])).toEqual([
      ['receipt.txt', 'text/plain', Buffer.from('Thank you.').toString('hex')],
      ['pixel.png', 'image/png', png.toString('hex')],
    ]);
    expect((await getLogRow(pipeline.database.db, sent.messageId))!.attachments).toBe(2);
  });
});

describe('SES errors', () => {
  test('throttling is retried with backoff and the message goes out once', async () => {
    const to = recipient('throttled');
    proxy.script(to, [THROTTLED, THROTTLED]);
    const sent = await sendAndSettle(sender, messageContent({ to, from: `hello@${sender.domain}` }));
    expect(sent.outcome.status).toBe('sent');
    expect(proxy.attempts(to)).toBe(3);
    expect(await attemptsOf(sent.handle, 'sendViaSes')).toEqual([3]);
    const accepted = (await moto.sentRawEmails()).filter((m) => m.destinations.includes(to)).map((m) => m.id);
    expect(accepted).toEqual([sent.outcome.providerMessageId]);
  });

  test('a dropped connection is retried', async () => {
    const to = recipient('dropped');
    proxy.script(to, [{ kind: 'drop' }]);
    const sent = await sendAndSettle(sender, messageContent({ to, from: `hello@${sender.domain}` }));
    expect(sent.outcome.status).toBe('sent');
    expect(proxy.attempts(to)).toBe(2);
  });

  test('a sender SES has not verified fails at once with the reason, no retry, email.failed fired', async () => {
    const to = recipient('unverified');
    const { signingSecret } = await createEndpoint(
      pipeline.database.db,
      config().secretKey,
      unverifiedSender.account.id,
      receiver.url,
      ['email.failed'],
    );
    receiver.setSecret(signingSecret);
    const sent = await sendAndSettle(
      unverifiedSender,
      messageContent({ to, from: `hello@${unverifiedSender.domain}` }),
    );
    expect(sent.outcome).toEqual({
      status: 'failed',
      reason: 'MessageRejected: Did not have authority to send from email [address]',
    });
    expect(proxy.attempts(to)).toBe(1);
    expect(await getLogRow(pipeline.database.db, sent.messageId)).toMatchObject({
      status: 'failed',
      failure_reason: sent.outcome.reason,
      failed_at: expect.any(Date),
    });
    const hook = await receiver.waitFor(
      (r) => (r.json as { payload: { message_id: string } }).payload.message_id === sent.messageId,
    );
    expect(hook.json).toEqual({
      event_type: 'email.failed',
      payload: { message_id: sent.messageId, recipient: to, status: 'failed', reason: sent.outcome.reason },
    });
  });

  test('a paused account fails the message without retrying', async () => {
    const to = recipient('paused');
    proxy.script(to, [SENDING_PAUSED]);
    const sent = await sendAndSettle(sender, messageContent({ to, from: `hello@${sender.domain}` }));
    expect(sent.outcome).toEqual({
      status: 'failed',
      reason: `SendingPausedException: ${(SENDING_PAUSED as { message: string }).message}`,
    });
    expect(proxy.attempts(to)).toBe(1);
  });

  test('throttling that never ends fails the message with the last reason after the retry budget', async () => {
    const to = recipient('always-throttled');
    proxy.script(
      to,
      Array.from({ length: 20 }, () => THROTTLED),
    );
    const sent = await sendAndSettle(sender, messageContent({ to, from: `hello@${sender.domain}` }));
    expect(sent.outcome).toEqual({
      status: 'failed',
      reason: 'gave up after repeated attempts: TooManyRequestsException: Maximum sending rate exceeded.',
    });
    expect(proxy.attempts(to)).toBe(12);
    expect((await getLogRow(pipeline.database.db, sent.messageId))!.status).toBe('failed');
  });
});
