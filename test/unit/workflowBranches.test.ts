// The send and late-outcome workflows' branches with stubbed activities on the time-skipping
// server: which activities run, in which order, with what, for the paths that only the
// integration tier exercised before (BYOC refusals, test-recipient outcomes, late outcomes).
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import type { Activities } from '../../activities';
import type { TestOutcome } from '../../core/model/addresses';
import { OUTCOME_EVENT, syntheticTestOutcomes, type ProviderOutcome } from '../../core/model/outcomes';
import { SEND_FAILURE } from '../../core/model/sendFailures';
import {
  engagementWorkflowId,
  type EngagementEvent,
  type LateOutcomeInput,
  type SendEmailInput,
} from '../../core/model/workflowContract';
import { WORKFLOWS_PATH } from '../../worker/createWorker';
import { inboundWorkflows, messageWorkflows } from '../../workflows/client';
import type { recordEngagement } from '../../workflows/recordEngagement';
import { type recordLateOutcome } from '../../workflows/recordLateOutcome';
import { PARSE_DEATHS_ALLOWED, type receiveEmail } from '../../workflows/receiveEmail';
import type { eraseAddress } from '../../workflows/eraseAddress';
import type { sendEmail } from '../../workflows/sendEmail';
import { createTimeSkippingEnv } from '../helpers/timeSkipping';

type Calls = [name: keyof Activities, input: unknown][];

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;

beforeAll(async () => {
  [env, bundle] = await Promise.all([
    createTimeSkippingEnv(),
    bundleWorkflowCode({
      workflowsPath: WORKFLOWS_PATH,
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} },
    }),
  ]);
}, 120_000);
afterAll(async () => env?.teardown());

/** Every activity recorded as called; `overrides` replace the default (successful) behaviour. */
function stubActivities(
  calls: Calls,
  overrides: Partial<Record<keyof Activities, (input: never) => Promise<unknown>>> = {},
): Activities {
  const defaults: Record<keyof Activities, (input: never) => Promise<unknown>> = {
    recordQueuedMessage: async () => ({ accepted: true }),
    releaseScheduledMessage: async () => ({ state: 'released' }),
    recordSent: async () => undefined,
    recordTestSend: async (input: { testOutcome: TestOutcome }) => ({
      accepted: true,
      sentEndpointIds: ['endpoint-1'],
      outcomeAt: '2026-11-29T10:00:00.001Z',
      outcomes: syntheticTestOutcomes(input.testOutcome, '2026-11-29T10:00:00.001Z').map((outcome) => ({
        event: OUTCOME_EVENT[outcome.type],
        applied: true,
        status: outcome.type === 'delayed' ? 'sent' : outcome.type,
        webhookEndpointIds: ['endpoint-1'],
      })),
    }),
    resolveByocCredentials: async () => undefined,
    sendViaSes: async () => ({ providerMessageId: 'ses-1' }),
    markByocUnusable: async () => undefined,
    discardStagedMessage: async () => undefined,
    recordOutcome: async (input: { outcome: ProviderOutcome }) => ({
      applied: true,
      status: input.outcome.type === 'delayed' ? 'sent' : input.outcome.type,
    }),
    suppressRecipient: async () => undefined,
    updateReputation: async () => ({ counted: true, sends: 1, bounceRate: 0, complaintRate: 0, suspended: false }),
    findWebhookEndpoints: async () => ({ endpointIds: ['endpoint-1'] }),
    recordEngagementEvent: async () => ({ recorded: true, webhookEndpointIds: ['endpoint-1'] }),
    findFirstLink: async () => ({ url: 'https://example.com/' }),
    deliverWebhook: async () => ({ succeeded: true, statusCode: 200 }),
    recordUnsubscribed: async () => ({ recorded: true }),
    parseReceivedMessage: async () => ({ gone: false, malformed: false }),
    checkSenderAuthentication: async () => 'checked',
    recordReceivedMessage: async () => ({ gone: false, repliedMessageId: null, endpointIds: ['endpoint-1'] }),
    purgeEmailLog: async () => 0,
    purgeExpiredContent: async () => ({
      sharedContent: 0,
      byocLeftovers: 0,
      providerMessages: 0,
      sendSamples: 0,
      schedules: 0,
      byocSends: 0,
      idempotencyKeys: 0,
      sessions: 0,
      userTokens: 0,
      inboundMessages: 0,
    }),
    checkAccountDeletionDue: async () => true,
    stopAccountWorkflows: async () => 0,
    provisionSesConfigurationSet: async () => ({ provisioned: false, reason: 'stub' }),
    deleteAccountData: async () => ({ rows: {}, people: 0, redisKeys: 0 }),
    cancelScheduledSends: async () => ({ removed: 0 }),
    eraseWebhookDeliveries: async () => ({ removed: 0 }),
    eraseEngagement: async () => ({ removed: 0 }),
    eraseLogRows: async () => ({ removed: 0 }),
    eraseReceivedMail: async () => ({ removed: 0 }),
    eraseAuditMentions: async () => ({ removed: 0 }),
    eraseExports: async () => ({ removed: 0 }),
    eraseRedisTraces: async () => ({ removed: 0 }),
    hashSuppression: async () => ({ removed: 0 }),
    finishErasure: async () => undefined,
    emailAccountNotice: async () => 0,
    finishAccountNotice: async () => undefined,
  };
  const wrapped = Object.fromEntries(
    (Object.keys(defaults) as (keyof Activities)[]).map((name) => [
      name,
      async (input: never) => {
        calls.push([name, input]);
        return (overrides[name] ?? defaults[name])(input);
      },
    ]),
  );
  return wrapped as unknown as Activities; // stubs of the same names and shapes; the workflows only see payloads
}

