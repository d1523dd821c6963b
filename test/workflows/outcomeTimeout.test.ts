// On the time-skipping server: a message SES accepted but whose outcome never arrives settles
// on `sent` after the outcome timeout (72 h of workflow time, a few seconds of wall time).
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { acceptMessage } from '../../core/sending/acceptMessage';
import { messageWorkflows } from '../../workflows/client';
import { getLogRow } from '../../core/sending/emailLog';
import { createLogger } from '../../core/platform/logger';
import { sharedSesClient } from '../../core/platform/awsClients';
import { createActivities } from '../../activities';
import type { SendEmailResult } from '../../core/model/workflowContract';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { testConfig } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { createTimeSkippingEnv } from '../helpers/timeSkipping';

let env: TestWorkflowEnvironment;
let database: TestDatabase;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  database = await createTestDatabase();
});

afterAll(async () => {
  await env?.teardown();
  await database?.drop();
});

test('an outcome that never arrives ends the workflow as sent after 72 hours of workflow time', async () => {
  const config = testConfig({ DATABASE_URL: database.url, OUTCOME_TIMEOUT_SECONDS: String(72 * 3600) });
  const sender = await createSender(database.db);
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: config.temporal.taskQueue,
    workflowBundle: { codePath: testInfra().workflowBundlePath },
    activities: createActivities({
      config,
      db: database.db,
      sharedSes: sharedSesClient(config),
      logger: createLogger('silent', 'test'),
    }),
  });

  const wallStart = Date.now();
  const result = await worker.runUntil(async () => {
    const accepted = await acceptMessage(
      { db: database.db, config, workflows: messageWorkflows(env.client, config.temporal.taskQueue) },
      {
        accountId: sender.account.id,
        monthlyLimit: 10,
        workflow: { mode: 'shared', kind: 'real' },
        content: {
          to: { address: 'someone@example.org', name: '' },
          from: { address: `hi@${sender.domain}`, name: '' },
          subject: 'No news',
          text: 'hello',
        },
        attachments: [],
        response: (messageId) => ({ message_id: messageId }),
      },
    );
    if (!accepted.ok) throw new Error(`not accepted: ${accepted.code}: ${String(accepted.cause)}`);
    const handle = env.client.workflow.getHandle(sendWorkflowId(accepted.messageId));
    const skippedFrom = await env.currentTimeMs();
    const res = (await handle.result()) as SendEmailResult;
    return { res, messageId: accepted.messageId, skippedMs: (await env.currentTimeMs()) - skippedFrom };
  });

  expect(result.res.status).toBe('sent');
  expect(result.skippedMs).toBeGreaterThanOrEqual(72 * 3600 * 1000);
  expect(Date.now() - wallStart).toBeLessThan(60_000);
  const row = await getLogRow(database.db, result.messageId);
  expect(row?.status).toBe('sent');
  expect(row?.provider_message_id).toBeTruthy();
});
