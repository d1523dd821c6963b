// The send and late-outcome workflows' branches with stubbed activities on the time-skipping
// server: which activities run, in which order, with what, for the paths that only the
// integration tier exercised before (BYOC refusals, test-recipient outcomes, late outcomes).
import { ApplicationFailure } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import type { Activities } from '../../activities';
import type { ProviderOutcome } from '../../core/model/outcomes';
import { SEND_FAILURE } from '../../core/model/sendFailures';
import type { LateOutcomeInput, SendEmailInput } from '../../core/model/workflowContract';
import { WORKFLOWS_PATH } from '../../worker/createWorker';
import { messageWorkflows } from '../../workflows/client';
import { type recordLateOutcome } from '../../workflows/recordLateOutcome';
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
    discardStagedAttachments: async () => 0,
    recordSent: async () => undefined,
    resolveByocCredentials: async () => undefined,
    sendViaSes: async () => ({ providerMessageId: 'ses-1' }),
    markByocUnusable: async () => undefined,
    discardStagedMessage: async () => undefined,
    recordOutcome: async (input: { outcome: ProviderOutcome }) => ({ applied: true, status: input.outcome.type }),
    suppressRecipient: async () => undefined,
    updateReputation: async () => ({ counted: true, sends: 1, bounceRate: 0, complaintRate: 0, suspended: false }),
    findWebhookEndpoints: async () => ({ endpointIds: ['endpoint-1'] }),
    deliverWebhook: async () => ({ succeeded: true, statusCode: 200 }),
    recordUnsubscribed: async () => ({ recorded: true }),
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
    }),
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
    expect(called.indexOf('recordSent')).toBeGreaterThan(called.indexOf('discardStagedAttachments'));
    expect(called.indexOf('recordOutcome')).toBeGreaterThan(called.indexOf('recordSent'));
    const webhookEvents = calls
      .filter(([name]) => name === 'findWebhookEndpoints')
      .map(([, i]) => (i as { event: string }).event);
    expect(webhookEvents).toEqual(['email.sent', event]);
    expect(calls.filter(([name]) => name === 'deliverWebhook')).toHaveLength(2);
  },
);

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
