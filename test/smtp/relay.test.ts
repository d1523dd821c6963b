// The SMTP relay against the real stack, driven by two clients nobody here wrote: Nodemailer and
// Python's smtplib. Each RCPT is one message through the send use case: what reaches the SES
// emulator, what the clients are told, and what the relay keeps.
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { monthlyUsage } from '../../core/accounts/usage';
import { createApiKey, revokeApiKey } from '../../core/accounts/apiKeys';
import { suppressManually } from '../../core/accounts/suppressions';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { sesEmulatorStore, type StoredEmail } from '../../tools/stack/sesEmulator';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { stackEnv } from '../helpers/mxListener';
import { makeTlsFiles, startRelay, startRelayProcess, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { sendWithNodemailer, sendWithSmtplib, type RelayAddress } from './clients';
import { timeEhlo } from '../../tools/stack/rawSmtp';

let stack: ServiceStack;
let tls: TlsFiles;
let relay: RunningRelay;
let sender: SenderFixture;
let receiver: WebhookReceiver;

const MAX_MESSAGE_BYTES = 400_000;

beforeAll(async () => {
  stack = await startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  tls = await makeTlsFiles();
  relay = await startRelay(stack, tls, {
    SMTP_MAX_MESSAGE_BYTES: String(MAX_MESSAGE_BYTES),
    SMTP_AUTH_FAILURES_PER_IP: '1000',
  });
  sender = await createSender(stack.db);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await relay?.stop();
  await receiver?.close();
  await stack?.stop();
});

const submission = (apiKey = sender.apiKey): RelayAddress => ({
  port: relay.port,
  secure: false,
  apiKey,
  ca: tls.cert,
});
const implicitTls = (apiKey = sender.apiKey): RelayAddress => ({
  port: relay.smtpsPort,
  secure: true,
  apiKey,
  ca: tls.cert,
});
const marker = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

async function arrived(subject: string, count: number, timeoutMs = 30_000): Promise<StoredEmail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sesEmulatorStore(stack.config.ses.endpoint!)).filter((e) => e.subject === subject);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The message ids of the 250 reply to DATA. */
const idsOf = (response: string) =>
  response.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];

test('STARTTLS on the submission port: HTML and an attachment arrive intact at SES, one message per recipient, Bcc gone', async () => {
  const subject = marker('starttls');
  const pdf = randomBytes(50_000);
  const info = await sendWithNodemailer(submission(), {
    from: `Billing Team <billing@${sender.domain}>`,
    to: 'Ann Example <ann@example.org>',
    bcc: 'hidden@example.net',
    replyTo: `support@${sender.domain}`,
    subject,
    text: 'Plain text part',
    html: '<p>Hello <b>Ann</b> é ✓</p>',
    messageId: `<${subject}@app.example.org>`,
    attachments: [{ filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' }],
  });
  expect(info.response).toMatch(/^250 2\.6\.0 Queued 2 messages/); // ann and the Bcc recipient: one message each
  expect(info.accepted.sort()).toEqual(['ann@example.org', 'hidden@example.net']);
  const emails = await arrived(subject, 2);
  expect(emails).toHaveLength(2);
  for (const email of emails) {
    expect(email.from).toContain(`billing@${sender.domain}`);
    expect(email.body.html).toContain('<p>Hello <b>Ann</b> é ✓</p>');
    expect(email.attachments).toEqual([
      expect.objectContaining({ filename: 'invoice.pdf', contentType: 'application/pdf', size: pdf.length }),
    ]);
    expect(Buffer.from(email.attachments[0]!.content, 'base64').equals(pdf)).toBe(true);
    expect(email.destination.bcc).toEqual([]);
  }
  const toAnn = emails.find((e) => e.destination.to.some((t) => t.includes('ann@example.org')))!;
  expect(toAnn.destination.to).toEqual(['"Ann Example" <ann@example.org>']); // alone, with the name of the To header
  expect(toAnn.replyTo).toEqual([`support@${sender.domain}`]);
});

test('implicit TLS on the other port, with Nodemailer and with smtplib', async () => {
  const subject = marker('implicit');
  const info = await sendWithNodemailer(implicitTls(), {
    from: `hello@${sender.domain}`,
    to: 'bob@example.org',
    subject,
    text: 'over TLS from the start',
  });
  expect(info.response).toMatch(/^250 /);
  const python = await sendWithSmtplib(implicitTls(), {
    from: `hello@${sender.domain}`,
    to: ['carol@example.org'],
    subject,
    text: 'from smtplib',
  });
  expect(python).toEqual({ refused: {} });
  expect(await arrived(subject, 2)).toHaveLength(2);
});

test('AUTH is refused before STARTTLS on the submission port', async () => {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: 'localhost',
    port: relay.port,
    secure: false,
    ignoreTLS: true,
    auth: { user: 'x', pass: sender.apiKey },
  });
  await expect(
    transport.sendMail({ from: `hello@${sender.domain}`, to: 'a@example.org', subject: 'x', text: 'x' }),
  ).rejects.toMatchObject({ responseCode: 538 });
  transport.close();
});

