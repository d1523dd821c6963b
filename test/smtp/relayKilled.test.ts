// The relay killed mid-transaction, the hard way: its process dies (SIGKILL) right after the
// message is committed (counted, in the outbox) and before DATA is answered. The client sees the
// connection drop, a transient error; its retry with the same X-Postage-Idempotency-Key, to a new
// relay, replays the accepted message instead of counting it again, and the worker's outbox relay
// starts it: exactly one email reaches SES.
import { randomBytes } from 'node:crypto';
import { createWorkerMetrics } from '../../core/platform/metrics';
import { createLogger } from '../../core/platform/logger';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import type { ManagedProcess } from '../../tools/stack/processes';
import { startAcceptRelay } from '../../worker/acceptRelay';
import { messageWorkflows } from '../../workflows/client';
import { testEnv } from '../helpers/config';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelayProcess, type TlsFiles } from '../helpers/smtpRelay';
import { sendWithNodemailer } from './clients';

let stack: ServiceStack;
let tls: TlsFiles;
let sender: SenderFixture;
let outbox: { stop(): Promise<void> };
const processes: ManagedProcess[] = [];

beforeAll(async () => {
  stack = await startServiceStack();
  tls = await makeTlsFiles();
  sender = await createSender(stack.db);
  // The worker process's outbox relay, here in-process: it starts what a dead front end accepted.
  outbox = startAcceptRelay({
    db: stack.db,
    workflows: messageWorkflows(stack.temporal, stack.config.temporal.taskQueue),
    logger: createLogger('silent', 'test'),
    metrics: createWorkerMetrics(),
    olderThanSeconds: 1,
    startTimeoutMs: 5_000,
  });
});

afterAll(async () => {
  for (const p of processes) await p.stop();
  await outbox?.stop();
  await stack?.stop();
});

/** The env the stack runs on, for a relay process of its own. */
function relayEnv(extra: Record<string, string> = {}): Record<string, string> {
  return testEnv({
    DATABASE_URL: stack.database.url,
    TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
    REDIS_KEY_PREFIX: stack.config.redis.keyPrefix,
    POSTAGE_SECRET_KEY: stack.config.secretKey,
    ...extra,
  });
}

test('killed after the commit, before the reply: a transient error, and the retry sends exactly once', async () => {
  const subject = `killed-${randomBytes(6).toString('hex')}`;
  const message = {
    from: `hello@${sender.domain}`,
    to: 'crash@example.org',
    subject,
    text: 'exactly once',
    headers: { 'X-Postage-Idempotency-Key': `retry-${subject}` },
  };

  const doomed = await startRelayProcess(relayEnv({ POSTAGE_KILL_AT: 'accept:committed' }), tls);
  processes.push(doomed.process);
  const failure = await sendWithNodemailer(
    { port: doomed.port, secure: false, apiKey: sender.apiKey, ca: tls.cert },
    message,
  ).then(
    () => undefined,
    (err: { code?: string; responseCode?: number }) => err,
  );
  // No permanent reply: the connection dropped (a network error, which clients retry).
  expect(failure).toBeDefined();
  expect(failure!.responseCode === undefined || failure!.responseCode < 500).toBe(true);

  const relay = await startRelayProcess(relayEnv(), tls);
  processes.push(relay.process);
  const retry = await sendWithNodemailer(
    { port: relay.port, secure: false, apiKey: sender.apiKey, ca: tls.cert },
    message,
  );
  expect(retry.response).toMatch(/^250 2\.6\.0 Queued 1 message: /);

  // The outbox relay starts it; wait until it arrived, then a little more for a second copy.
  const until = Date.now() + 30_000;
  let copies = 0;
  while (Date.now() < until && copies === 0) {
    copies = (await sesEmulatorStore(stack.config.ses.endpoint!)).filter((e) => e.subject === subject).length;
    if (copies === 0) await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 3_000));
  expect((await sesEmulatorStore(stack.config.ses.endpoint!)).filter((e) => e.subject === subject)).toHaveLength(1);
  const [usage] = await stack
    .db('usage_counters')
    .where({ account_id: sender.account.id })
    .select<{ count: number }[]>('count');
  expect(Number(usage!.count)).toBe(1);
});
