// Receiving end to end on the real stack (docs/inbound.md): receiveMessage stores and starts
// `receive-<id>`, the worker's real activities parse it (attachments with the type their bytes
// are), check the sender through a DNS server of the test's own (DNS_SERVERS), tie the reply to the
// message the account sent (its timeline shows it), and post exactly one signed email.received.
// Also: the relay starts a message whose start failed, SES's source id stores one message and keeps
// SES's verdicts, the allowance refuses, a replay carries the same webhook-id, and the test event.
import { randomUUID, createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { readAttachmentToken } from '../../core/inbound/attachmentUrls';
import {
  attachmentForDownload,
  getInboundMessage,
  inboundUsage,
  listInboundMessages,
} from '../../core/inbound/inboundMessages';
import { relayUnstartedReceived } from '../../core/inbound/inboundRelay';
import { parseAndStoreReceived } from '../../core/inbound/parseReceived';
import { receiveMessage, type ReceivedRaw } from '../../core/inbound/receiveMessage';
import { contentColumn, messagesWithContent } from '../../core/inbound/storedContent';
import type { InboundWorkflows, ReceivedEmailPayload } from '../../core/model/inbound';
import { createLogger } from '../../core/platform/logger';
import { messageTimeline } from '../../core/sending/emailTimeline';
import { webhookEventId } from '../../core/webhooks/standardWebhooks';
import { listWebhookDeliveries } from '../../core/webhooks/webhookEndpoints';
import { replayWebhookDelivery } from '../../core/webhooks/webhookReplay';
import { sendTestWebhookEvent } from '../../core/webhooks/webhookTestEvents';
import { inboundWorkflows } from '../../workflows/client';
import type { receiveEmail } from '../../workflows/receiveEmail';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SENDER_DOMAIN = 'sender.test';

let zone: TestZone;
let stack: ServiceStack;
let sender: SenderFixture;
let receiver: WebhookReceiver;
let inboundDomain: string;
let endpointId: string;
let ruleId: string;
let workflows: InboundWorkflows;
const logger = createLogger('silent', 'test');

beforeAll(async () => {
  zone = await startTestZone();
  // The sender publishes SPF for loopback and a DMARC record: the checks pass through our DNS.
  zone.txt(SENDER_DOMAIN, 'v=spf1 ip4:127.0.0.1 -all');
  zone.txt(`_dmarc.${SENDER_DOMAIN}`, 'v=DMARC1; p=reject');
  stack = await startServiceStack({ env: { DNS_SERVERS: zone.server } });
  workflows = inboundWorkflows(stack.temporal, stack.config.temporal.taskQueue);
  sender = await createSender(stack.db);
  receiver = await startWebhookReceiver();
  const endpoint = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url, [
    'email.received',
  ]);
  receiver.setSecret(endpoint.signingSecret);
  endpointId = endpoint.endpoint.id;
  // Another endpoint of the account, not subscribed to email.received: it gets nothing.
  await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, `${receiver.url}/other`, ['email.sent']);
  const domain = await stack.db('domains').where({ account_id: sender.account.id }).first<{ id: string }>('id');
  inboundDomain = `reply.${sender.domain}`;
  const [inbound] = await stack
    .db('inbound_domains')
    .insert({ account_id: sender.account.id, domain_id: domain.id, name: inboundDomain })
    .returning<{ id: string }[]>('id');
  const [rule] = await stack
    .db('inbound_rules')
    .insert({
      account_id: sender.account.id,
      inbound_domain_id: inbound!.id,
      match: 'support',
      kind: 'address',
      endpoint_ids: [endpointId],
    })
    .returning<{ id: string }[]>('id');
  ruleId = rule!.id;
});

afterAll(async () => {
  await receiver?.close();
  await stack?.stop();
  await zone?.close();
});

/** A message the account sent (its email-log row), and the id SES gave it. */
async function sentMessage(): Promise<{ messageId: string; sesId: string }> {
  const messageId = randomUUID();
  const sesId = `0100018c-${randomUUID()}-000000`;
  await stack.db('email_log').insert({
    message_id: messageId,
    account_id: sender.account.id,
    recipient: `ann@${SENDER_DOMAIN}`,
    from_email: `hello@${sender.domain}`,
    subject: 'Your order',
    status: 'delivered',
    kind: 'real',
  });
  await stack
    .db('provider_messages')
    .insert({ provider_message_id: sesId, message_id: messageId, account_id: sender.account.id });
  return { messageId, sesId };
}

