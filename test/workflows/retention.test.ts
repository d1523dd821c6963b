// Retention: the purge workflows run directly on the time-skipping server (its clock is the
// workflow's "now", so skipping days ages the rows), and their Temporal Schedules are created
// idempotently against the dev server (the Java test server implements no schedules).
import { Client, Connection } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../core/platform/db';
import { purgeExpiredContent } from '../../core/sending/retention';
import { stageMessage } from '../../core/sending/staging';
import { ensureRetentionSchedules, keepEnsuringRetentionSchedules, retentionSchedules } from '../../worker/schedules';
import { pino } from 'pino';
import { startTcpProxy } from '../api/helpers/tcpProxy';
import { eventually } from '../helpers/wait';
import { testConfig } from '../helpers/config';
import { createTestDatabase } from '../helpers/database';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { insertReceivedRow } from '../helpers/inbound';
import { messageContent, startTimeSkippingPipeline, type TimeSkippingPipeline } from '../helpers/pipeline';

const DAY = 86_400_000;
let pipeline: TimeSkippingPipeline;
let sender: SenderFixture;
const config = () => testConfig({ DATABASE_URL: pipeline.database.url, TEMPORAL_TASK_QUEUE: 'retention' });

beforeAll(async () => {
  pipeline = await startTimeSkippingPipeline();
  sender = await createSender(pipeline.database.db);
  await pipeline.runWorker(config());
});

afterAll(async () => {
  await pipeline?.stop();
});

async function logRow(db: Db, ageDays: number, now: number): Promise<string> {
  const messageId = randomUUID();
  await db('email_log').insert({
    message_id: messageId,
    account_id: sender.account.id,
    recipient: 'someone@example.org',
    from_email: `hello@${sender.domain}`,
    subject: 'old news',
    status: 'delivered',
    kind: 'real',
    created_at: new Date(now - ageDays * DAY),
  });
  return messageId;
}

async function remaining(table: string, column: string, ids: string[]): Promise<string[]> {
  const rows = await pipeline.database.db(table).whereIn(column, ids).select<Record<string, string>[]>(column);
  return ids.filter((id) => rows.some((r) => r[column] === id));
}

// A client without the time-skipping interceptor: waiting for a result must not move the clock
// (only env.sleep does), so row ages stay what the test says.
const run = (workflowType: string, args: unknown[]) =>
  new Client({ connection: pipeline.env.connection, namespace: pipeline.env.namespace ?? 'default' }).workflow.execute(
    workflowType,
    {
      taskQueue: config().temporal.taskQueue,
      workflowId: `${workflowType}-${randomUUID()}`,
      args,
    },
  );

test('the email log keeps 14 days: rows go as they pass the age, as of the workflow clock', async () => {
  const now = await pipeline.env.currentTimeMs();
  const [old, middle, fresh] = [
    await logRow(pipeline.database.db, 20, now),
    await logRow(pipeline.database.db, 10, now),
    await logRow(pipeline.database.db, 0, now),
  ];
  expect(await run('emailLogRetention', [{ retentionDays: 14 }])).toEqual({ deleted: 1 });
  expect(await remaining('email_log', 'message_id', [old, middle, fresh])).toEqual([middle, fresh]);

  await pipeline.env.sleep('5 days'); // the middle row is now 15 days old
  expect(await run('emailLogRetention', [{ retentionDays: 14 }])).toEqual({ deleted: 1 });
  expect(await remaining('email_log', 'message_id', [old, middle, fresh])).toEqual([fresh]);
});

