// postage-admin ses-pace: an operator reads the whole queue at an SES account (every account's
// messages, how many accounts wait) and its pace, from the deployment's Redis.
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { createSesPacer, type SendingAccount, type SendLane, type SesPacer } from '../../core/sending/sesPacing';
import { freePort } from '../../tools/stack/processes';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { uniqueName } from '../helpers/fixtures';
import { cliFor, ok, runCli, type Cli } from './cliHarness';

const KEY_PREFIX = `test-${randomBytes(6).toString('hex')}`;
let database: TestDatabase;
let redis: Redis;
let pacer: SesPacer;
let cli: Cli;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = new Redis(testInfra().redisUrl);
  // As sesPacerFor builds it for this prefix (a fallback rate of 1 a second until SES's is read).
  pacer = createSesPacer(redis, { keyPrefix: KEY_PREFIX, fallbackRate: 1, headroom: 0.95 });
  cli = cliFor({ DATABASE_URL: database.url, REDIS_URL: testInfra().redisUrl, REDIS_KEY_PREFIX: KEY_PREFIX });
});
afterAll(async () => {
  redis?.disconnect();
  await database?.drop();
});

/** Messages the pacer tells to wait: the sending account's turn is taken first, by a message not counted after. */
async function queueUp(at: SendingAccount, messages: { accountId: string; lane: SendLane; count: number }[]) {
  expect((await pacer.take(at, { messageId: uniqueName('first'), accountId: 'first', lane: 'single' })).go).toBe(true);
  for (const { accountId, lane, count } of messages)
    for (let i = 0; i < count; i++) await pacer.take(at, { messageId: uniqueName('waiting'), accountId, lane });
}

test('ses-pace counts every account’s messages waiting at the shared SES account, by lane, with the pace', async () => {
  await queueUp('shared', [
    { accountId: 'account-a', lane: 'single', count: 2 },
    { accountId: 'account-b', lane: 'bulk', count: 3 },
  ]);
  const { json } = ok(await cli(['ses-pace']));
  expect(json).toEqual({
    sendingAccount: 'shared',
    waiting: { single: 2, bulk: 3 },
    accountsWaiting: 2,
    pacePerSecond: 0.95,
    sendRatePerSecond: 1,
    lastThrottledAt: null,
  });
});

test('ses-pace --byoc reads that account’s own SES account, and shows its last throttle', async () => {
  await pacer.throttled('byoc:account-c');
  const { json } = ok(await cli(['ses-pace', '--byoc', 'account-c']));
  expect(json).toMatchObject({ sendingAccount: 'byoc:account-c', waiting: { single: 0, bulk: 0 } });
  expect(json.lastThrottledAt).toEqual(expect.any(String));
  expect(json.pacePerSecond).toBeLessThan(json.sendRatePerSecond);
});

test('ses-pace prints the queue and the pace as text', async () => {
  const { stdout } = ok(
    await runCli(['ses-pace'], {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: KEY_PREFIX,
    }),
  );
  expect(stdout).toMatch(
    /^shared: \d+ single and \d+ bulk waiting, from \d+ account\(s\)\npace 0\.95\/s of a send rate of 1\/s; no throttle in the last hour\n$/,
  );
});

test('with Redis unreachable ses-pace exits 1 with a one-line reason', async () => {
  const result = await cli(['ses-pace'], { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
});