async function rawMessage(opts: { inReplyTo?: string; references?: string; subject?: string }): Promise<Buffer> {
  return new MailComposer({
    from: { name: 'Ann Example', address: `ann@${SENDER_DOMAIN}` },
    to: `support@${inboundDomain}`,
    cc: 'Bob <bob@elsewhere.example>',
    subject: opts.subject ?? 'Re: Your order',
    text: 'Thanks, it arrived.',
    html: '<p>Thanks, it <b>arrived</b>.</p>',
    ...(opts.inReplyTo ? { inReplyTo: opts.inReplyTo } : {}),
    ...(opts.references ? { references: opts.references } : {}),
    // Declared as text, but the bytes are a PNG: the detected type says so.
    attachments: [{ filename: 'photo.txt', content: PNG, contentType: 'text/plain' }],
  })
    .compile()
    .build();
}

const mx = (raw: Buffer, overrides: Partial<ReceivedRaw> = {}): ReceivedRaw => ({
  source: 'mx',
  raw,
  envelopeFrom: `ann@${SENDER_DOMAIN}`,
  recipient: `Support@${inboundDomain}`,
  clientIp: '127.0.0.1',
  helo: `mail.${SENDER_DOMAIN}`,
  ...overrides,
});

const deps = () => ({ db: stack.db, workflows, logger, startTimeoutMs: 10_000 });

const receivedFor = (inboundId: string) => (r: ReceivedRequest) =>
  (r.json as { event_type?: string; payload?: { inbound_id?: string } } | undefined)?.payload?.inbound_id === inboundId;

async function finished(inboundId: string) {
  return stack.temporal.workflow.getHandle<typeof receiveEmail>(`receive-${inboundId}`).result();
}

