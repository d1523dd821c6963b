// A slow SES must not make Postage send an email twice. The SES call has its own deadline
// (SES_SEND_TIMEOUT_MS, cut to what the attempt has left), shorter than the send activity's
// timeout, that really aborts the request: a retry never overlaps an attempt still in flight. The proxy holds the first SendEmail longer
// than the activity's timeout and passes it on only if the client is still waiting, as an SES
// that has not yet accepted the message would.
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { Client as PgClient } from 'pg';
import { sharedSesClient } from '../../core/platform/awsClients';
import { createDb, DEFAULT_DB_TIMEOUTS } from '../../core/platform/db';
import { createLogger } from '../../core/platform/logger';
import { createWorker } from '../../worker/createWorker';
import { getLogRow } from '../../core/sending/emailLog';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { send } from '../api/helpers/http';
import { testInfra } from '../helpers/env';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { attemptsOf } from '../helpers/pipeline';
import { startSesFaultProxy, type SesFaultProxy } from '../helpers/sesFaults';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';

let proxy: SesFaultProxy;
let stack: ServiceStack;
let sender: SenderFixture;

beforeAll(async () => {
  proxy = await startSesFaultProxy(testInfra().sesEndpoint);
  stack = await startServiceStack({
    env: { SES_ENDPOINT: proxy.endpoint, SES_SEND_TIMEOUT_MS: '2000', OUTCOME_TIMEOUT_SECONDS: '1' },
  });
  sender = await createSender(stack.db);
});

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
});

test('SES answering after the activity timeout: the call is aborted, retried once, and exactly one copy is sent', async () => {
  const to = `slow-${randomUUID()}@example.org`;
  proxy.script(to, [{ kind: 'delay', ms: 65_000 }]); // longer than the send activity's 60 s
  const res = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to,
    subject: `Slow ${to}`,
    message: 'Hello.',
  });
  expect(res.status).toBe(200);
  const messageId = res.json.message_id as string;

  const row = await eventually(
    'the message to settle',
    async () => {
      const r = await getLogRow(stack.db, messageId);
      return r?.status === 'sent' ? r : undefined;
    },
    90_000,
  );
  expect(row.provider_message_id).toEqual(expect.any(String));
  await proxy.idle();
  expect({ attempts: proxy.attempts(to), abandoned: proxy.abandoned(to) }).toEqual({ attempts: 2, abandoned: 1 });
  const copies = (await sesEmulatorStore(testInfra().sesEndpoint)).filter((m) => m.destination.to.includes(to));
  expect(copies).toHaveLength(1);
  expect(await attemptsOf(stack.temporal.workflow.getHandle(`send-${messageId}`), 'sendViaSes')).toEqual([2]);
}, 120_000);

/** For each retried attempt of `activityType`, how the attempt before it ended (the history's `lastFailure`). */
async function lastFailuresOf(
  handle: WorkflowHandle,
  activityType: string,
): Promise<{ timeout: boolean; message: string }[]> {
  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = new Map<string, string>();
  for (const e of events) {
    const name = e.activityTaskScheduledEventAttributes?.activityType?.name;
    if (name) scheduled.set(String(e.eventId), name);
  }
  return events.flatMap((e) => {
    const started = e.activityTaskStartedEventAttributes;
    if (!started?.lastFailure || scheduled.get(String(started.scheduledEventId)) !== activityType) return [];
    return [{ timeout: Boolean(started.lastFailure.timeoutFailureInfo), message: started.lastFailure.message ?? '' }];
  });
}

test('a slow step before SES leaves the SES call only what the attempt has left: it is aborted before the activity times out, never overlapping the retry', async () => {
  // The bug this guards against (docs/decisions.md, "Every outbound call of a send attempt ends
  // before the attempt"): SES_SEND_TIMEOUT_MS (30 s here) bounded only the SES call. Reads that
  // take 40 s (a table locked by maintenance) then left it running until 70 s, past the activity's
  // 60 s, while the retry was already sending. Now the call gets min(30 s, what is left less 5 s).
  const slow = await startServiceStack({
    worker: false,
    env: { SES_ENDPOINT: proxy.endpoint, SES_SEND_TIMEOUT_MS: '30000', OUTCOME_TIMEOUT_SECONDS: '1' },
  });
  // The worker's reads wait for a lock up to 55 s (instead of failing after 5 s), so one attempt's
  // reads can take 40 s.
  const workerDb = createDb(slow.database.url, {
    timeouts: { ...DEFAULT_DB_TIMEOUTS, lockMs: 55_000, statementMs: 55_000 },
  });
  const connection = await NativeConnection.connect({ address: testInfra().temporalAddress });
  const worker = await createWorker({
    connection,
    namespace: slow.config.temporal.namespace,
    taskQueue: slow.config.temporal.taskQueue,
    deps: {
      config: slow.config,
      db: workerDb,
      sharedSes: sharedSesClient(slow.config),
      logger: createLogger('silent', 'test'),
    },
    workflowBundlePath: testInfra().workflowBundlePath,
  });
  const running = worker.run();
  const locker = new PgClient({ connectionString: slow.database.url });
  try {
    const owner = await createSender(slow.db);
    const to = `slow-reads-${randomUUID()}@example.org`;
    proxy.script(to, [{ kind: 'delay', ms: 65_000 }]); // SES would answer the first attempt too late
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE staged_attachments IN ACCESS EXCLUSIVE MODE'); // the attachments read waits
    const res = await send(slow, owner.apiKey, {
      from_email: `hello@${owner.domain}`,
      to,
      subject: `Slow reads ${to}`,
      message: 'Hello.',
    });
    expect(res.status).toBe(200);
    const messageId = res.json.message_id as string;
    await new Promise((resolve) => setTimeout(resolve, 40_000));
    await locker.query('COMMIT');

    const row = await eventually(
      'the message to be sent',
      async () => {
        const r = await getLogRow(slow.db, messageId);
        return r?.status === 'sent' ? r : undefined;
      },
      90_000,
    );
    expect(row.provider_message_id).toEqual(expect.any(String));
    await proxy.idle();
    expect({ attempts: proxy.attempts(to), abandoned: proxy.abandoned(to) }).toEqual({ attempts: 2, abandoned: 1 });
    const handle = slow.temporal.workflow.getHandle(`send-${messageId}`);
    expect(await attemptsOf(handle, 'sendViaSes')).toEqual([2]);
    // The first attempt ended by itself, its SES call aborted at the attempt's deadline: not by
    // Temporal's start-to-close timeout while the call was still in flight (then the retry overlapped it).
    expect(await lastFailuresOf(handle, 'sendViaSes')).toEqual([
      { timeout: false, message: expect.stringMatching(/abort/i) },
    ]);
    expect((await sesEmulatorStore(testInfra().sesEndpoint)).filter((m) => m.destination.to.includes(to))).toHaveLength(
      1,
    );
  } finally {
    await locker.end().catch(() => undefined);
    worker.shutdown();
    await running;
    await connection.close();
    await workerDb.destroy();
    await slow.stop();
  }
}, 180_000);
