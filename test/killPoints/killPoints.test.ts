// No event lost at any kill point (docs/operations.md, "Fault tolerance"). The random fault suite
// kills processes at random moments; this walks every named point of a message's story
// deterministically. For each point a worker process is started with POSTAGE_KILL_AT=<point> and
// dies there with SIGKILL (no cleanup, nothing flushed) while it handles one message; a fresh
// worker then takes over, and the message must end as if nothing had happened: its final status,
// exactly one count, every subscribed webhook event delivered at least once (a repeat carries the
// same event), BYOC content gone, and no second copy handed to SES, except at `ses:answered`, where
// SES accepted the message and the worker died before recording it: there the timeline says the
// message may arrive twice. The API's one point (`accept:committed`: counted and in the outbox, no
// workflow yet) is walked with the API as its own process. A table of every point and its result is
// printed.
import { configureByoc } from '../api/helpers/accounts';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { monthlyUsage } from '../../core/accounts/usage';
import { sendWorkflowId, type SendEmailResult } from '../../core/model/workflowContract';
import { freePort, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { messageWorkflows } from '../../workflows/client';
import { startApiProcess, startWorkerProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { testInfra } from '../helpers/env';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { BYOC_ROLE_ARN, startMotoPeer, type MotoPeer } from '../helpers/moto';
import { startSesFaultProxy, type SesFaultProxy } from '../helpers/sesFaults';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { startTemporalDevServer } from '../../tools/stack/temporal';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

type Scenario = 'test send' | 'simulator send' | 'BYOC send';

/** The story of each send, point by point, in the order the worker meets them (each point kills at its first occurrence). */
const STORY: Record<Scenario, string[]> = {
  // Test recipient with a webhook endpoint: no SES; the synthetic outcome and both webhooks.
  'test send': [
    // Since `testSend: 'one-step'`: queued, sent and the outcome in one local activity (its
    // endpoints with it), then the deliveries, local activities too.
    'before:recordTestSend',
    'after:recordTestSend',
    'before:deliverWebhook',
    'webhook:answered',
    'after:deliverWebhook',
  ],
  // Mailbox simulator through SES (the emulator behind a proxy that counts copies); SES's
  // delivery report arrives as the signal the SNS endpoint sends.
  'simulator send': [
    'before:sendViaSes',
    'ses:answered',
    'after:sendViaSes',
    'before:recordOutcome',
    'after:recordOutcome',
  ],
  // BYOC through moto's STS and SES: no log, no webhooks, content discarded on every path.
  'BYOC send': [
    'before:recordQueuedMessage',
    'after:recordQueuedMessage',
    'before:resolveByocCredentials',
    'after:resolveByocCredentials',
    'before:sendViaSes',
    'ses:answered',
    'after:sendViaSes',
    'before:discardStagedMessage',
    'after:discardStagedMessage',
  ],
};

const REGION = 'eu-west-1';
const WORKER_READY_MS = 120_000;
/**
 * A worker killed inside a workflow task (every local activity's point) is noticed when the task
 * times out: Temporal's default of 10 s, set on this file's own Temporal server to this, so that
 * each such point waits 3 s instead (the same timeout reached, sooner; the suite's shared server
 * keeps the default). A live worker's task with local activities still running is kept alive by
 * the SDK at 80% of it.
 */
const WORKFLOW_TASK_TIMEOUT = '3s';
const rows: string[] = [];

let temporal: { process: ManagedProcess; address: string };
let stack: ServiceStack;
let env: Record<string, string>;
let receiver: WebhookReceiver;
let sharedSes: SesFaultProxy;
let byocSes: SesFaultProxy;
let moto: MotoPeer;
let externalId: string;

beforeAll(async () => {
  [moto, temporal] = await Promise.all([
    startMotoPeer('moto-kill-points'),
    freePort().then((port) =>
      startTemporalDevServer({
        port,
        logFile: path.join(testInfra().runDir, 'logs', 'kill-points-temporal.log'),
        dynamicConfig: { 'history.defaultWorkflowTaskTimeout': JSON.stringify(WORKFLOW_TASK_TIMEOUT) },
      }),
    ),
  ]);
  [sharedSes, byocSes, receiver] = await Promise.all([
    startSesFaultProxy(testInfra().sesEndpoint),
    startSesFaultProxy(moto.endpoint),
    startWebhookReceiver(),
  ]);
  externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  const overrides = {
    SES_ENDPOINT: sharedSes.endpoint,
    STS_ENDPOINT: moto.endpoint,
    STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
    STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
    BYOC_SES_ENDPOINT: byocSes.endpoint,
    TEMPORAL_ADDRESS: temporal.address,
    // A worker that died holding an activity: its retry comes after this.
    OUTCOME_TIMEOUT_SECONDS: '60',
    ACCEPT_RELAY_AFTER_SECONDS: '1',
  };
  stack = await startServiceStack({ worker: false, env: overrides });
  env = testEnv({
    ...overrides,
    DATABASE_URL: stack.database.url,
    TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
    WORKFLOW_BUNDLE_PATH: testInfra().workflowBundlePath,
  });
}, 120_000);

afterAll(async () => {
  process.stdout.write(`\nkill points (point · send · result):\n${rows.join('\n')}\n`);
  await stack?.stop();
  await Promise.all([receiver?.close(), sharedSes?.close(), byocSes?.close()]);
  await moto?.stop();
  await temporal?.process.stop();
});

async function startWorker(killAt: string | undefined): Promise<ManagedProcess> {
  const healthPort = await freePort();
  const logFile = path.join(testInfra().runDir, 'logs', `kill-point-worker-${healthPort}.log`);
  const worker = startWorkerProcess(
    { ...env, WORKER_HEALTH_PORT: String(healthPort), ...(killAt ? { POSTAGE_KILL_AT: killAt } : {}) },
    logFile,
  );
  await waitFor(
    'a worker',
    async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined))?.status === 200,
    WORKER_READY_MS,
    worker,
  );
  return worker;
}