test('a reply with an attachment: parsed, checked, tied to the sent message, one signed email.received', async () => {
  const sent = await sentMessage();
  const raw = await rawMessage({
    inReplyTo: `<${sent.messageId}@${sender.domain}>`,
    references: '<older@elsewhere.example>',
  });
  const outcome = await receiveMessage(deps(), mx(raw));
  expect(outcome.kind).toBe('accepted');
  const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';

  const delivery = await receiver.waitFor(receivedFor(inboundId));
  expect(await finished(inboundId)).toEqual({
    gone: false,
    malformed: false,
    repliedMessageId: sent.messageId,
    webhooks: 1,
  });
  expect(receiver.received.filter(receivedFor(inboundId))).toHaveLength(1);
  expect(delivery.signatureValid).toBe(true);
  expect(delivery.headers['x-service-event']).toBe('email.received');
  expect(delivery.headers['webhook-id']).toBe(webhookEventId(inboundId, 'email.received'));

  const { event_type, payload } = delivery.json as { event_type: string; payload: ReceivedEmailPayload };
  expect(event_type).toBe('email.received');
  expect(payload).toMatchObject({
    inbound_id: inboundId,
    message_id: sent.messageId,
    domain: inboundDomain,
    rule_id: ruleId,
    envelope: { from: `ann@${SENDER_DOMAIN}`, to: `support@${inboundDomain}` },
    from: { address: `ann@${SENDER_DOMAIN}`, name: 'Ann Example' },
    to: [{ address: `support@${inboundDomain}`, name: '' }],
    cc: [{ address: 'bob@elsewhere.example', name: 'Bob' }],
    reply_to: [],
    subject: 'Re: Your order',
    text: 'Thanks, it arrived.',
    html: '<p>Thanks, it <b>arrived</b>.</p>',
    truncated: false,
    headers: {
      in_reply_to: `<${sent.messageId}@${sender.domain}>`,
      references: ['<older@elsewhere.example>'],
    },
    // SPF from loopback passes, DMARC passes through SPF's alignment; nothing is DKIM-signed.
    authentication: { spf: 'pass', dkim: 'none', dmarc: 'pass', arc: 'none' },
    size: raw.length,
    source: 'mx',
  });
  expect(payload.headers.message_id).toMatch(/^<.+>$/);
  expect(payload.attachments).toHaveLength(1);
  const [attachment] = payload.attachments;
  expect(attachment).toMatchObject({
    filename: 'photo.txt',
    content_type: 'image/png',
    declared_content_type: 'text/plain',
    size: PNG.length,
    sha256: createHash('sha256').update(PNG).digest('hex'),
    content_id: null,
  });
  const token = attachment!.download_url.split('/inbound/attachments/')[1]!;
  expect(attachment!.download_url.startsWith(`${stack.config.api.baseUrl}/inbound/attachments/`)).toBe(true);
  expect(readAttachmentToken(stack.config.secretKey, token)).toEqual({ attachmentId: attachment!.id });
  expect((await attachmentForDownload(stack.db, attachment!.id))?.content.equals(PNG)).toBe(true);

  // The stored row, the listing and the API's view say the same.
  const row = await messagesWithContent(stack.db)
    .where('m.id', inboundId)
    .first<{ started_at: Date | null; recorded_at: Date | null; from_address: string; subject: string }>(
      'm.started_at',
      'm.recorded_at',
      contentColumn(stack.db, 'from_address'),
      contentColumn(stack.db, 'subject'),
    );
  expect(row).toMatchObject({ from_address: `ann@${SENDER_DOMAIN}`, subject: 'Re: Your order' });
  expect(row.started_at).not.toBeNull();
  expect(row.recorded_at).not.toBeNull();
  const view = await getInboundMessage(stack.db, stack.config, sender.account.id, inboundId, []);
  expect(view).toMatchObject({ id: inboundId, subject: payload.subject, authentication: payload.authentication });
  expect(
    await getInboundMessage(stack.db, stack.config, sender.account.id, inboundId, ['other.example']),
  ).toBeUndefined();
  expect(await getInboundMessage(stack.db, stack.config, randomUUID(), inboundId, [])).toBeUndefined();
  const listed = await listInboundMessages(stack.db, stack.config, {
    accountId: sender.account.id,
    domainScope: [sender.domain],
    limit: 50,
    from: 'ann@',
  });
  expect(listed.data.find((m) => m.id === inboundId)).toMatchObject({
    attachment_count: 1,
    message_id: sent.messageId,
    from: { address: `ann@${SENDER_DOMAIN}` },
  });

  // The sent message's timeline shows the reply.
  const timeline = await messageTimeline(stack.db, sent.messageId);
  expect(timeline.filter((e) => e.type === 'replied')).toEqual([
    { type: 'replied', at: expect.any(Date), details: { inbound_id: inboundId, at: payload.received_at } },
  ]);

  // A second reply to the same message (named by SES's id, References only): a second event.
  const second = await receiveMessage(
    deps(),
    mx(await rawMessage({ references: `<first@x.example> <${sent.sesId}@email.amazonses.com>`, subject: 'Re: again' })),
  );
  const secondId = second.kind === 'accepted' ? second.inboundId : '';
  await receiver.waitFor(receivedFor(secondId));
  expect((await finished(secondId)).repliedMessageId).toBe(sent.messageId);
  const replies = (await messageTimeline(stack.db, sent.messageId)).filter((e) => e.type === 'replied');
  expect(replies.map((e) => e.details.inbound_id).sort()).toEqual([inboundId, secondId].sort());

  // A replay is the same event (same webhook-id), rebuilt from the stored message.
  const recorded = (await listWebhookDeliveries(stack.db, endpointId, 50)).find(
    (d) => d.messageId === inboundId && d.eventType === 'email.received',
  );
  expect(recorded).toMatchObject({ succeeded: true, isTest: false });
  const replay = await replayWebhookDelivery(
    stack.db,
    stack.config,
    { accountId: sender.account.id, endpointId, deliveryId: recorded!.id! },
    async () => undefined,
  );
  expect(replay).toMatchObject({ event: 'email.received', messageId: inboundId });
  const replayed = await eventually('the replay', async () => {
    const all = receiver.received.filter(receivedFor(inboundId));
    return all.length === 2 ? all[1] : undefined;
  });
  expect(replayed.headers['webhook-id']).toBe(delivery.headers['webhook-id']);
  expect(replayed.signatureValid).toBe(true);
});

