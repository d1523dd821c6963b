// Driving the delivery pipeline without the HTTP layer: stage a message as the API does (claim
// check) and start its workflow, on the time-skipping server or the dev server; and a worker
// with the real activities against the test's own database and emulators.
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { createActivities, type ActivityDeps } from '../../activities';
import type { TestOutcome } from '../../core/model/addresses';
import type { Config } from '../../core/platform/config';
import type { Db } from '../../core/platform/db';
import type { MessageKind, SendingMode } from '../../core/model/sendingModes';
import { createLogger } from '../../core/platform/logger';
import { sharedSesClient } from '../../core/platform/awsClients';
import type { Attachment, MessageContent } from '../../core/model/messageContent';
import { stageMessage } from '../../core/sending/staging';
import type { SendEmailInput, SendEmailResult } from '../../core/model/workflowContract';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { messageWorkflows } from '../../workflows/client';
import type { sendEmail } from '../../workflows/sendEmail';
import { createTestDatabase, type TestDatabase } from './database';
import { testInfra } from './env';
import { createTimeSkippingEnv } from './timeSkipping';

export interface StartedMessage {
  messageId: string;
  handle: WorkflowHandle;
  result(): Promise<SendEmailResult>;
}

export function messageContent(opts: {
  to: string;
  from: string;
  subject?: string;
  text?: string;
  html?: string;
  fromName?: string;
  toName?: string;
  replyTo?: string;
}): MessageContent {
  return {
    to: { address: opts.to, name: opts.toName ?? '' },
    from: { address: opts.from, name: opts.fromName ?? '' },
    subject: opts.subject ?? 'Hello',
    ...(opts.html !== undefined ? { html: opts.html } : { text: opts.text ?? 'Hello there.' }),
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
  };
}

/** Stages the content (unless `stage: false`) and starts `send-<id>` as the API does. */
export async function stageAndStart(
  deps: { db: Db; config: Config; client: Client },
  opts: {
    accountId: string;
    mode?: SendingMode;
    kind?: MessageKind;
    testOutcome?: TestOutcome;
    content: MessageContent;
    attachments?: Attachment[];
    stage?: boolean;
    outcomeTimeoutSeconds?: number;
    /** Start it as the code before `statusAttribute` and `testSend` did (every status written, a test send in three steps). */
    olderInput?: boolean;
  },
): Promise<StartedMessage> {
  const messageId = randomUUID();
  const mode = opts.mode ?? 'shared';
  if (opts.stage !== false) {
    await stageMessage(deps.db, deps.config.secretKey, {
      messageId,
      accountId: opts.accountId,
      mode,
      content: opts.content,
      attachments: opts.attachments ?? [],
    });
  }
  const input: SendEmailInput = {
    messageId,
    accountId: opts.accountId,
    mode,
    kind: opts.kind ?? 'real',
    ...(opts.testOutcome ? { testOutcome: opts.testOutcome } : {}),
    outcomeTimeoutSeconds: opts.outcomeTimeoutSeconds ?? deps.config.outcomes.timeoutSeconds,
    ...(opts.olderInput ? {} : { statusAttribute: 'where-needed' as const, testSend: 'one-step' as const }),
  };
  await messageWorkflows(deps.client, deps.config.temporal.taskQueue).startSend(input, Date.now() + 10_000);
  const handle = deps.client.workflow.getHandle<typeof sendEmail>(sendWorkflowId(messageId));
  return { messageId, handle, result: () => handle.result() };
}

export interface TimeSkippingPipeline {
  env: TestWorkflowEnvironment;
  database: TestDatabase;
  /** Starts a worker with the real activities for `config` (its task queue), until stop(). */
  runWorker(config: Config, extra?: Partial<ActivityDeps>): Promise<void>;
  stop(): Promise<void>;
}

/** A time-skipping server and a database of the test file's own, and the workers it runs. */
export async function startTimeSkippingPipeline(): Promise<TimeSkippingPipeline> {
  const [env, database] = await Promise.all([createTimeSkippingEnv(), createTestDatabase()]);
  const workers: { worker: Worker; running: Promise<void> }[] = [];
  return {
    env,
    database,
    async runWorker(config, extra = {}) {
      const worker = await timeSkippingWorker(env, config, database.db, extra);
      workers.push({ worker, running: worker.run() });
    },
    async stop() {
      for (const w of workers) w.worker.shutdown();
      await Promise.all(workers.map((w) => w.running));
      await env.teardown();
      await database.drop();
    },
  };
}

/** A worker on the time-skipping server with every workflow and the real activities. */
export async function timeSkippingWorker(
  env: TestWorkflowEnvironment,
  config: Config,
  db: Db,
  extra: Partial<ActivityDeps> = {},
): Promise<Worker> {
  return Worker.create({
    connection: env.nativeConnection,
    taskQueue: config.temporal.taskQueue,
    workflowBundle: { codePath: testInfra().workflowBundlePath },
    activities: createActivities({
      config,
      db,
      sharedSes: sharedSesClient(config),
      logger: createLogger('silent', 'test'),
      ...extra,
    }),
  });
}

/** Activity types (ordinary and local) in the order the history records them: the story the UI tells. */
export async function activityStory(handle: WorkflowHandle): Promise<string[]> {
  const history = await handle.fetchHistory();
  return (history.events ?? []).flatMap((e) => {
    const scheduled = e.activityTaskScheduledEventAttributes?.activityType?.name;
    if (scheduled) return [scheduled];
    const local = localActivityType(e.markerRecordedEventAttributes);
    return local ? [local] : [];
  });
}

/** A local activity is recorded as a marker when it completes; its type is in the marker's data. */
function localActivityType(
  marker:
    { markerName?: string | null; details?: Record<string, { payloads?: Payload[] | null }> | null } | null | undefined,
): string | undefined {
  if (marker?.markerName !== 'core_local_activity') return undefined;
  const [data] = marker.details?.data?.payloads ?? [];
  return data ? (defaultPayloadConverter.fromPayload(data) as { activity_type?: string }).activity_type : undefined;
}

/** How many attempts the (last) activity of this type took, from its completion or failure event. */
/** The history's events, and the activity type of each scheduling event id. */
async function activityEvents(handle: WorkflowHandle) {
  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = new Map<string, string>();
  for (const e of events) {
    const name = e.activityTaskScheduledEventAttributes?.activityType?.name;
    if (name) scheduled.set(String(e.eventId), name);
  }
  return { events, scheduled };
}

export async function attemptsOf(handle: WorkflowHandle, activityType: string): Promise<number[]> {
  const { events, scheduled } = await activityEvents(handle);
  const attempts: number[] = [];
  for (const e of events) {
    const started = e.activityTaskStartedEventAttributes;
    if (started && scheduled.get(String(started.scheduledEventId)) === activityType)
      attempts.push(started.attempt ?? 1);
  }
  return attempts;
}

/** Results of the completed activities of this type, decoded from the history. */
export async function activityResults(handle: WorkflowHandle, activityType: string): Promise<unknown[]> {
  const { events, scheduled } = await activityEvents(handle);
  return events.flatMap((e) => {
    const done = e.activityTaskCompletedEventAttributes;
    if (!done || scheduled.get(String(done.scheduledEventId)) !== activityType) return [];
    return (done.result?.payloads ?? []).map((p) => defaultPayloadConverter.fromPayload(p));
  });
}
