// The shared-mode send workflow on the time-skipping server, with the real activities against
// this file's PostgreSQL database, the SES emulator and an independent webhook receiver: test
// recipients, SES sends and every provider outcome, duplicates, a report after the workflow
// closed, and a message whose acceptance never commits.
import { randomUUID } from 'node:crypto';
import { getLogRow } from '../../core/sending/emailLog';
import { TEST_SMTP_RESPONSE, type ProviderOutcome } from '../../core/model/outcomes';
import { isSuppressed } from '../../core/accounts/suppressions';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { providerOutcomeSignal } from '../../core/model/signals';
import type { LateOutcomeInput } from '../../core/model/workflowContract';
import { testConfig } from '../helpers/config';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import {
  activityStory,
  messageContent,
  stageAndStart,
  startTimeSkippingPipeline,
  type StartedMessage,
  type TimeSkippingPipeline,
} from '../helpers/pipeline';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { LEAN_BOOKKEEPING_PATCH } from '../../workflows/activityProxies';

let pipeline: TimeSkippingPipeline;
let receiver: WebhookReceiver;
let sender: SenderFixture;
const config = () => testConfig({ DATABASE_URL: pipeline.database.url, TEMPORAL_TASK_QUEUE: 'shared-send' });

beforeAll(async () => {
  [pipeline, receiver] = await Promise.all([startTimeSkippingPipeline(), startWebhookReceiver()]);
  sender = await createSender(pipeline.database.db);
  const { signingSecret } = await createEndpoint(
    pipeline.database.db,
    config().secretKey,
    sender.account.id,
    receiver.url,
  );
  receiver.setSecret(signingSecret);
  await pipeline.runWorker(config());
});

afterAll(async () => {
  await pipeline?.stop();
  await receiver?.close();
});

const deps = () => ({ db: pipeline.database.db, config: config(), client: pipeline.env.client });
const db = () => pipeline.database.db;
const from = () => `hello@${sender.domain}`;

function hooksFor(messageId: string, event?: string) {
  return receiver.received.filter(
    (r) =>
      (r.json as { payload?: { message_id?: string } }).payload?.message_id === messageId &&
      (!event || r.headers['x-service-event'] === event),
  );
}

async function sendReal(to: string, extra: { subject?: string; olderInput?: boolean } = {}): Promise<StartedMessage> {
  return stageAndStart(deps(), {
    accountId: sender.account.id,
    kind: 'real',
    content: messageContent({ to, from: from(), subject: extra.subject ?? 'Real send' }),
    ...(extra.olderInput ? { olderInput: true } : {}),
  });
}

/** The run's search attributes, as the Temporal UI filters on them. */
async function searchAttributes(started: StartedMessage): Promise<Record<string, unknown>> {
  const { typedSearchAttributes } = await started.handle.describe();
  return Object.fromEntries(typedSearchAttributes.getAll().map((p) => [p.key.name, p.value]));
}

/** SES accepted it: the log row carries SES's id (the workflow now waits for an outcome). */
async function acceptedBySes(messageId: string): Promise<string> {
  return eventually(
    'SES to accept the message',
    async () => (await getLogRow(db(), messageId))?.provider_message_id ?? undefined,
  );
}