test('a message whose start failed is started by the relay, once', async () => {
  const failing: InboundWorkflows = {
    startReceive: async () => {
      throw new Error('Temporal is away');
    },
  };
  const outcome = await receiveMessage({ ...deps(), workflows: failing }, mx(await rawMessage({ subject: 'Relayed' })));
  expect(outcome.kind).toBe('accepted');
  const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
  // Not yet older than a start could take: left alone.
  expect(
    await relayUnstartedReceived(stack.db, workflows, { olderThanSeconds: 30, limit: 50, startTimeoutMs: 10_000 }),
  ).toBe(0);
  await stack
    .db('inbound_messages')
    .where({ id: inboundId })
    .update({ received_at: new Date(Date.now() - 60_000) });
  expect(
    await relayUnstartedReceived(stack.db, workflows, { olderThanSeconds: 30, limit: 50, startTimeoutMs: 10_000 }),
  ).toBe(1);
  await receiver.waitFor(receivedFor(inboundId));
  expect(await finished(inboundId)).toMatchObject({ gone: false, webhooks: 1 });
  // Started now (started_at set), and a start of the same id starts nothing: announced once.
  expect(
    await relayUnstartedReceived(stack.db, workflows, { olderThanSeconds: 30, limit: 50, startTimeoutMs: 10_000 }),
  ).toBe(0);
  expect(
    await workflows.startReceive({ inboundId, accountId: sender.account.id, source: 'mx' }, Date.now() + 10_000),
  ).toBe('exists');
  await new Promise((r) => setTimeout(r, 500));
  expect(receiver.received.filter(receivedFor(inboundId))).toHaveLength(1);
});

test("SES receiving: one message per source id, SES's verdicts kept", async () => {
  const input = mx(await rawMessage({ subject: 'Through SES' }), {
    source: 'ses',
    sourceId: `ses-${randomUUID()}:support@${inboundDomain}`,
    clientIp: undefined,
    helo: undefined,
    verdicts: { spf: 'fail', dkim: 'pass', dmarc: 'fail', arc: 'none', spam: 'pass', virus: 'pass' },
  });
  const first = await receiveMessage(deps(), input);
  const again = await receiveMessage(deps(), input);
  expect(first.kind).toBe('accepted');
  const inboundId = first.kind === 'accepted' ? first.inboundId : '';
  expect(again).toEqual({ kind: 'duplicate', inboundId });
  const delivery = await receiver.waitFor(receivedFor(inboundId));
  await finished(inboundId);
  expect((delivery.json as { payload: ReceivedEmailPayload }).payload).toMatchObject({
    source: 'ses',
    authentication: { spf: 'fail', dkim: 'pass', dmarc: 'fail', arc: 'none', spam: 'pass', virus: 'pass' },
  });
  expect(
    await stack.db('inbound_messages').where({ source_id: input.sourceId }).count<{ n: string }[]>({ n: '*' }),
  ).toEqual([{ n: '1' }]);
  expect(receiver.received.filter(receivedFor(inboundId))).toHaveLength(1);
});

test('over the allowance a message is refused, stored nowhere and not counted', async () => {
  const usage = await inboundUsage(stack.db, sender.account.id);
  expect(usage).toMatchObject({ allowance: 10_000 });
  expect(usage.used).toBeGreaterThan(0);
  await stack.db('plans').insert({
    name: 'inbound-cap',
    shared_monthly_quota: 10,
    byoc_monthly_quota: 10,
    inbound_monthly_quota: usage.used,
  });
  await stack.db('accounts').where({ id: sender.account.id }).update({ plan: 'inbound-cap' });
  try {
    const before = await stack
      .db('inbound_messages')
      .where({ account_id: sender.account.id })
      .count<{ n: string }[]>({ n: '*' });
    expect(await receiveMessage(deps(), mx(await rawMessage({ subject: 'Too many' })))).toEqual({
      kind: 'refused',
      reason: 'over_allowance',
    });
    expect(
      await stack.db('inbound_messages').where({ account_id: sender.account.id }).count<{ n: string }[]>({ n: '*' }),
    ).toEqual(before);
    expect(await inboundUsage(stack.db, sender.account.id)).toEqual({ used: usage.used, allowance: usage.used });
    // Not an inbound domain, or no rule: refused as such.
    expect(await receiveMessage(deps(), mx(Buffer.from('x'), { recipient: 'support@nowhere.example' }))).toEqual({
      kind: 'refused',
      reason: 'not_inbound',
    });
    expect(await receiveMessage(deps(), mx(Buffer.from('x'), { recipient: `nobody@${inboundDomain}` }))).toEqual({
      kind: 'refused',
      reason: 'no_rule',
    });
  } finally {
    await stack.db('accounts').where({ id: sender.account.id }).update({ plan: 'growth' });
  }
});