/** Resolves with the signal that ended the process, or undefined if it still runs after `ms`. */
function exitOf(proc: ManagedProcess, ms: number): Promise<NodeJS.Signals | null | undefined> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve(proc.child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    proc.child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal);
    });
  });
}

/** One BYOC account for every BYOC case: moto's role trusts one ExternalId, which is unique per account. */
let byocSender: SenderFixture | undefined;

async function senderFor(scenario: Scenario): Promise<SenderFixture> {
  if (scenario !== 'BYOC send') {
    const sender = await createSender(stack.db);
    const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, receiver.url);
    receiver.setSecret(signingSecret); // the receiver checks signatures; each sender's own secret
    return sender;
  }
  if (byocSender) return byocSender;
  const sender = await createSender(stack.db, { mode: 'byoc' });
  await moto.verifySesIdentity(sender.domain, REGION);
  await configureByoc(stack.db, sender.account.id, { roleArn: BYOC_ROLE_ARN, region: REGION, externalId });
  return (byocSender = sender);
}

function requestFor(scenario: Scenario, sender: SenderFixture, marker: string) {
  const to =
    scenario === 'test send'
      ? 'delivered@test.postage.dev'
      : scenario === 'simulator send'
        ? `success+${marker}@simulator.amazonses.com`
        : `${marker}@example.org`;
  return { from_email: `hello@${sender.domain}`, to, subject: `Kill point ${marker}`, message: 'Hello.' };
}

async function send(baseUrl: string, sender: SenderFixture, body: object): Promise<string> {
  const res = await fetch(`${baseUrl}/api/send/`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { message_id?: string };
  expect(res.status).toBe(200);
  return json.message_id!;
}

async function result(messageId: string): Promise<SendEmailResult> {
  return (await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).result()) as SendEmailResult;
}

/** What a receiver got for the message, by event; every repeat must be the same body. */
function webhookEvents(messageId: string): Record<string, number> {
  const bodies = receiver.received.filter(
    (r) => (r.json as { payload?: { message_id?: string } } | undefined)?.payload?.message_id === messageId,
  );
  const byEvent: Record<string, Set<string>> = {};
  for (const r of bodies) (byEvent[(r.json as { event_type: string }).event_type] ??= new Set()).add(r.rawBody);
  for (const [event, distinct] of Object.entries(byEvent))
    expect({ event, distinct: distinct.size }).toEqual({ event, distinct: 1 });
  expect(bodies.every((r) => r.signatureValid)).toBe(true);
  return Object.fromEntries(
    Object.entries(byEvent).map(([event]) => [
      event,
      bodies.filter((r) => (r.json as { event_type: string }).event_type === event).length,
    ]),
  );
}

async function timelineTypes(messageId: string): Promise<string[]> {
  return (
    await stack.db('email_events').where({ message_id: messageId }).orderBy('id').select<{ type: string }[]>('type')
  ).map((r) => r.type);
}

async function usage(sender: SenderFixture): Promise<number> {
  const used = await monthlyUsage(stack.db, sender.account.id, new Date());
  return used.byoc + used.shared;
}

