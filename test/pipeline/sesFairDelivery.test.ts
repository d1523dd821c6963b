// Paced, fair delivery end to end (docs/sending.md, "Pace and fair shares"): the API, two workers
// and an SES of this file's own that refuses more than 5 sends a second (tools/stack/throttledSes.ts).
// One account's batch drains at SES's rate while another account's one-off sends go at once.
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { NativeConnection, type Worker } from '@temporalio/worker';
import type Redis from 'ioredis';
import { createLogger } from '../../core/platform/logger';
import { createRedis } from '../../core/platform/redis';
import { sharedSesClient } from '../../core/platform/awsClients';
import { sesPacerFor } from '../../core/sending/sesPacing';
import { createWorker } from '../../worker/createWorker';
import { startThrottledSes, type ThrottledSes } from '../../tools/stack/throttledSes';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { testInfra } from '../helpers/env';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { call } from '../api/helpers/http';

const RATE = 5;
let ses: ThrottledSes;
let stack: ServiceStack;
let second: { worker: Worker; running: Promise<void>; connection: NativeConnection; redis: Redis };

beforeAll(async () => {
  ses = await startThrottledSes({ rate: RATE });
  stack = await startServiceStack({ env: { SES_ENDPOINT: ses.endpoint } });
  // A second worker process's share of the work: its own connections, the same task queue and Redis.
  const connection = await NativeConnection.connect({ address: testInfra().temporalAddress });
  const redis = createRedis(stack.config);
  await once(redis, 'ready');
  const worker = await createWorker({
    connection,
    namespace: stack.config.temporal.namespace,
    taskQueue: stack.config.temporal.taskQueue,
    deps: {
      config: stack.config,
      db: stack.db,
      sharedSes: sharedSesClient(stack.config),
      logger: createLogger('silent', 'test'),
      pacer: sesPacerFor(redis, stack.config),
    },
    workflowBundlePath: testInfra().workflowBundlePath,
  });
  second = { worker, running: worker.run(), connection, redis };
});

afterAll(async () => {
  second?.worker.shutdown();
  await second?.running;
  await second?.connection.close();
  second?.redis.disconnect();
  await stack?.stop();
  await ses?.stop();
});

const email = (s: SenderFixture, subject: string) => ({
  from_email: `hello@${s.domain}`,
  to: `success+${randomUUID().slice(0, 8)}@${stack.config.simulatorDomain}`,
  subject,
  message: 'Hi there.',
});

async function post(s: SenderFixture, path: string, body: unknown) {
  const res = await call(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': s.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res;
}

/** When each message reached `sent` (SES accepted it), by message id. */
async function sentAt(ids: string[]): Promise<Map<string, number>> {
  const rows = await stack
    .db('email_log')
    .whereIn('message_id', ids)
    .whereNotNull('sent_at')
    .select<{ message_id: string; sent_at: Date }[]>('message_id', 'sent_at');
  return new Map(rows.map((r) => [r.message_id, r.sent_at.getTime()]));
}

test("one account's batch drains at SES's rate across two workers while another's one-off sends go at once", async () => {
  const [a, b] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
  const batch = await post(a, '/api/send/batch', {
    emails: Array.from({ length: 40 }, (_, i) => email(a, `Newsletter ${i}`)),
  });
  const batchIds = (batch.json.data as { message_id: string }[]).map((d) => d.message_id);
  await new Promise((r) => setTimeout(r, 1500));
  const singles: { id: string; answeredAt: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await post(b, '/api/send/', email(b, `Your sign-in code ${i}`));
    singles.push({ id: (res.json as { message_id: string }).message_id, answeredAt: Date.now() });
    await new Promise((r) => setTimeout(r, 700));
  }
  const all = [...batchIds, ...singles.map((s) => s.id)];
  const sent = await eventually(
    'every message sent',
    async () => {
      const at = await sentAt(all);
      return at.size === all.length ? at : undefined;
    },
    60_000,
  );

  // B's sends went at their turn, not after A's batch (8 s of turns): each within a couple of
  // turns of its answer, plus the workflow's own steps, which take longer on a busy machine (a CI
  // run saw 1,018 ms beside other test files).
  for (const s of singles) expect(sent.get(s.id)! - s.answeredAt).toBeLessThan(2000);
  const lastOfBatch = Math.max(...batchIds.map((id) => sent.get(id)!));
  for (const s of singles) expect(sent.get(s.id)!).toBeLessThan(lastOfBatch - 2000);

  // SES saw no more than its rate in any second, and refused next to nothing.
  const accepted = ses.recorder.acceptedAt(stack.config.ses.accessKeyId!);
  expect(accepted).toHaveLength(all.length);
  const most = Math.max(...accepted.map((t) => accepted.filter((u) => u >= t && u < t + 1000).length));
  expect(most).toBeLessThanOrEqual(RATE);
  // Calls leave at slots 5 % wider than SES's; a loaded machine's event loop can still hold one
  // back into the next call's second, and the local SES's window is stricter than SES's (it refuses
  // the sixth call in any 1000 ms): such a throttle is taken again at the next turn.
  expect(ses.recorder.pace().keys[stack.config.ses.accessKeyId!]!.throttled).toBeLessThanOrEqual(1);
  // ...and was kept busy: 43 messages at 5 a second (less 5 % of headroom) take about 9 s.
  expect(Math.max(...accepted) - Math.min(...accepted)).toBeLessThan(12_000);
});