test('the email.received test event is a signed sample envelope, every field present', async () => {
  const result = await sendTestWebhookEvent(
    stack.db,
    stack.config,
    { accountId: sender.account.id, endpointId, event: 'email.received' },
    async () => undefined,
  );
  expect(result).toMatchObject({ attempt: { succeeded: true } });
  const posted = await receiver.waitFor(
    (r) => (r.json as { payload?: { subject?: string } }).payload?.subject === 'Test event',
  );
  expect(posted.signatureValid).toBe(true);
  const body = posted.json as { event_type: string; payload: ReceivedEmailPayload };
  expect(body.event_type).toBe('email.received');
  const real = receiver.received.find((r) => (r.json as { payload?: { source?: string } }).payload?.source === 'mx');
  expect(Object.keys(body.payload).sort()).toEqual(Object.keys((real!.json as { payload: object }).payload).sort());
});

test('a message mailparser cannot read is marked malformed and still announced; parsing again changes nothing', async () => {
  const outcome = await receiveMessage(
    deps(),
    mx(Buffer.from('\r\nno header block at all\r\n'), {
      source: 'ses',
      sourceId: `ses-${randomUUID()}:support@${inboundDomain}`,
      verdicts: { spf: 'none', dkim: 'none', dmarc: 'none', arc: 'none' },
    }),
  );
  const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
  const delivery = await receiver.waitFor(receivedFor(inboundId));
  expect(await finished(inboundId)).toMatchObject({ malformed: true, webhooks: 1 });
  expect((delivery.json as { payload: ReceivedEmailPayload }).payload).toMatchObject({
    from: null,
    subject: '',
    text: null,
    attachments: [],
  });
  expect(await parseAndStoreReceived(stack.db, inboundId)).toEqual({ gone: false, malformed: true });

  // A readable message parsed twice (its step run again) keeps one set of attachments.
  const again = await receiveMessage(deps(), mx(await rawMessage({ subject: 'Twice' })));
  const againId = again.kind === 'accepted' ? again.inboundId : '';
  await finished(againId);
  expect(await parseAndStoreReceived(stack.db, againId)).toEqual({ gone: false, malformed: false });
  expect(
    await stack.db('inbound_attachments').where({ message_id: againId }).count<{ n: string }[]>({ n: '*' }),
  ).toEqual([{ n: '1' }]);
});

test('a rule deleted before its message is recorded does not widen who gets it', async () => {
  // A second endpoint subscribed to email.received: a rule naming only the first must keep it out.
  const second = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, `${receiver.url}/second`, [
    'email.received',
  ]);
  const inbound = await stack.db('inbound_domains').where({ name: inboundDomain }).first<{ id: string }>('id');
  const [rule] = await stack
    .db('inbound_rules')
    .insert({
      account_id: sender.account.id,
      inbound_domain_id: inbound.id,
      match: 'hr',
      kind: 'address',
      endpoint_ids: [endpointId],
    })
    .returning<{ id: string }[]>('id');
  const failing: InboundWorkflows = {
    startReceive: async () => {
      throw new Error('Temporal is away');
    },
  };
  const outcome = await receiveMessage(
    { ...deps(), workflows: failing },
    mx(await rawMessage({ subject: 'Confidential' }), { recipient: `hr@${inboundDomain}` }),
  );
  expect(outcome.kind).toBe('accepted');
  const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
  await stack.db('inbound_rules').where({ id: rule!.id }).delete();
  await stack
    .db('inbound_messages')
    .where({ id: inboundId })
    .update({ received_at: new Date(Date.now() - 60_000) });
  await relayUnstartedReceived(stack.db, workflows, { olderThanSeconds: 30, limit: 50, startTimeoutMs: 10_000 });
  expect(await finished(inboundId)).toMatchObject({ gone: false, webhooks: 1 });
  const deliveries = await stack.db('webhook_deliveries').where({ message_id: inboundId }).select('endpoint_id');
  expect(deliveries.map((d: { endpoint_id: string }) => d.endpoint_id)).toEqual([endpointId]);
  // Both endpoints post to this receiver: one event for the message means the second got none.
  await new Promise((r) => setTimeout(r, 500));
  expect(receiver.received.filter(receivedFor(inboundId))).toHaveLength(1);
  await stack.db('webhook_endpoints').where({ id: second.endpoint.id }).delete();
});