describe('test recipients (docs/test-recipients.md)', () => {
  test.each([
    ['delivered', 'delivered', 'email.delivered', { status: 'delivered' }],
    ['bounced', 'bounce', 'email.bounced', { status: 'bounced', bounce_type: 'Permanent' }],
    ['complained', 'complaint', 'email.complained', { status: 'complaint' }],
  ] as const)(
    '%s: no SES call, the synthetic outcome takes the real path, attachments discarded',
    async (outcome, localPart, event, payload) => {
      const to = `${localPart}@${config().testDomain}`;
      const subject = `Test ${randomUUID()}`;
      const started = await stageAndStart(deps(), {
        accountId: sender.account.id,
        kind: 'test',
        testOutcome: outcome,
        content: messageContent({ to, from: from(), subject }),
        attachments: [{ filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('attached') }],
      });
      const result = await started.result();
      expect(result.status).toBe(outcome);
      expect(result.providerMessageId).toMatch(/^service-test-[0-9a-f-]{36}$/);

      const row = (await getLogRow(db(), started.messageId))!;
      expect(row).toMatchObject({
        status: outcome,
        kind: 'test',
        attachments: 1,
        provider_message_id: result.providerMessageId,
      });
      if (outcome === 'delivered')
        expect(row).toMatchObject({ smtp_response: TEST_SMTP_RESPONSE, delivered_at: expect.any(Date) });
      if (outcome === 'bounced')
        expect(row).toMatchObject({
          bounce_type: 'Permanent',
          bounce_subtype: 'General',
          bounced_at: expect.any(Date),
        });
      if (outcome === 'complained') expect(row.complained_at).toBeInstanceOf(Date);

      // Staged, then discarded; nothing reached SES; never suppressed nor counted toward rates.
      expect(
        await db()('staged_attachments').where({ message_id: started.messageId }).count<{ count: string }[]>(),
      ).toEqual([{ count: '0' }]);
      expect((await sesEmulatorStore(config().ses.endpoint!)).some((e) => e.subject === subject)).toBe(false);
      expect(await isSuppressed(db(), sender.account.id, to)).toBe(false);
      expect(await db()('send_outcomes').where({ message_id: started.messageId }).first()).toBeUndefined();

      const sent = await receiver.waitFor((r) => hooksFor(started.messageId, 'email.sent').includes(r));
      expect(sent.json).toEqual({
        event_type: 'email.sent',
        payload: { message_id: started.messageId, recipient: to, subject, status: 'queued', mode: 'shared' },
      });
      const hook = await receiver.waitFor((r) => hooksFor(started.messageId, event).includes(r));
      expect(hook.signatureValid).toBe(true);
      expect(hook.json).toEqual({
        event_type: event,
        payload: { message_id: started.messageId, recipient: to, ...payload },
      });
    },
  );

  test.each([
    ['started now: one step', false, ['recordTestSend']],
    [
      'started by the code before one-step test sends: three',
      true,
      ['recordQueuedMessage', 'recordSent', 'recordOutcome'],
    ],
  ] as const)('a test send %s, then its webhooks, email.sent first', async (_, olderInput, steps) => {
    const started = await stageAndStart(deps(), {
      accountId: sender.account.id,
      kind: 'test',
      testOutcome: 'delivered',
      content: messageContent({ to: `delivered@${config().testDomain}`, from: from() }),
      olderInput,
    });
    expect((await started.result()).status).toBe('delivered');
    const story = await activityStory(started.handle);
    expect(story.filter((a) => a !== 'deliverWebhook')).toEqual(steps);
    expect(story.filter((a) => a === 'deliverWebhook')).toHaveLength(2);
    expect((await getLogRow(db(), started.messageId))?.status).toBe('delivered');
    const sent = await receiver.waitFor((r) => hooksFor(started.messageId, 'email.sent').includes(r));
    const delivered = await receiver.waitFor((r) => hooksFor(started.messageId, 'email.delivered').includes(r));
    if (!olderInput) expect(receiver.received.indexOf(sent)).toBeLessThan(receiver.received.indexOf(delivered));
  });

  test('a test bounce does not stop the next test send to the same address', async () => {
    const to = `bounce@${config().testDomain}`;
    for (let i = 0; i < 2; i += 1) {
      const started = await stageAndStart(deps(), {
        accountId: sender.account.id,
        kind: 'test',
        testOutcome: 'bounced',
        content: messageContent({ to, from: from() }),
      });
      expect((await started.result()).status).toBe('bounced');
      expect(await isSuppressed(db(), sender.account.id, to)).toBe(false);
    }
  });
});