test('bad keys get 535 5.7.8: unknown, malformed and revoked, from both clients', async () => {
  const revoked = await createSender(stack.db);
  const [row] = await stack.db('api_keys').where({ account_id: revoked.account.id }).select<{ id: string }[]>('id');
  await revokeApiKey(stack.db, row!.id, 'test');
  for (const key of ['not-a-key', `${sender.apiKey.slice(0, -4)}AAAA`, revoked.apiKey]) {
    await expect(
      sendWithNodemailer(submission(key), {
        from: `hello@${sender.domain}`,
        to: 'a@example.org',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({
      responseCode: 535,
      response: expect.stringMatching(/^535 5\.7\.8 /),
    });
  }
  const python = await sendWithSmtplib(implicitTls('not-a-key'), {
    from: `hello@${sender.domain}`,
    to: ['a@example.org'],
    subject: 'x',
    text: 'x',
  });
  expect(python.error).toMatchObject({
    type: 'SMTPAuthenticationError',
    code: 535,
    text: expect.stringMatching(/^5\.7\.8 /),
  });
});

test('a key bound to 10.0.0.0/8 is refused at AUTH from 127.0.0.1 (535 5.7.1, naming no range, from both clients); bound to 127.0.0.0/8 it sends', async () => {
  const keyFor = async (networks: string[]) =>
    (await createApiKey(stack.db, { accountId: sender.account.id, name: `bound ${networks[0]}`, networks }, 'test'))
      .secret;
  const elsewhere = await keyFor(['10.0.0.0/8']);
  const refusal = await sendWithNodemailer(submission(elsewhere), {
    from: `hello@${sender.domain}`,
    to: 'a@example.org',
    subject: 'x',
    text: 'x',
  }).catch((err: unknown) => err as { responseCode?: number; response?: string });
  expect(refusal).toMatchObject({ responseCode: 535, response: expect.stringMatching(/^535 5\.7\.1 /) });
  expect((refusal as { response: string }).response).not.toContain('10.');
  const python = await sendWithSmtplib(implicitTls(elsewhere), {
    from: `hello@${sender.domain}`,
    to: ['a@example.org'],
    subject: 'x',
    text: 'x',
  });
  expect(python.error).toMatchObject({
    type: 'SMTPAuthenticationError',
    code: 535,
    text: expect.stringMatching(/^5\.7\.1 /),
  });

  const subject = marker('bound');
  const info = await sendWithNodemailer(submission(await keyFor(['127.0.0.0/8'])), {
    from: `hello@${sender.domain}`,
    to: 'bound@example.org',
    subject,
    text: 'From the loopback network.',
  });
  expect(info.accepted).toEqual(['bound@example.org']);
  expect(await arrived(subject, 1)).toHaveLength(1);
});

test('a key revoked while its connection is open: the next message on that connection gets 535 5.7.8 and nothing is queued', async () => {
  const owner = await createSender(stack.db);
  const [row] = await stack.db('api_keys').where({ account_id: owner.account.id }).select<{ id: string }[]>('id');
  // One pooled connection, authenticated once, kept open between the two messages.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: 'localhost',
    port: relay.port,
    requireTLS: true,
    auth: { user: 'postage', pass: owner.apiKey },
    tls: { ca: tls.cert },
  });
  try {
    const message = {
      from: `hello@${owner.domain}`,
      to: 'a@example.org',
      subject: marker('revoked-mid-session'),
      text: 'x',
    };
    expect((await transport.sendMail(message)).response).toMatch(/^250 /);
    await revokeApiKey(stack.db, row!.id, 'test');
    await expect(transport.sendMail(message)).rejects.toMatchObject({
      responseCode: 535,
      response: expect.stringMatching(/^535 5\.7\.8 /),
    });
  } finally {
    transport.close();
  }
  expect((await monthlyUsage(stack.db, owner.account.id)).shared).toBe(1);
});

test('three recipients, one suppressed: two delivered, one 550 at RCPT (Nodemailer and smtplib)', async () => {
  await suppressManually(stack.db, { accountId: sender.account.id, address: 'suppressed@example.org' }, 'test');
  const subject = marker('three');
  const info = await sendWithNodemailer(submission(), {
    from: `hello@${sender.domain}`,
    to: ['one@example.org', 'suppressed@example.org', 'two@example.org'],
    subject,
    text: 'hi',
  });
  expect(info.accepted.sort()).toEqual(['one@example.org', 'two@example.org']);
  expect(info.rejected).toEqual(['suppressed@example.org']);
  expect(info.rejectedErrors?.[0]).toMatchObject({
    responseCode: 550,
    response: expect.stringMatching(/^550 5\.7\.1 Recipient suppressed/),
  });
  expect(idsOf(info.response)).toHaveLength(2);

  const python = await sendWithSmtplib(submission(), {
    from: `hello@${sender.domain}`,
    to: ['three@example.org', 'suppressed@example.org', 'four@example.org'],
    subject,
    text: 'hi',
  });
  expect(python.refused).toEqual({
    'suppressed@example.org': [550, expect.stringMatching(/^5\.7\.1 Recipient suppressed/)],
  });
  const emails = await arrived(subject, 4);
  expect(emails.flatMap((e) => e.destination.to).sort()).toEqual([
    'four@example.org',
    'one@example.org',
    'three@example.org',
    'two@example.org',
  ]);
});

test('test recipients reach their outcomes with webhooks; an unknown test address is 550 5.1.1 at RCPT', async () => {
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url, [
    'email.delivered',
    'email.bounced',
  ]);
  receiver.setSecret(signingSecret);
  const t = stack.config.testDomain;
  const info = await sendWithNodemailer(submission(), {
    from: `hello@${sender.domain}`,
    to: [`delivered@${t}`, `bounce@${t}`, `nobody@${t}`],
    subject: marker('outcomes'),
    text: 'test send',
  });
  expect(info.rejectedErrors?.[0]).toMatchObject({
    responseCode: 550,
    response: expect.stringMatching(/^550 5\.1\.1 Unknown test address/),
  });
  const [delivered, bounced] = idsOf(info.response);
  expect(delivered && bounced).toBeTruthy();
  const got = await Promise.all([
    receiver.waitFor((r) => r.rawBody.includes(delivered!) && r.rawBody.includes('email.delivered'), 30_000),
    receiver.waitFor((r) => r.rawBody.includes(bounced!) && r.rawBody.includes('email.bounced'), 30_000),
  ]);
  expect(got.every((r) => r.signatureValid)).toBe(true);
});

