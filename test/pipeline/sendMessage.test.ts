// The send use case (core/sending/sendMessage.ts) called directly, as the batch, SMTP and template
// paths will call it: no Express, no HTTP, only PostgreSQL, a Temporal server and a worker with
// the real activities. An accepted message is delivered and its answer replays; a refusal queues
// and counts nothing and frees its idempotency key.
import { sendWorkflowId, type SendEmailResult } from '../../core/model/workflowContract';
import type { Config } from '../../core/platform/config';
import { getLogRow } from '../../core/sending/emailLog';
import { sendMessage, type SendMessageInput } from '../../core/sending/sendMessage';
import { QUEUED_MESSAGES, TEST_SEND_WARNING } from '../../core/sending/sendResponse';
import { messageWorkflows } from '../../workflows/client';
import { testConfig } from '../helpers/config';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startTimeSkippingPipeline, type TimeSkippingPipeline } from '../helpers/pipeline';

let pipeline: TimeSkippingPipeline;
let sender: SenderFixture;
let config: Config;

beforeAll(async () => {
  pipeline = await startTimeSkippingPipeline();
  config = testConfig({ DATABASE_URL: pipeline.database.url, TEMPORAL_TASK_QUEUE: 'send-message' });
  sender = await createSender(pipeline.database.db);
  await pipeline.runWorker(config);
});

afterAll(async () => {
  await pipeline?.stop();
});

const deps = () => ({
  db: pipeline.database.db,
  config,
  workflows: messageWorkflows(pipeline.env.client, config.temporal.taskQueue),
});
/** What a send leaves in PostgreSQL for the account: counts, staged content, outbox rows, log rows and idempotency keys. */
async function traces(): Promise<Record<string, number>> {
  const db = pipeline.database.db;
  const rows = async (table: string) =>
    Number(
      (await db(table).where({ account_id: sender.account.id }).count<{ count: string }[]>({ count: '*' }))[0]!.count,
    );
  const counted = await db('usage_counters')
    .where({ account_id: sender.account.id })
    .sum<{ sum: string | null }[]>({ sum: 'count' });
  return {
    counted: Number(counted[0]?.sum ?? 0),
    staged: await rows('staged_messages'),
    outbox: await rows('accept_outbox'),
    logRows: await rows('email_log'),
    idempotencyKeys: await rows('idempotency_keys'),
  };
}

function input(opts: { domainScope?: string[]; idempotency?: SendMessageInput['idempotency'] } = {}): SendMessageInput {
  const from = { address: `hello@${sender.domain}`, name: 'Hello' };
  return {
    key: { accountId: sender.account.id, domainScope: opts.domainScope ?? [] },
    request: {
      to: { address: `delivered@${config.testDomain}`, name: '' },
      recipientKind: { kind: 'test', outcome: 'delivered' },
      from,
      fromDomain: sender.domain,
      subject: 'Without Express',
      text: 'Sent by calling the use case.',
      attachments: [],
    },
    ...(opts.idempotency ? { idempotency: opts.idempotency } : {}),
  };
}

test('accepted: the typed result carries the 200 body, the message is delivered, and the same key replays the same body', async () => {
  const idempotency = { key: 'direct-1', requestHash: 'fingerprint-1' };
  const result = await sendMessage(deps(), input({ idempotency }));
  if (result.outcome !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(result)}`);
  expect(result).toMatchObject({ mode: 'shared', kind: 'test' });
  expect(result.body).toMatchObject({
    success: true,
    message: QUEUED_MESSAGES.shared,
    message_id: result.messageId,
    mode: 'shared',
    attachments: 0,
    idempotency_key: 'direct-1',
  });
  expect(result.body.warnings).toContain(TEST_SEND_WARNING);

  const handle = pipeline.env.client.workflow.getHandle(sendWorkflowId(result.messageId));
  expect(((await handle.result()) as SendEmailResult).status).toBe('delivered');
  expect(await getLogRow(pipeline.database.db, result.messageId)).toMatchObject({
    status: 'delivered',
    subject: 'Without Express',
  });

  const before = await traces();
  expect(await sendMessage(deps(), input({ idempotency }))).toEqual({ outcome: 'replayed', body: result.body });
  expect(await traces()).toEqual(before); // nothing sent or counted again
});

test('refused: a gate names its error code and detail, nothing is queued or counted, and the idempotency key is freed', async () => {
  const before = await traces();
  const idempotency = { key: 'direct-2', requestHash: 'fingerprint-2' };
  const refused = await sendMessage(deps(), input({ domainScope: ['elsewhere.example.com'], idempotency }));
  expect(refused).toEqual({
    outcome: 'refused',
    step: 'gates',
    code: 'domain_not_allowed',
    detail: expect.stringContaining('elsewhere.example.com') as unknown,
  });
  expect(await traces()).toEqual(before);

  // The same key with another body is not "reused": the refusal released it.
  const corrected = await sendMessage(
    deps(),
    input({ idempotency: { key: 'direct-2', requestHash: 'fingerprint-2b' } }),
  );
  expect(corrected.outcome).toBe('accepted');
  // Now the key is the corrected request's: the refused body with it is a reuse.
  expect(
    await sendMessage(deps(), input({ idempotency: { key: 'direct-2', requestHash: 'fingerprint-2' } })),
  ).toMatchObject({
    outcome: 'refused',
    step: 'idempotency',
    code: 'idempotency_key_reused',
  });
});