test('a parse PostgreSQL refuses as data (SQLSTATE class 22) is stored empty, marked malformed, and announced at once', async () => {
  // PostgreSQL refusing what was read out of a message: a trigger stands for a value it cannot hold,
  // wherever the parse is stored (a shared content, or a message stored whole).
  const tables = ['inbound_contents', 'inbound_messages'];
  await stack.db.raw(`
    CREATE FUNCTION refuse_poisoned() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.subject = 'Poisoned' THEN RAISE EXCEPTION 'unsupported Unicode escape sequence' USING ERRCODE = '22P05'; END IF;
      RETURN NEW;
    END $$`);
  for (const table of tables)
    await stack.db.raw(
      `CREATE TRIGGER refuse_poisoned BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_poisoned()`,
    );
  try {
    const raw = await rawMessage({ subject: 'Poisoned' });
    const outcome = await receiveMessage(deps(), mx(raw));
    const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
    const delivery = await receiver.waitFor(receivedFor(inboundId), 15_000);
    expect(await finished(inboundId)).toMatchObject({ malformed: true, webhooks: 1 });
    expect((delivery.json as { payload: ReceivedEmailPayload }).payload).toMatchObject({
      subject: '',
      text: null,
      attachments: [],
      size: raw.length,
    });
  } finally {
    for (const table of tables) await stack.db.raw(`DROP TRIGGER refuse_poisoned ON ${table}`);
    await stack.db.raw('DROP FUNCTION refuse_poisoned()');
  }
});

test('500 DKIM-Signature headers with distinct l= over a 12 MB body: the check ends within its deadline and the message is announced', async () => {
  const signatures = Array.from(
    { length: 500 },
    (_, i) =>
      `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${SENDER_DOMAIN}; s=k${i}; l=${13_000_000 + i}; h=from; bh=AAAA; b=AAAA`,
  );
  const head = [
    ...signatures,
    `From: ann@${SENDER_DOMAIN}`,
    `To: support@${inboundDomain}`,
    'Subject: Signed 500 times',
  ];
  const raw = Buffer.concat([
    Buffer.from(`${head.join('\r\n')}\r\n\r\n`),
    Buffer.from(`${'x'.repeat(78)}\r\n`.repeat(150_000)),
  ]);
  const started = Date.now();
  const outcome = await receiveMessage(deps(), mx(raw));
  const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
  const delivery = await receiver.waitFor(receivedFor(inboundId), 30_000);
  expect(Date.now() - started).toBeLessThan(15_000);
  const { authentication } = (delivery.json as { payload: ReceivedEmailPayload }).payload;
  // Checked to the end (no key is published for these selectors), not cut off by the deadline.
  expect(authentication.dkim).not.toMatch(/^(none|temperror)$/);
  expect(authentication.spf).toBe('pass');
});

test('a message whose sender checks were begun three times is not checked again: announced with temperror', async () => {
  const failing: InboundWorkflows = {
    startReceive: async () => {
      throw new Error('Temporal is away');
    },
  };
  const outcome = await receiveMessage({ ...deps(), workflows: failing }, mx(await rawMessage({ subject: 'Checked' })));
  const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
  // Three tries that each reached the message and never ended (their worker died on it).
  await stack
    .db('inbound_messages')
    .where({ id: inboundId })
    .update({ sender_check_tries: 3, received_at: new Date(Date.now() - 60_000) });
  await relayUnstartedReceived(stack.db, workflows, { olderThanSeconds: 30, limit: 50, startTimeoutMs: 10_000 });
  const delivery = await receiver.waitFor(receivedFor(inboundId));
  expect((delivery.json as { payload: ReceivedEmailPayload }).payload.authentication).toEqual({
    spf: 'temperror',
    dkim: 'temperror',
    dmarc: 'temperror',
    arc: 'temperror',
  });
});