test('shared content keeps 90 days; BYOC leftovers, the SES id map, rate samples and expired idempotency keys are swept', async () => {
  const now = await pipeline.env.currentTimeMs();
  const stage = async (mode: 'shared' | 'byoc', ageMs: number) => {
    const messageId = randomUUID();
    await stageMessage(pipeline.database.db, config().secretKey, {
      messageId,
      accountId: sender.account.id,
      mode,
      content: messageContent({ to: 'someone@example.org', from: `hello@${sender.domain}` }),
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') }],
    });
    await pipeline.database
      .db('staged_messages')
      .where({ message_id: messageId })
      .update({ created_at: new Date(now - ageMs) });
    return messageId;
  };
  const sharedOld = await stage('shared', 91 * DAY);
  const sharedKept = await stage('shared', 89 * DAY);
  const byocLeftover = await stage('byoc', 25 * 3_600_000);
  const byocInFlight = await stage('byoc', 3_600_000);
  // Accepted two days ago, scheduled for tomorrow: waiting, not a leftover. Its sibling was sent days ago.
  const byocScheduled = await stage('byoc', 2 * DAY);
  const settled = randomUUID();
  await pipeline.database.db('scheduled_sends').insert([
    {
      message_id: byocScheduled,
      account_id: sender.account.id,
      mode: 'byoc',
      scheduled_at: new Date(now + DAY),
      counted_at: new Date(now - 2 * DAY),
    },
    {
      message_id: settled,
      account_id: sender.account.id,
      mode: 'byoc',
      scheduled_at: new Date(now - 91 * DAY),
      counted_at: new Date(now - 92 * DAY),
      state: 'released',
    },
  ]);
  const samples = [randomUUID(), randomUUID()];
  await pipeline.database.db('provider_messages').insert([
    {
      provider_message_id: `old-${samples[0]}`,
      message_id: samples[0],
      account_id: sender.account.id,
      created_at: new Date(now - 91 * DAY),
    },
    {
      provider_message_id: `new-${samples[1]}`,
      message_id: samples[1],
      account_id: sender.account.id,
      created_at: new Date(now - DAY),
    },
  ]);
  await pipeline.database.db('send_outcomes').insert([
    { message_id: samples[0], account_id: sender.account.id, sent_at: new Date(now - 91 * DAY) },
    { message_id: samples[1], account_id: sender.account.id, sent_at: new Date(now - DAY) },
  ]);

  await pipeline.database.db('idempotency_keys').insert([
    {
      account_id: sender.account.id,
      key: 'expired',
      request_hash: 'h',
      state: 'completed',
      expires_at: new Date(now - 1000),
    },
    {
      account_id: sender.account.id,
      key: 'live',
      request_hash: 'h',
      state: 'completed',
      expires_at: new Date(now + 3_600_000),
    },
  ]);

  // Received messages (docs/inbound.md, "Retention"): raw, parse and attachments go together after 90 days.
  const inbound = async (ageDays: number) => {
    const id = await insertReceivedRow(pipeline.database.db, {
      accountId: sender.account.id,
      domain: sender.domain,
      receivedAt: new Date(now - ageDays * DAY),
    });
    await pipeline.database.db('inbound_attachments').insert({
      message_id: id,
      position: 0,
      filename: 'a.txt',
      declared_type: 'text/plain',
      detected_type: 'application/octet-stream',
      size_bytes: 1,
      sha256: 'x',
      content: Buffer.from('a'),
    });
    return id;
  };
  const [inboundOld, inboundKept] = [await inbound(91), await inbound(89)];

  expect(await run('contentRetention', [{ contentDays: 90 }])).toEqual({
    sharedContent: 1,
    byocLeftovers: 1,
    providerMessages: 1,
    sendSamples: 1,
    schedules: 1,
    byocSends: 0,
    idempotencyKeys: 1,
    sessions: 0,
    userTokens: 0,
    domainClaims: 0,
    privacyExports: 0,
    inboundMessages: 1,
  });
  expect(await remaining('inbound_messages', 'id', [inboundOld, inboundKept])).toEqual([inboundKept]);
  expect(await remaining('inbound_attachments', 'message_id', [inboundOld, inboundKept])).toEqual([inboundKept]);
  expect(await remaining('idempotency_keys', 'key', ['expired', 'live'])).toEqual(['live']);
  expect(
    await remaining('staged_messages', 'message_id', [
      sharedOld,
      sharedKept,
      byocLeftover,
      byocInFlight,
      byocScheduled,
    ]),
  ).toEqual([sharedKept, byocInFlight, byocScheduled]);
  expect(await remaining('staged_attachments', 'message_id', [sharedOld, byocLeftover])).toEqual([]);
  expect(await remaining('provider_messages', 'message_id', samples)).toEqual([samples[1]]);
  expect(await remaining('send_outcomes', 'message_id', samples)).toEqual([samples[1]]);
});