test('a resubmission with the same X-Postage-Idempotency-Key sends once, and X-Postage-Tags become tags', async () => {
  const subject = marker('idem');
  const message = {
    from: `hello@${sender.domain}`,
    to: ['x1@example.org', 'x2@example.org'],
    subject,
    text: 'once',
    headers: { 'X-Postage-Idempotency-Key': marker('key'), 'X-Postage-Tags': 'campaign=welcome, tier=gold' },
  };
  const first = await sendWithNodemailer(submission(), message);
  // Nodemailer builds the message again (new Message-ID, boundaries, Date): still the same message.
  const second = await sendWithNodemailer(implicitTls(), message);
  expect(idsOf(second.response).sort()).toEqual(idsOf(first.response).sort());
  const python = await sendWithSmtplib(submission(), {
    from: message.from,
    to: message.to,
    subject,
    text: 'once',
    headers: message.headers,
  });
  expect(python).toEqual({ refused: {} });
  await new Promise((r) => setTimeout(r, 2_000));
  expect(await arrived(subject, 2)).toHaveLength(2);
  const rows = await stack.db('email_log').whereIn('message_id', idsOf(first.response)).select('tags');
  expect(rows.map((r: { tags: unknown }) => r.tags)).toEqual([
    { campaign: 'welcome', tier: 'gold' },
    { campaign: 'welcome', tier: 'gold' },
  ]);
  // The same key with another message is refused, permanently.
  await expect(sendWithNodemailer(submission(), { ...message, text: 'different' })).rejects.toMatchObject({
    responseCode: 550,
    response: expect.stringMatching(/^550 5\.7\.0 /),
  });
});

test('the size limit: SIZE is advertised, an oversize DATA gets 552 and nothing is queued', async () => {
  const subject = marker('big');
  await expect(
    sendWithNodemailer(submission(), {
      from: `hello@${sender.domain}`,
      to: 'big@example.org',
      subject,
      text: 'big',
      attachments: [{ filename: 'big.bin', content: randomBytes(MAX_MESSAGE_BYTES) }],
    }),
  ).rejects.toMatchObject({ responseCode: 552 });
  const python = await sendWithSmtplib(submission(), {
    from: `hello@${sender.domain}`,
    to: ['big@example.org'],
    subject,
    text: 'x'.repeat(MAX_MESSAGE_BYTES + 10),
  });
  expect(python.error).toMatchObject({ code: 552 });
  await new Promise((r) => setTimeout(r, 1_000));
  expect(await arrived(subject, 1, 1_000)).toEqual([]);
});