async function settled(
  scenario: Scenario,
  messageId: string,
  sender: SenderFixture,
  usedBefore: number,
): Promise<string> {
  const outcome = await result(messageId);
  // Exactly one more send counted (the BYOC account is shared by the BYOC cases).
  expect(await usage(sender)).toBe(usedBefore + 1);
  if (scenario === 'BYOC send') {
    expect(outcome.status).toBe('sent');
    // BYOC content is not kept anywhere once the send used it, whichever point the worker died at.
    expect(await stack.db('staged_messages').where({ message_id: messageId }).first()).toBeUndefined();
    expect(await stack.db('staged_attachments').where({ message_id: messageId }).first()).toBeUndefined();
    return `sent, counted once, content gone, SES copies ${byocSes.copies().get(messageId)?.length ?? 0}`;
  }
  expect(outcome.status).toBe('delivered');
  const row = await stack.db('email_log').where({ message_id: messageId }).first<{ status: string }>();
  expect(row?.status).toBe('delivered');
  // Every subscribed event reaches the endpoint at least once (a webhook may trail the workflow's end by nothing: the workflow awaits them).
  const events = await eventually('both webhook events', async () => {
    const seen = webhookEvents(messageId);
    return (seen['email.sent'] ?? 0) >= 1 && (seen['email.delivered'] ?? 0) >= 1 ? seen : undefined;
  });
  const copies = scenario === 'simulator send' ? ` SES copies ${sharedSes.copies().get(messageId)?.length ?? 0},` : '';
  return `delivered, counted once,${copies} webhooks ${Object.entries(events)
    .map(([e, n]) => `${e}×${n}`)
    .join(' ')}`;
}

/** SES copies allowed: one, or two where SES accepted and the worker died before recording it (then the timeline says so). */
async function expectCopies(scenario: Scenario, point: string, messageId: string): Promise<void> {
  if (scenario === 'test send') return expect(sharedSes.copies().get(messageId)).toBeUndefined();
  const proxy = scenario === 'BYOC send' ? byocSes : sharedSes;
  expect(proxy.copies().get(messageId)?.length).toBe(point === 'ses:answered' ? 2 : 1);
  if (scenario === 'simulator send')
    expect((await timelineTypes(messageId)).includes('possible_duplicate')).toBe(point === 'ses:answered');
}

const CASES = (Object.entries(STORY) as [Scenario, string[]][]).flatMap(([scenario, points]) =>
  points.map((point) => [scenario, point] as const),
);

test.each(CASES)(
  '%s, the worker killed at %s: nothing lost, counted once, no unannounced second copy',
  async (scenario, point) => {
    const sender = await senderFor(scenario);
    const usedBefore = await usage(sender);
    const marker = randomUUID().slice(0, 8);
    const armed = await startWorker(point);
    let recovery: ManagedProcess | undefined;
    try {
      const messageId = await send(stack.baseUrl, sender, requestFor(scenario, sender, marker));
      // SES's delivery report, as the SNS endpoint delivers it: a signal the workflow buffers.
      if (scenario === 'simulator send')
        await messageWorkflows(stack.temporal, stack.config.temporal.taskQueue).signalOutcome(messageId, {
          type: 'delivered',
          at: new Date().toISOString(),
        });
      const signal = await exitOf(armed, 60_000);
      expect({ point, died: signal }).toEqual({ point, died: 'SIGKILL' });
      recovery = await startWorker(undefined);
      const summary = await settled(scenario, messageId, sender, usedBefore);
      await expectCopies(scenario, point, messageId);
      rows.push(`${point.padEnd(32)} · ${scenario.padEnd(14)} · ${summary}`);
    } finally {
      await armed.stop();
      await recovery?.stop();
    }
  },
  240_000,
);

test('the API killed between the accepting commit and the workflow start: the outbox relay starts it, counted once, delivered, webhooks sent', async () => {
  const sender = await senderFor('test send');
  const api = await startApiProcess({ ...env, POSTAGE_KILL_AT: 'accept:committed' });
  const worker = await startWorker(undefined);
  try {
    // The client never hears back: the connection drops with the process.
    const answer = await fetch(`${api.baseUrl}/api/send/`, {
      method: 'POST',
      headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(requestFor('test send', sender, 'api')),
    }).catch((err: unknown) => err);
    expect(String(answer)).toContain('fetch failed');
    expect(await exitOf(api.process, 10_000)).toBe('SIGKILL');
    // Its id, which the client never got: the accepting transaction staged it for this account.
    const { message_id: messageId } = await stack
      .db('staged_messages')
      .where({ account_id: sender.account.id })
      .first<{ message_id: string }>();
    // The relay starts it (ACCEPT_RELAY_AFTER_SECONDS=1 here).
    await eventually(
      'the relay to start the workflow',
      async () => (await stack.temporal.workflow.getHandle(sendWorkflowId(messageId)).describe()).runId,
    );
    const summary = await settled('test send', messageId, sender, 0);
    rows.push(`${'accept:committed'.padEnd(32)} · ${'test send (API)'.padEnd(14)} · ${summary}`);
  } finally {
    await api.stop();
    await worker.stop();
  }
}, 240_000);