async function run<T>(
  activities: Activities,
  body: (client: ReturnType<typeof messageWorkflows>, taskQueue: string) => Promise<T>,
): Promise<T> {
  const taskQueue = `branches-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities,
  });
  return worker.runUntil(body(messageWorkflows(env.client, taskQueue), taskQueue));
}

const sendInput = (overrides: Partial<SendEmailInput> = {}): SendEmailInput => ({
  messageId: randomUUID(),
  accountId: randomUUID(),
  mode: 'shared',
  kind: 'real',
  outcomeTimeoutSeconds: 3600,
  ...overrides,
});

async function sendAndWait(client: ReturnType<typeof messageWorkflows>, input: SendEmailInput) {
  await client.startSend(input, Date.now() + 10_000);
  return env.client.workflow.getHandle<typeof sendEmail>(`send-${input.messageId}`).result();
}

const names = (calls: Calls) => calls.map(([name]) => name);

test('BYOC: a role the customer account refuses marks the configuration unusable, discards the content, and fails the message', async () => {
  const calls: Calls = [];
  const refused = stubActivities(calls, {
    resolveByocCredentials: async () => {
      throw ApplicationFailure.nonRetryable('Could not assume role: AccessDenied', SEND_FAILURE.account);
    },
  });
  const input = sendInput({ mode: 'byoc' });
  const result = await run(refused, (client) => sendAndWait(client, input));
  expect(result).toEqual({ status: 'failed', reason: 'Could not assume role: AccessDenied' });
  expect(names(calls)).toEqual([
    'recordQueuedMessage',
    'resolveByocCredentials',
    'markByocUnusable',
    'discardStagedMessage',
  ]);
  expect(calls[2]![1]).toEqual({ accountId: input.accountId, reason: 'Could not assume role: AccessDenied' });
});

test('BYOC: a refused message (not the account) fails without marking the configuration, and no webhook fires', async () => {
  const calls: Calls = [];
  const refused = stubActivities(calls, {
    sendViaSes: async () => {
      throw ApplicationFailure.nonRetryable('MessageRejected: [address]', SEND_FAILURE.message);
    },
  });
  const result = await run(refused, (client) => sendAndWait(client, sendInput({ mode: 'byoc' })));
  expect(result).toEqual({ status: 'failed', reason: 'MessageRejected: [address]' });
  expect(names(calls)).toEqual(['recordQueuedMessage', 'resolveByocCredentials', 'sendViaSes', 'discardStagedMessage']);
});

test.each([
  ['delivered', 'delivered', 'email.delivered'],
  ['bounced', 'bounced', 'email.bounced'],
  ['complained', 'complained', 'email.complained'],
] as const)(
  'a test recipient (%s): nothing reaches SES, the synthetic outcome is settled, never suppressed or counted',
  async (testOutcome, status, event) => {
    const calls: Calls = [];
    const input = sendInput({ kind: 'test', testOutcome });
    const result = await run(stubActivities(calls), (client) => sendAndWait(client, input));
    expect(result).toEqual({ status, providerMessageId: expect.stringMatching(/^service-test-/) });
    const called = names(calls);
    expect(called).not.toContain('sendViaSes');
    expect(called).not.toContain('suppressRecipient');
    expect(called).not.toContain('updateReputation');
    expect(called[0]).toBe('recordQueuedMessage');
    // email.sent fires in the background as soon as the message is queued, beside the test path.
    // The staged attachments go within recordSent, not in a step of their own.
    expect(calls.find(([name]) => name === 'recordSent')?.[1]).toMatchObject({ discardAttachments: true });
    expect(called.indexOf('recordOutcome')).toBeGreaterThan(called.indexOf('recordSent'));
    const webhookEvents = calls
      .filter(([name]) => name === 'findWebhookEndpoints')
      .map(([, i]) => (i as { event: string }).event);
    expect(webhookEvents).toEqual(['email.sent', event]);
    expect(calls.filter(([name]) => name === 'deliverWebhook')).toHaveLength(2);
  },
);

describe('a test send started with one step (testSend: one-step)', () => {
  const oneStep = (testOutcome: TestOutcome) => sendInput({ kind: 'test', testOutcome, testSend: 'one-step' });
  const deliveredEvents = (calls: Calls) =>
    calls.filter(([name]) => name === 'deliverWebhook').map(([, i]) => (i as { event: string }).event);

  test.each([
    ['delivered', 'delivered', ['email.sent', 'email.delivered']],
    ['bounced', 'bounced', ['email.sent', 'email.bounced']],
    ['delayed', 'delivered', ['email.sent', 'email.delivery_delayed', 'email.delivered']],
  ] as const)('%s: one bookkeeping step, then email.sent before the outcome', async (testOutcome, status, events) => {
    const calls: Calls = [];
    const result = await run(stubActivities(calls), (client) => sendAndWait(client, oneStep(testOutcome)));
    expect(result).toEqual({ status, providerMessageId: expect.stringMatching(/^service-test-/) });
    expect(names(calls).filter((name) => name !== 'deliverWebhook')).toEqual(['recordTestSend']);
    expect(calls[0]![1]).toMatchObject({ testOutcome, providerMessageId: result.providerMessageId });
    // One id per outcome, so the step run again finds its own writes.
    expect((calls[0]![1] as { recordedBy: string[] }).recordedBy).toHaveLength(testOutcome === 'delayed' ? 2 : 1);
    expect(deliveredEvents(calls)).toEqual(events);
  });

  test('an outcome the log did not take (already settled) is not announced; the status is the one recorded', async () => {
    const calls: Calls = [];
    const stubs = stubActivities(calls, {
      recordTestSend: async () => ({
        accepted: true,
        sentEndpointIds: [],
        outcomeAt: '2026-11-29T10:00:00.001Z',
        outcomes: [{ event: 'email.delivered', applied: false, status: 'bounced', webhookEndpointIds: ['endpoint-1'] }],
      }),
    });
    const result = await run(stubs, (client) => sendAndWait(client, oneStep('delivered')));
    expect(result.status).toBe('bounced');
    expect(names(calls)).toEqual(['recordTestSend']);
  });

  test('a message the API never committed ends not_accepted, with no webhook', async () => {
    const calls: Calls = [];
    const stubs = stubActivities(calls, { recordTestSend: async () => ({ accepted: false }) });
    const result = await run(stubs, (client) => sendAndWait(client, oneStep('delivered')));
    expect(result).toEqual({ status: 'not_accepted' });
    expect(names(calls)).toEqual(['recordTestSend']);
  });

  test('a scheduled test send keeps its steps (confirmed, waited for, released)', async () => {
    const calls: Calls = [];
    const input = sendInput({
      kind: 'test',
      testOutcome: 'delivered',
      testSend: 'one-step',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await run(stubActivities(calls), (client) => sendAndWait(client, input));
    expect(names(calls)).not.toContain('recordTestSend');
    expect(names(calls)).toEqual(
      expect.arrayContaining(['recordQueuedMessage', 'releaseScheduledMessage', 'recordSent']),
    );
  });
});

test('a message the API never committed ends not_accepted, with nothing sent and no webhook', async () => {
  const calls: Calls = [];
  const result = await run(
    stubActivities(calls, { recordQueuedMessage: async () => ({ accepted: false }) }),
    (client) => sendAndWait(client, sendInput()),
  );
  expect(result).toEqual({ status: 'not_accepted' });
  expect(names(calls)).toEqual(['recordQueuedMessage']);
});

test('a late complaint for a real recipient: log, suppression, reputation, then email.complained', async () => {
  const calls: Calls = [];
  const input: LateOutcomeInput = {
    messageId: randomUUID(),
    accountId: randomUUID(),
    kind: 'real',
    outcome: { type: 'complained', at: '2026-11-20T10:00:00.000Z' },
  };
  const snsMessageId = randomUUID();
  const result = await run(stubActivities(calls), async (client) => {
    expect(await client.startLateOutcome(snsMessageId, input)).toBe('started');
    expect(await client.startLateOutcome(snsMessageId, input)).toBe('duplicate'); // an SNS redelivery
    return env.client.workflow.getHandle<typeof recordLateOutcome>(`late-outcome-${snsMessageId}`).result();
  });
  expect(result).toEqual({ status: 'complained' });
  expect(names(calls)).toEqual([
    'recordOutcome',
    'suppressRecipient',
    'updateReputation',
    'findWebhookEndpoints',
    'deliverWebhook',
  ]);
  expect(calls[1]![1]).toEqual({ accountId: input.accountId, messageId: input.messageId, reason: 'complaint' });
});

test('a late outcome the log already had (a duplicate) changes nothing and fires nothing', async () => {
  const calls: Calls = [];
  const input: LateOutcomeInput = {
    messageId: randomUUID(),
    accountId: randomUUID(),
    kind: 'simulator',
    outcome: { type: 'delivered', at: '2026-11-20T10:00:00.000Z' },
  };
  const stale = stubActivities(calls, { recordOutcome: async () => ({ applied: false, status: 'delivered' }) });
  const result = await run(stale, async (client) => {
    const snsMessageId = randomUUID();
    await client.startLateOutcome(snsMessageId, input);
    return env.client.workflow.getHandle<typeof recordLateOutcome>(`late-outcome-${snsMessageId}`).result();
  });
  expect(result).toEqual({ status: 'delivered' });
  expect(names(calls)).toEqual(['recordOutcome']);
});

test('engagement: each event is recorded in turn, only recorded ones are announced, and the workflow closes when idle', async () => {
  const calls: Calls = [];
  let recordings = 0;
  const activities = stubActivities(calls, {
    // The second event (an open already recorded) is not recorded again.
    recordEngagementEvent: async () =>
      ++recordings === 2
        ? { recorded: false, webhookEndpointIds: [] }
        : { recorded: true, webhookEndpointIds: ['endpoint-1', 'endpoint-2'] },
  });
  const messageId = randomUUID();
  const open: EngagementEvent = { type: 'opened', at: new Date().toISOString(), machine: false, userAgent: 'UA' };
  const click: EngagementEvent = { ...open, type: 'clicked', url: 'https://example.com/', linkIndex: 0 };
  const result = await run(activities, async (client) => {
    for (const event of [open, open, click]) await client.signalEngagement(messageId, event, Date.now() + 10_000);
    // Time skips past the idle period: the workflow closes by itself.
    return env.client.workflow.getHandle<typeof recordEngagement>(engagementWorkflowId(messageId)).result();
  });
  expect(result).toEqual({ handled: 3, dropped: 0 });
  expect(names(calls).filter((n) => n === 'recordEngagementEvent')).toHaveLength(3);
  const deliveries = calls.filter(([name]) => name === 'deliverWebhook').map(([, input]) => input);
  expect(deliveries).toEqual([
    { endpointId: 'endpoint-1', messageId, event: 'email.opened', engagement: open },
    { endpointId: 'endpoint-2', messageId, event: 'email.opened', engagement: open },
    { endpointId: 'endpoint-1', messageId, event: 'email.clicked', engagement: click },
    { endpointId: 'endpoint-2', messageId, event: 'email.clicked', engagement: click },
  ]);
});

const DELAY: ProviderOutcome = {
  type: 'delayed',
  at: '2026-11-20T10:00:00.000Z',
  delayType: 'MailboxFull',
  reason: 'smtp; 452 4.2.2 over quota',
};
const webhookEventsOf = (calls: Calls) =>
  calls.filter(([name]) => name === 'findWebhookEndpoints').map(([, i]) => (i as { event: string }).event);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

test('a delay is settled (email.delivery_delayed, never suppressed or counted) and the workflow waits on for the delivery', async () => {
  const calls: Calls = [];
  const input = sendInput();
  const result = await run(stubActivities(calls), async (client) => {
    await client.startSend(input, Date.now() + 10_000);
    await until(() => names(calls).includes('sendViaSes'));
    await client.signalOutcome(input.messageId, DELAY);
    await until(() => webhookEventsOf(calls).includes('email.delivery_delayed'));
    const handle = env.client.workflow.getHandle<typeof sendEmail>(`send-${input.messageId}`);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await client.signalOutcome(input.messageId, { type: 'delivered', at: '2026-11-20T10:05:00.000Z' });
    return handle.result();
  });
  expect(result).toEqual({ status: 'delivered', providerMessageId: 'ses-1' });
  expect(names(calls)).not.toContain('suppressRecipient');
  expect(names(calls)).not.toContain('updateReputation');
  expect(webhookEventsOf(calls)).toEqual(['email.sent', 'email.delivery_delayed', 'email.delivered']);
  const outcomes = calls
    .filter(([name]) => name === 'recordOutcome')
    .map(([, i]) => (i as { outcome: ProviderOutcome }).outcome.type);
  expect(outcomes).toEqual(['delayed', 'delivered']);
});

test('a delay does not extend the outcome timeout: with nothing after it the message ends `sent` when it runs out', async () => {
  const calls: Calls = [];
  const input = sendInput({ outcomeTimeoutSeconds: 600 });
  const handle = env.client.workflow.getHandle<typeof sendEmail>(`send-${input.messageId}`);
  const result = await run(stubActivities(calls), async (client) => {
    await client.startSend(input, Date.now() + 10_000);
    await until(() => names(calls).includes('sendViaSes'));
    // The delay comes late, 540 s into the 600: a timer started again would run to 1,140 s.
    await env.sleep('540s');
    await client.signalOutcome(input.messageId, DELAY);
    await until(() => webhookEventsOf(calls).includes('email.delivery_delayed'));
    // Time skips while the result is awaited: the timer set at the send fires.
    return handle.result();
  });
  expect(result).toEqual({ status: 'sent', providerMessageId: 'ses-1' });
  expect(webhookEventsOf(calls)).toEqual(['email.sent', 'email.delivery_delayed']);
  const { startTime, closeTime } = await handle.describe();
  const ranSeconds = (closeTime!.getTime() - startTime.getTime()) / 1000;
  expect(ranSeconds).toBeGreaterThanOrEqual(600);
  expect(ranSeconds).toBeLessThan(660);
});

test('a late delay: timeline and email.delivery_delayed, no suppression, no reputation, the status stays `sent`', async () => {
  const calls: Calls = [];
  const input: LateOutcomeInput = { messageId: randomUUID(), accountId: randomUUID(), kind: 'real', outcome: DELAY };
  const result = await run(stubActivities(calls), async (client) => {
    const snsMessageId = randomUUID();
    expect(await client.startLateOutcome(snsMessageId, input)).toBe('started');
    return env.client.workflow.getHandle<typeof recordLateOutcome>(`late-outcome-${snsMessageId}`).result();
  });
  expect(result).toEqual({ status: 'sent' });
  expect(names(calls)).toEqual(['recordOutcome', 'findWebhookEndpoints', 'deliverWebhook']);
  expect(webhookEventsOf(calls)).toEqual(['email.delivery_delayed']);
});

describe('receiving (workflows/receiveEmail.ts)', () => {
  const receive = async (activities: Activities) => {
    const inboundId = randomUUID();
    return run(activities, async (_, taskQueue) => {
      const client = inboundWorkflows(env.client, taskQueue);
      const input = { inboundId, accountId: randomUUID(), source: 'mx' as const };
      expect(await client.startReceive(input, Date.now() + 10_000)).toBe('started');
      // One workflow id per message: a second start (the relay's) starts nothing.
      expect(await client.startReceive(input, Date.now() + 10_000)).toBe('exists');
      return {
        inboundId,
        result: await env.client.workflow.getHandle<typeof receiveEmail>(`receive-${inboundId}`).result(),
      };
    });
  };

  test('parses, checks, records, then one email.received per endpoint, ids only', async () => {
    const calls: Calls = [];
    const { inboundId, result } = await receive(
      stubActivities(calls, {
        recordReceivedMessage: async () => ({ gone: false, repliedMessageId: 'm-1', endpointIds: ['e-1', 'e-2'] }),
        deliverWebhook: async () => {
          throw new Error('a worker died; the delivery is recorded by the activity or not at all');
        },
      }),
    );
    expect(result).toEqual({ gone: false, malformed: false, repliedMessageId: 'm-1', webhooks: 2 });
    expect(names(calls).slice(0, 3)).toEqual([
      'parseReceivedMessage',
      'checkSenderAuthentication',
      'recordReceivedMessage',
    ]);
    const deliveries = calls.filter(([name]) => name === 'deliverWebhook').map(([, input]) => input);
    expect(deliveries).toEqual(
      expect.arrayContaining([
        { endpointId: 'e-1', messageId: inboundId, event: 'email.received' },
        { endpointId: 'e-2', messageId: inboundId, event: 'email.received' },
      ]),
    );
    for (const [, input] of calls.slice(0, 3)) expect(input).toEqual({ inboundId });
  });

  test('a message deleted before it was parsed announces nothing', async () => {
    const calls: Calls = [];
    const { result } = await receive(stubActivities(calls, { parseReceivedMessage: async () => ({ gone: true }) }));
    expect(result).toMatchObject({ gone: true, webhooks: 0 });
    expect(names(calls)).toEqual(['parseReceivedMessage']);
  });

  test('a parse step that failed on PostgreSQL through all its tries runs again until it reaches the message', async () => {
    const calls: Calls = [];
    let failures = 7; // seven tries in a row meet PostgreSQL away, each run again after a wait
    const { result } = await receive(
      stubActivities(calls, {
        parseReceivedMessage: async () => {
          if (failures-- > 0) throw ApplicationFailure.retryable('connect ECONNREFUSED 127.0.0.1:5432', 'Error');
          return { gone: false, malformed: true };
        },
      }),
    );
    // The parse's own result (not an empty announcement): it reached the message.
    expect(result).toMatchObject({ gone: false, malformed: true, webhooks: 1 });
    expect(names(calls).filter((n) => n === 'parseReceivedMessage')).toHaveLength(8);
    expect(names(calls).slice(8)).toEqual(['checkSenderAuthentication', 'recordReceivedMessage', 'deliverWebhook']);
  });

  test('a malformed message is still recorded and announced', async () => {
    const calls: Calls = [];
    const { result } = await receive(
      stubActivities(calls, { parseReceivedMessage: async () => ({ gone: false, malformed: true }) }),
    );
    expect(result).toMatchObject({ gone: false, malformed: true, webhooks: 1 });
    expect(names(calls)).toContain('deliverWebhook');
  });
});

describe('receiving: tries whose worker died (workflows/receiveEmail.ts, parseStep)', () => {
  /**
   * A try that "dies" heartbeats once and then neither ends nor heartbeats again, as on a killed
   * worker; the server's clock is moved past the 30 s heartbeat timeout (the time-skipping server
   * does not skip time while an activity runs), and Temporal times the try out as a dead worker's.
   */
  const receiveWithDeaths = async (ends: ('postgres' | 'died')[]) => {
    const calls: Calls = [];
    let tries = 0;
    let died = 0;
    const hanging: (() => void)[] = [];
    const activities = stubActivities(calls, {
      parseReceivedMessage: async () => {
        const end = ends[tries++];
        if (end === 'postgres') throw ApplicationFailure.retryable('Connection terminated unexpectedly', 'Error');
        if (end === 'died') {
          Context.current().heartbeat();
          died += 1;
          return new Promise<never>((_, reject) => hanging.push(() => reject(new Error('released after the test'))));
        }
        return { gone: false, malformed: false };
      },
    });
    const inboundId = randomUUID();
    const result = await run(activities, async (_, taskQueue) => {
      await inboundWorkflows(env.client, taskQueue).startReceive(
        { inboundId, accountId: randomUUID(), source: 'mx' },
        Date.now() + 10_000,
      );
      const handle = env.client.workflow.getHandle<typeof receiveEmail>(`receive-${inboundId}`);
      let ended = false;
      const ending = handle.result().finally(() => (ended = true));
      for (let k = 1; k <= ends.filter((e) => e === 'died').length && !ended; k++) {
        while (died < k && !ended) await new Promise((r) => setTimeout(r, 20));
        if (!ended) await env.sleep('35s');
      }
      const r = await ending;
      for (const release of hanging) release();
      return r;
    });
    return { result, tries, calls };
  };

  test('tries that met PostgreSQL, then one whose worker died: the next try parses it', async () => {
    const { result, tries } = await receiveWithDeaths(['postgres', 'postgres', 'postgres', 'postgres', 'died']);
    expect(tries).toBe(6);
    expect(result).toMatchObject({ gone: false, malformed: false, webhooks: 1 });
  });

  test('a message whose every try kills its worker is recorded without its parse after the allowed deaths', async () => {
    const { result, tries, calls } = await receiveWithDeaths(Array(PARSE_DEATHS_ALLOWED + 3).fill('died'));
    expect(tries).toBe(PARSE_DEATHS_ALLOWED);
    expect(result).toMatchObject({ gone: false, malformed: false, webhooks: 1 });
    expect(names(calls).slice(PARSE_DEATHS_ALLOWED)).toEqual([
      'checkSenderAuthentication',
      'recordReceivedMessage',
      'deliverWebhook',
    ]);
  });
});

describe('deleting an account (workflows/accountDeletion.ts)', () => {
  const deletion = (activities: Activities) =>
    run(activities, (_client, taskQueue) =>
      env.client.workflow.execute('deleteAccount', {
        taskQueue,
        workflowId: `delete-account-${randomUUID()}`,
        args: [{ accountId: randomUUID(), dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }],
      }),
    );

  test('after the grace period it stops the workflows, deletes the data, and sweeps the workflows once more', async () => {
    const calls: Calls = [];
    expect(await deletion(stubActivities(calls))).toMatchObject({ deleted: true, workflowsStopped: 0 });
    expect(names(calls)).toEqual([
      'checkAccountDeletionDue',
      'stopAccountWorkflows',
      'deleteAccountData',
      'stopAccountWorkflows',
    ]);
  });

  test('a deletion cancelled during the grace period deletes nothing', async () => {
    const calls: Calls = [];
    const cancelled = stubActivities(calls, { checkAccountDeletionDue: async () => false });
    expect(await deletion(cancelled)).toEqual({ deleted: false });
    expect(names(calls)).toEqual(['checkAccountDeletionDue']);
  });
});

describe('an erasure (eraseAddress)', () => {
  const erase = (activities: Activities) =>
    run(activities, async (_client, taskQueue) =>
      env.client.workflow.execute<typeof eraseAddress>('eraseAddress', {
        taskQueue,
        workflowId: `erase-${randomUUID()}`,
        args: [{ erasureId: 'erasure-1', accountId: 'account-1' }],
      }),
    );

  test('runs the suppression first, then each kind, ends completed and announces it; every step gets the id only', async () => {
    const calls: Calls = [];
    expect(await erase(stubActivities(calls))).toEqual({ status: 'completed' });
    expect(names(calls)).toEqual([
      'hashSuppression',
      'cancelScheduledSends',
      'eraseWebhookDeliveries',
      'eraseEngagement',
      'eraseLogRows',
      'eraseReceivedMail',
      'eraseAuditMentions',
      'eraseExports',
      'eraseRedisTraces',
      'finishErasure',
      'findWebhookEndpoints',
      'deliverWebhook',
    ]);
    expect(calls.slice(0, 9).map(([, input]) => input)).toEqual(Array(9).fill({ erasureId: 'erasure-1' }));
    expect(calls[9]![1]).toEqual({ erasureId: 'erasure-1', status: 'completed' });
  });

  test('its end goes once to each endpoint subscribed to privacy.erasure_completed, the erasure id as the subject', async () => {
    const calls: Calls = [];
    await erase(stubActivities(calls));
    expect(calls.slice(-2).map(([, input]) => input)).toEqual([
      { accountId: 'account-1', event: 'privacy.erasure_completed' },
      { endpointId: 'endpoint-1', messageId: 'erasure-1', event: 'privacy.erasure_completed' },
    ]);
  });

  test('a step that keeps failing ends the erasure failed, its address wiped by finishErasure', async () => {
    const calls: Calls = [];
    const failing = stubActivities(calls, {
      eraseLogRows: async () => {
        throw ApplicationFailure.nonRetryable('statement timeout', 'Error');
      },
    });
    expect(await erase(failing)).toEqual({ status: 'failed' });
    expect(names(calls).slice(-4)).toEqual(['eraseLogRows', 'finishErasure', 'findWebhookEndpoints', 'deliverWebhook']);
    expect(calls.at(-3)![1]).toEqual({ erasureId: 'erasure-1', status: 'failed' });
  });
});