test('a backlog larger than one batch is purged in full, each DELETE statement removing at most one batch', async () => {
  // The bug this guards against (docs/decisions.md, "Purges delete in batches"): the content purge
  // was one DELETE per table under the 15 s statement timeout; at volume it could time out every
  // hour and never catch up. Its own database: the counts are exact.
  const database = await createTestDatabase();
  const statements: { table: string; rows: number }[] = [];
  database.db.on('query-response', (rows: unknown, query: { sql?: string }) => {
    const table = /^delete from "(\w+)"/i.exec(query.sql ?? '')?.[1];
    if (table && typeof rows === 'number') statements.push({ table, rows });
  });
  try {
    const db = database.db;
    const owner = await createSender(db);
    const now = Date.now();
    const old = new Date(now - 91 * DAY);
    const stage = async (mode: 'shared' | 'byoc', createdAt: Date) => {
      const messageId = randomUUID();
      await stageMessage(db, config().secretKey, {
        messageId,
        accountId: owner.account.id,
        mode,
        content: messageContent({ to: 'someone@example.org', from: `hello@${owner.domain}` }),
        attachments: [{ filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') }],
      });
      await db('staged_messages').where({ message_id: messageId }).update({ created_at: createdAt });
      return messageId;
    };
    const expired = { shared: [] as string[], byoc: [] as string[] };
    for (let i = 0; i < 7; i++) expired.shared.push(await stage('shared', old));
    for (let i = 0; i < 5; i++) expired.byoc.push(await stage('byoc', new Date(now - 2 * DAY)));
    const kept = await stage('shared', new Date(now - DAY));
    const samples = Array.from({ length: 5 }, () => randomUUID());
    await db('provider_messages').insert(
      samples.map((id) => ({
        provider_message_id: `ses-${id}`,
        message_id: id,
        account_id: owner.account.id,
        created_at: old,
      })),
    );
    await db('send_outcomes').insert(
      samples.map((id) => ({ message_id: id, account_id: owner.account.id, sent_at: old })),
    );

    const purged = await purgeExpiredContent(db, { now: new Date(now), contentDays: 90, batchSize: 2 });
    expect(purged).toMatchObject({ sharedContent: 7, byocLeftovers: 5, providerMessages: 5, sendSamples: 5 });
    expect(await db('staged_messages').pluck('message_id')).toEqual([kept]);
    expect(await db('staged_attachments').whereNot({ message_id: kept }).count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await db('provider_messages').count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await db('send_outcomes').count({ n: '*' })).toEqual([{ n: '0' }]);

    // Batches of at most 2 rows: 7 shared + 5 BYOC messages take at least 6 statements, 5 rows 3.
    const of = (table: string) => statements.filter((s) => s.table === table);
    for (const table of ['staged_messages', 'provider_messages', 'send_outcomes']) {
      expect({ table, largest: Math.max(...of(table).map((s) => s.rows)) }).toEqual({ table, largest: 2 });
    }
    expect(of('staged_messages').length).toBeGreaterThanOrEqual(6);
    expect(of('provider_messages').length).toBeGreaterThanOrEqual(3);
    expect(of('send_outcomes').length).toBeGreaterThanOrEqual(3);
  } finally {
    await database.drop();
  }
});

test('worker start creates the retention schedules once and keeps them in line with the settings (dev server)', async () => {
  const taskQueue = `retention-${randomUUID()}`;
  const dev = testConfig({ TEMPORAL_TASK_QUEUE: taskQueue });
  const connection = await Connection.connect({ address: dev.temporal.address });
  const client = new Client({ connection, namespace: dev.temporal.namespace });
  try {
    const ids = await ensureRetentionSchedules(client, dev);
    expect(await ensureRetentionSchedules(client, dev)).toEqual(ids); // a restart changes nothing
    expect(ids).toEqual([`${taskQueue}-email-log-retention`, `${taskQueue}-content-retention`]);

    const log = await client.schedule.getHandle(ids[0]!).describe();
    expect(log.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'emailLogRetention',
      taskQueue,
      args: [{ retentionDays: 14 }],
    });
    expect(log.spec.intervals).toMatchObject([{ every: 3_600_000 }]);
    const content = await client.schedule.getHandle(ids[1]!).describe();
    expect(content.action).toMatchObject({ workflowType: 'contentRetention', args: [{ contentDays: 90 }] });

    // Changed settings reach the existing schedule on the next start.
    await ensureRetentionSchedules(
      client,
      testConfig({ TEMPORAL_TASK_QUEUE: taskQueue, EMAIL_LOG_RETENTION_DAYS: '7' }),
    );
    expect((await client.schedule.getHandle(ids[0]!).describe()).action).toMatchObject({
      args: [{ retentionDays: 7 }],
    });
    const listed: string[] = [];
    for await (const s of client.schedule.list()) if (s.scheduleId.startsWith(taskQueue)) listed.push(s.scheduleId);
    expect(listed.length).toBeLessThanOrEqual(2);
    await Promise.all(ids.map((id) => client.schedule.getHandle(id).delete()));
  } finally {
    await connection.close();
  }
});

test('a worker that starts while Temporal is away keeps trying, and the schedules appear once it is back', async () => {
  const taskQueue = `retention-${randomUUID()}`;
  const dev = testConfig({ TEMPORAL_TASK_QUEUE: taskQueue });
  const proxy = await startTcpProxy(dev.temporal.address);
  await proxy.cut();
  const client = new Client({
    connection: Connection.lazy({ address: proxy.address }),
    namespace: dev.temporal.namespace,
  });
  const lines: { msg: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) },
  );
  const stop = new AbortController();
  try {
    const done = keepEnsuringRetentionSchedules(client, dev, logger, stop.signal);
    await eventually(
      'a failed attempt',
      async () => (lines.some((l) => l.msg === 'retention schedules not in place yet') ? true : undefined),
      30_000,
    );
    await proxy.restore();
    await done;
    expect(lines.at(-1)?.msg).toBe('retention schedules in place');
    const ids = retentionSchedules(dev).map((s) => s.scheduleId);
    expect((await client.schedule.getHandle(ids[0]!).describe()).scheduleId).toBe(ids[0]);
    await Promise.all(ids.map((id) => client.schedule.getHandle(id).delete()));
  } finally {
    stop.abort();
    await client.connection.close();
    await proxy.close();
  }
}, 90_000);
