// Warnings before a pause (docs/reputation.md, "Warnings and pauses"), end to end: simulator
// bounces of one account's real shared sends through local SNS, as test/pipeline/sesEvents.test.ts
// drives them. At the warning level the owner is emailed once and a signed
// `account.reputation_warning` arrives, not repeated on the next bounce; at the pause level
// `account.sending_paused` arrives and the API answers 403 sending_suspended. Another account's
// sending and webhooks are untouched. An operator's pause and resume (`postage-admin account set
// --suspended`) are announced the same way, `by: "operator"`.
import { insertMemberUser } from '../../core/accounts/members';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { acceptedSend, publishOutcome, sendToReader, startSnsPipeline, type SnsPipeline } from '../helpers/snsPipeline';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhookReceiver';
import { createSystemAccount, emailsTo, SYSTEM_EMAIL_ENV, waitForEmail } from '../management/helpers';
import { cliFor, ok } from '../cli/cliHarness';

let pipeline: SnsPipeline;
let riskyHooks: WebhookReceiver;
let calmHooks: WebhookReceiver;
let risky: SenderFixture;
let calm: SenderFixture;

// Five sends: the first bounce (20%) warns, the second (40%) does not warn again, the third (60%) pauses.
const LEVELS = {
  REPUTATION_MIN_SENDS: '5',
  REPUTATION_MIN_EVENTS: '1',
  BOUNCE_RATE_WARNING: '0.2',
  BOUNCE_RATE_THRESHOLD: '0.6',
};

beforeAll(async () => {
  [pipeline, riskyHooks, calmHooks] = await Promise.all([
    startSnsPipeline({ ...LEVELS, ...SYSTEM_EMAIL_ENV }),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ]);
  const { stack } = pipeline;
  await createSystemAccount(stack.db);
  [risky, calm] = [await createSender(stack.db), await createSender(stack.db)];
  for (const [sender, hooks] of [
    [risky, riskyHooks],
    [calm, calmHooks],
  ] as const) {
    await insertMemberUser(stack.db, { accountId: sender.account.id, email: sender.account.email, passwordHash: 'x' });
    hooks.setSecret(
      (await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, hooks.url)).signingSecret,
    );
  }
});

afterAll(async () => {
  await pipeline?.stop();
  await Promise.all([riskyHooks?.close(), calmHooks?.close()]);
});

const sendThroughApi = (from: SenderFixture) => sendToReader(pipeline, from);

/** A bounce of `send` through SNS, once it counts toward the rates. */
async function bounce(send: { messageId: string; sesId: string }): Promise<void> {
  await publishOutcome(pipeline, 'Bounce', send.sesId);
  await eventually('the bounce to be recorded', async () =>
    (await pipeline.stack
      .db('send_outcomes')
      .where({ message_id: send.messageId })
      .whereNotNull('hard_bounced_at')
      .first())
      ? true
      : undefined,
  );
}

const ofType = (type: string) => (r: ReceivedRequest) => (r.json as { event_type?: string })?.event_type === type;
const settle = () => new Promise((r) => setTimeout(r, 2000));

test('a warning at the warning level, once; a pause at the pause level; the other account untouched', async () => {
  const sends = [];
  for (let i = 0; i < 5; i++) sends.push(await acceptedSend(pipeline, risky));

  await bounce(sends[0]!);
  const warning = await riskyHooks.waitFor(ofType('account.reputation_warning'));
  expect(warning.signatureValid).toBe(true);
  expect((warning.json as { payload: unknown }).payload).toEqual({
    metric: 'bounce_rate',
    rate: 0.2,
    warning_level: 0.2,
    pause_level: 0.6,
    sends: 5,
    events: 1,
    window_days: 7,
    at: expect.any(String),
  });
  expect(warning.rawBody).not.toContain('@');
  const email = await waitForEmail(risky.account.email);
  expect(email.subject).toContain('20.00%');
  expect(email.body.text).toContain('60.00%');

  await bounce(sends[1]!); // 40%: still over the warning level, not warned again
  await settle();
  expect(riskyHooks.received.filter(ofType('account.reputation_warning'))).toHaveLength(1);
  expect(await emailsTo(risky.account.email)).toHaveLength(1);

  await bounce(sends[2]!); // 60%: paused
  const paused = await riskyHooks.waitFor(ofType('account.sending_paused'));
  expect(paused.signatureValid).toBe(true);
  expect((paused.json as { payload: unknown }).payload).toEqual({
    reason: expect.stringContaining('reached the 60.00% threshold'),
    metric: 'bounce_rate',
    rate: 0.6,
    paused_at: expect.any(String),
    by: 'reputation',
  });
  expect((await waitForEmail(risky.account.email, 2)).subject).toContain('is paused');
  expect(await sendThroughApi(risky)).toMatchObject({ status: 403, json: { error: 'sending_suspended' } });

  expect(await sendThroughApi(calm)).toMatchObject({ status: 200 });
  expect(
    calmHooks.received.filter((r) => (r.json as { event_type?: string })?.event_type?.startsWith('account.')),
  ).toEqual([]);
  expect(await emailsTo(calm.account.email)).toEqual([]);
});

test("an operator's resume and pause reach the owner and the webhook, and sending follows", async () => {
  const cli = cliFor({
    DATABASE_URL: pipeline.stack.database.url,
    TEMPORAL_ADDRESS: pipeline.stack.config.temporal.address,
    TEMPORAL_TASK_QUEUE: pipeline.stack.config.temporal.taskQueue,
  });
  const emailsBefore = (await emailsTo(risky.account.email)).length;
  const resumed = ok(await cli(['account', 'set', risky.account.id, '--suspended', 'false']));
  expect(JSON.parse(resumed.stdout)).toMatchObject({ sendingSuspended: false, noticesAnnounced: 1 });
  const resumedHook = await riskyHooks.waitFor(ofType('account.sending_resumed'));
  expect(resumedHook.signatureValid).toBe(true);
  expect((resumedHook.json as { payload: unknown }).payload).toEqual({ resumed_at: expect.any(String) });
  expect((await waitForEmail(risky.account.email, emailsBefore + 1)).subject).toContain('resumed');
  expect(await sendThroughApi(risky)).toMatchObject({ status: 200 });

  ok(await cli(['account', 'set', calm.account.id, '--suspended', 'true', '--reason', 'a review of its lists']));
  const pausedHook = await calmHooks.waitFor(ofType('account.sending_paused'));
  expect((pausedHook.json as { payload: unknown }).payload).toEqual({
    reason: 'a review of its lists',
    paused_at: expect.any(String),
    by: 'operator',
  });
  expect((await waitForEmail(calm.account.email)).subject).toContain('is paused');
  expect(await sendThroughApi(calm)).toMatchObject({ status: 403, json: { error: 'sending_suspended' } });
});