describe('SES sends and provider outcomes', () => {
  test('delivered: SES gets the message, the id map is written at once, the outcome is logged and fired', async () => {
    const to = `ann-${randomUUID()}@example.org`;
    const subject = `Delivery ${randomUUID()}`;
    const started = await sendReal(to, { subject });
    const sesId = await acceptedBySes(started.messageId);
    const stored = (await sesEmulatorStore(config().ses.endpoint!)).filter((e) => e.subject === subject);
    expect(stored.map((e) => e.messageId)).toEqual([sesId]);
    expect(await db()('provider_messages').where({ provider_message_id: sesId }).first()).toMatchObject({
      message_id: started.messageId,
      kind: 'real',
    });
    expect(await db()('send_outcomes').where({ message_id: started.messageId }).first()).toBeDefined();

    const at = '2026-11-20T10:00:00.000Z';
    await started.handle.signal(providerOutcomeSignal, { type: 'delivered', at, smtpResponse: '250 2.0.0 OK' });
    expect(await started.result()).toEqual({ status: 'delivered', providerMessageId: sesId });
    expect(await getLogRow(db(), started.messageId)).toMatchObject({
      status: 'delivered',
      delivered_at: new Date(at),
      smtp_response: '250 2.0.0 OK',
    });
    const hook = await receiver.waitFor((r) => hooksFor(started.messageId, 'email.delivered').includes(r));
    expect(hook.signatureValid).toBe(true);

    // The story an operator reads in the UI.
    const story = await activityStory(started.handle);
    const order = ['recordQueuedMessage', 'sendViaSes', 'recordOutcome'].map((a) => story.indexOf(a));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(story).not.toContain('suppressRecipient');
    // Filterable by account and mode; a delivered message (the normal end) has no status to
    // filter on; nothing else is indexed.
    expect(await searchAttributes(started)).toEqual({
      PostageAccountId: sender.account.id,
      PostageMode: 'shared',
      // Temporal's own attribute: which code paths (patches) this run took, for operators.
      TemporalChangeVersion: [LEAN_BOOKKEEPING_PATCH],
    });
  });

  test.each([
    ['a bounce, started now', false, 'bounced', 'bounced'],
    ['a delivery, started by the code before `statusAttribute`', true, 'delivered', 'delivered'],
  ] as const)('%s: the status an operator filters on is written', async (_, olderInput, type, status) => {
    const started = await sendReal(`status-${randomUUID()}@example.org`, { olderInput });
    await acceptedBySes(started.messageId);
    // The older runs show `sent` while they wait; the newer ones show nothing until the end.
    await eventually('the wait for the outcome', async () => {
      const shown = (await searchAttributes(started)).PostageStatus;
      return (olderInput ? shown === 'sent' : shown === undefined) || undefined;
    });
    const outcome: ProviderOutcome =
      type === 'bounced'
        ? { type, at: new Date().toISOString(), bounceType: 'Permanent', bounceSubType: 'General' }
        : { type, at: new Date().toISOString() };
    await started.handle.signal(providerOutcomeSignal, outcome);
    expect((await started.result()).status).toBe(status);
    expect((await searchAttributes(started)).PostageStatus).toEqual(status);
  });

  test('a simulator address goes to SES and its outcomes are logged and fired, but never suppress nor count', async () => {
    const to = `bounce-${randomUUID()}@${config().simulatorDomain}`;
    const started = await stageAndStart(deps(), {
      accountId: sender.account.id,
      kind: 'simulator',
      content: messageContent({ to, from: from() }),
    });
    const sesId = await acceptedBySes(started.messageId);
    expect(await db()('provider_messages').where({ provider_message_id: sesId }).first()).toMatchObject({
      kind: 'simulator',
    });
    await started.handle.signal(providerOutcomeSignal, {
      type: 'bounced',
      at: new Date().toISOString(),
      bounceType: 'Permanent',
      bounceSubType: 'General',
    });
    expect((await started.result()).status).toBe('bounced');
    expect(await getLogRow(db(), started.messageId)).toMatchObject({ kind: 'simulator', status: 'bounced' });
    await receiver.waitFor((r) => hooksFor(started.messageId, 'email.bounced').includes(r));
    expect(await isSuppressed(db(), sender.account.id, to)).toBe(false);
    expect(await db()('send_outcomes').where({ message_id: started.messageId }).first()).toBeUndefined();
    expect(await activityStory(started.handle)).not.toContain('suppressRecipient');
  });

  test('a permanent bounce suppresses the address and counts toward reputation; a transient one does neither', async () => {
    const hard = await sendReal(`hard-${randomUUID()}@example.org`);
    const soft = await sendReal(`soft-${randomUUID()}@example.org`);
    await Promise.all([acceptedBySes(hard.messageId), acceptedBySes(soft.messageId)]);
    await hard.handle.signal(providerOutcomeSignal, {
      type: 'bounced',
      at: new Date().toISOString(),
      bounceType: 'Permanent',
      bounceSubType: 'NoEmail',
    });
    await soft.handle.signal(providerOutcomeSignal, {
      type: 'bounced',
      at: new Date().toISOString(),
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
    });
    expect((await hard.result()).status).toBe('bounced');
    expect((await soft.result()).status).toBe('bounced');

    const hardRow = (await getLogRow(db(), hard.messageId))!;
    const softRow = (await getLogRow(db(), soft.messageId))!;
    expect(hardRow).toMatchObject({ bounce_type: 'Permanent', bounce_subtype: 'NoEmail' });
    expect(softRow).toMatchObject({ bounce_type: 'Transient', bounce_subtype: 'MailboxFull' });
    expect(await isSuppressed(db(), sender.account.id, hardRow.recipient)).toBe(true);
    expect(await isSuppressed(db(), sender.account.id, softRow.recipient)).toBe(false);
    expect((await db()('send_outcomes').where({ message_id: hard.messageId }).first()).hard_bounced_at).toBeInstanceOf(
      Date,
    );
    expect((await db()('send_outcomes').where({ message_id: soft.messageId }).first()).hard_bounced_at).toBeNull();

    for (const [m, type] of [
      [hard, 'Permanent'],
      [soft, 'Transient'],
    ] as const) {
      const hook = await receiver.waitFor((r) => hooksFor(m.messageId, 'email.bounced').includes(r));
      expect((hook.json as { payload: { bounce_type: string } }).payload.bounce_type).toBe(type);
    }
    expect(await activityStory(hard.handle)).toEqual(expect.arrayContaining(['suppressRecipient', 'updateReputation']));
  });

  test('a complaint right after the delivery ends complained; a duplicate report fires nothing twice', async () => {
    const started = await sendReal(`carl-${randomUUID()}@example.org`);
    await acceptedBySes(started.messageId);
    const delivered: ProviderOutcome = { type: 'delivered', at: new Date().toISOString() };
    await started.handle.signal(providerOutcomeSignal, delivered);
    await started.handle.signal(providerOutcomeSignal, delivered);
    await started.handle.signal(providerOutcomeSignal, {
      type: 'complained',
      at: new Date().toISOString(),
      feedbackType: 'abuse',
    });
    expect((await started.result()).status).toBe('complained');
    const row = (await getLogRow(db(), started.messageId))!;
    expect(row.delivered_at).toBeInstanceOf(Date);
    expect(row.complained_at).toBeInstanceOf(Date);
    expect(await isSuppressed(db(), sender.account.id, row.recipient)).toBe(true);
    await receiver.waitFor((r) => hooksFor(started.messageId, 'email.complained').includes(r));
    expect(hooksFor(started.messageId, 'email.delivered')).toHaveLength(1);
    expect(hooksFor(started.messageId, 'email.complained')).toHaveLength(1);
  });

  test('a report that arrives while the outcome webhooks are still being delivered is not dropped', async () => {
    const started = await sendReal(`erin-${randomUUID()}@example.org`);
    await acceptedBySes(started.messageId);
    receiver.respondWith(200, 1500);
    try {
      await started.handle.signal(providerOutcomeSignal, { type: 'delivered', at: new Date().toISOString() });
      // The delivery is settled; its webhook is still waiting for the slow endpoint.
      await eventually('the delivery to be logged', async () =>
        (await getLogRow(db(), started.messageId))?.status === 'delivered' ? true : undefined,
      );
      await started.handle.signal(providerOutcomeSignal, { type: 'complained', at: new Date().toISOString() });
      expect((await started.result()).status).toBe('complained');
    } finally {
      receiver.respondWith(200);
    }
    expect((await getLogRow(db(), started.messageId))!.status).toBe('complained');
  });

  test('a failure SES reports after accepting (rejected, rendering) ends failed with email.failed', async () => {
    const started = await sendReal(`dora-${randomUUID()}@example.org`);
    await acceptedBySes(started.messageId);
    await started.handle.signal(providerOutcomeSignal, {
      type: 'failed',
      at: new Date().toISOString(),
      reason: 'Rejected by SES: Bad content',
    });
    expect(await started.result()).toMatchObject({ status: 'failed' });
    const hook = await receiver.waitFor((r) => hooksFor(started.messageId, 'email.failed').includes(r));
    expect((hook.json as { payload: Record<string, string> }).payload).toEqual({
      message_id: started.messageId,
      recipient: expect.stringMatching(/^dora-/),
      status: 'failed',
      reason: 'Rejected by SES: Bad content',
    });
  });

  test('a report after the workflow closed still updates the log and the suppression list, and fires', async () => {
    const started = await stageAndStart(deps(), {
      accountId: sender.account.id,
      content: messageContent({ to: `late-${randomUUID()}@example.org`, from: from() }),
      outcomeTimeoutSeconds: 3600,
    });
    expect((await started.result()).status).toBe('sent'); // an hour of silence, skipped
    const row = (await getLogRow(db(), started.messageId))!;
    expect(row.status).toBe('sent');

    const late: LateOutcomeInput = {
      messageId: started.messageId,
      accountId: sender.account.id,
      kind: 'real',
      outcome: { type: 'complained', at: new Date().toISOString() },
    };
    const result = await pipeline.env.client.workflow.execute('recordLateOutcome', {
      taskQueue: config().temporal.taskQueue,
      workflowId: `late-${started.messageId}`,
      args: [late],
    });
    expect(result).toEqual({ status: 'complained' });
    expect((await getLogRow(db(), started.messageId))!.status).toBe('complained');
    expect(await isSuppressed(db(), sender.account.id, row.recipient)).toBe(true);
    await receiver.waitFor((r) => hooksFor(started.messageId, 'email.complained').includes(r));
  });

  test('a message whose acceptance never committed (or was given back) ends not_accepted at its one look, unsent', async () => {
    const subject = `Never committed ${randomUUID()}`;
    const started = await stageAndStart(deps(), {
      accountId: sender.account.id,
      stage: false,
      content: messageContent({ to: 'x@example.org', from: from(), subject }),
    });
    expect(await started.result()).toEqual({ status: 'not_accepted' });
    expect(await getLogRow(db(), started.messageId)).toBeUndefined();
    // The API commits before it starts, so one look decides (no waiting for a commit that comes
    // after the start: that served APIs from before the accept outbox), and it did nothing else.
    expect(await activityStory(started.handle)).toEqual(['recordQueuedMessage']);
    expect(hooksFor(started.messageId)).toEqual([]);
    const description = await started.handle.describe();
    expect(description.searchAttributes.PostageStatus).toEqual(['not_accepted']);
  });
});