test('past SMTP_MAX_BYTES_IN_FLIGHT (all DATA held at once): 451 4.3.0, nothing queued; a message within it passes, before and after', async () => {
  const budgeted = await startRelay(stack, tls, { SMTP_MAX_BYTES_IN_FLIGHT: '4096' });
  try {
    const subject = marker('budget');
    const send = (text: string) =>
      sendWithNodemailer(
        { ...submission(), port: budgeted.port },
        { from: `hello@${sender.domain}`, to: 'budget@example.org', subject, text },
      );
    expect((await send('small')).response).toMatch(/^250 /);
    await expect(send('x'.repeat(8192))).rejects.toMatchObject({
      responseCode: 451,
      response: expect.stringMatching(/^451 4\.3\.0 Too much mail in progress/),
    });
    // The refused message gave its bytes back: the budget is whole again.
    expect((await send('small again')).response).toMatch(/^250 /);
    expect(await arrived(subject, 2)).toHaveLength(2);
    expect(await budgeted.metrics.register.metrics()).toMatch(
      /postage_smtp_refusals_total\{reason="too_much_in_flight",stage="data",process="smtp"\} 1/,
    );
  } finally {
    await budgeted.stop();
  }
});

test("another client's EHLO is answered promptly while a message of 8 MB of HTML is parsed (the relay as its own process)", async () => {
  const roomy = await startRelayProcess(stackEnv(stack, { SMTP_MAX_MESSAGE_BYTES: String(12 * 1024 * 1024) }), tls);
  try {
    const paragraphs = Array.from(
      { length: 90_000 },
      (_, i) => `<p>Line ${i}, <b>bold</b> <a href="https://example.org/${i}">a link</a></p>`,
    );
    // Composed once, here: the client's own work is not what is measured.
    const raw = Buffer.from(
      `From: hello@${sender.domain}\r\nTo: delivered@${stack.config.testDomain}\r\nSubject: ${marker('big-html')}\r\n` +
        `MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><body>${paragraphs.join('\r\n')}</body></html>\r\n`,
    );
    let answered = false;
    const info = sendWithNodemailer(
      { ...submission(), port: roomy.port },
      { envelope: { from: `hello@${sender.domain}`, to: [`delivered@${stack.config.testDomain}`] }, raw },
    ).finally(() => (answered = true));
    const waits: number[] = [];
    while (!answered) {
      const probe = await timeEhlo(roomy.port);
      expect(probe.answer).toMatch(/^250 /);
      waits.push(probe.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await info).response).toMatch(/^250 /);
    expect(Math.max(...waits)).toBeLessThan(1000);
  } finally {
    await roomy.process.stop();
  }
});

test('MAIL FROM on a domain the key may not use is refused at MAIL FROM; a From header on another domain at DATA', async () => {
  await expect(
    sendWithNodemailer(submission(), {
      from: 'someone@not-ours.example.com',
      to: 'a@example.org',
      subject: 'x',
      text: 'x',
    }),
  ).rejects.toMatchObject({
    responseCode: 550,
    response: expect.stringMatching(/^550 5\.7\.1 The sender domain is not registered/),
  });
  await expect(
    sendWithNodemailer(submission(), {
      envelope: { from: `hello@${sender.domain}`, to: ['a@example.org'] },
      from: 'ceo@bank.example.com',
      to: 'a@example.org',
      subject: 'x',
      text: 'x',
    }),
  ).rejects.toMatchObject({
    responseCode: 550,
    response: expect.stringMatching(/^550 5\.7\.1 The From header must be on the domain of MAIL FROM/),
  });
});

test('the relay counts connections, acceptances and refusals by reason', async () => {
  const text = await relay.metrics.register.metrics();
  expect(text).toMatch(/postage_smtp_connections_total\{port="submission",process="smtp"\} [1-9]/);
  expect(text).toMatch(/postage_smtp_messages_accepted_total\{mode="shared",kind="real",process="smtp"\} [1-9]/);
  expect(text).toMatch(
    /postage_smtp_refusals_total\{reason="recipient_suppressed",stage="rcpt",process="smtp"\} [1-9]/,
  );
  expect(text).toMatch(/postage_smtp_refusals_total\{reason="auth_failed",stage="auth",process="smtp"\} [1-9]/);
});

test('a workflow started from SMTP is the ordinary send workflow', async () => {
  const info = await sendWithNodemailer(submission(), {
    from: `hello@${sender.domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: marker('wf'),
    text: 'x',
  });
  const [id] = idsOf(info.response);
  await expect(stack.temporal.workflow.getHandle(sendWorkflowId(id!)).result()).resolves.toMatchObject({
    status: 'delivered',
  });
});
