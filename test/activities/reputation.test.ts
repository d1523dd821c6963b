// Reputation against the real database: hard bounces and complaints of real shared sends over the
// rolling window, the thresholds, and the suspension the API then enforces.
import { MockActivityEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { createActivities } from '../../activities';
import { getAccount } from '../../core/accounts/accounts';
import { createLogger } from '../../core/platform/logger';
import { recordSendSample } from '../../core/providerEvents/reputation';
import { sharedSesClient } from '../../core/platform/awsClients';
import { testConfig } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createSender } from '../helpers/fixtures';

let database: TestDatabase;
let activities: ReturnType<typeof createActivities>;
const activityEnv = new MockActivityEnvironment();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: database.url, REPUTATION_MIN_SENDS: '20', REPUTATION_WINDOW_DAYS: '7', BOUNCE_RATE_THRESHOLD: '0.05', COMPLAINT_RATE_THRESHOLD: '0.001' });
  activities = createActivities({ config, db: database.db, sharedSes: sharedSesClient(config), logger: createLogger('silent', 'test') });
});

afterAll(async () => {
  await database?.drop();
});

async function samples(accountId: string, count: number, ageDays = 0): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const messageId of ids) await recordSendSample(database.db, { messageId, accountId });
  if (ageDays) await database.db('send_outcomes').whereIn('message_id', ids).update({ sent_at: new Date(Date.now() - ageDays * 86_400_000) });
  return ids;
}

const report = (accountId: string, messageId: string, event: 'bounce' | 'complaint') =>
  activityEnv.run(activities.updateReputation, { accountId, messageId, event, at: new Date().toISOString() });

test('the hard-bounce rate over the window suspends the account at the threshold, once, with an audit entry', async () => {
  const { account } = await createSender(database.db);
  const ids = await samples(account.id, 60);
  const old = await samples(account.id, 30, 8); // outside the 7-day window: never counted
  for (const id of old) await database.db('send_outcomes').where({ message_id: id }).update({ hard_bounced_at: new Date() });

  expect(await report(account.id, ids[0]!, 'bounce')).toMatchObject({ counted: true, sends: 60, suspended: false });
  expect(await report(account.id, ids[0]!, 'bounce')).toMatchObject({ counted: false, sends: 60 }); // a duplicate report
  expect(await report(account.id, ids[1]!, 'bounce')).toMatchObject({ counted: true, suspended: false });
  expect((await getAccount(database.db, account.id))?.sendingSuspended).toBe(false);

  expect(await report(account.id, ids[2]!, 'bounce')).toMatchObject({ counted: true, bounceRate: 0.05, suspended: true });
  const suspended = await getAccount(database.db, account.id);
  expect(suspended?.sendingSuspended).toBe(true);
  expect(suspended?.suspendedReason).toBe('hard-bounce rate 5.00% over the last 7 days (3 of 60 sends) reached the 5.00% threshold');
  expect(await report(account.id, ids[3]!, 'bounce')).toMatchObject({ suspended: false }); // already suspended
  const audit = await database.db('account_audit').where({ account_id: account.id, action: 'account.suspend' });
  expect(audit).toHaveLength(1);
  expect(audit[0].actor).toBe('reputation-monitor');
});

test('complaints have their own, lower threshold, reached only with at least REPUTATION_MIN_EVENTS of them', async () => {
  const { account } = await createSender(database.db);
  const ids = await samples(account.id, 1000);
  // One complaint in 1000 sends is already 0.1%: not enough events to suspend a small sender.
  expect(await report(account.id, ids[0]!, 'complaint')).toMatchObject({ complaintRate: 0.001, suspended: false });
  expect(await report(account.id, ids[1]!, 'complaint')).toMatchObject({ complaintRate: 0.002, suspended: false });
  expect((await getAccount(database.db, account.id))?.sendingSuspended).toBe(false);
  expect(await report(account.id, ids[2]!, 'complaint')).toMatchObject({ complaintRate: 0.003, suspended: true });
  expect((await getAccount(database.db, account.id))?.suspendedReason).toMatch(/^complaint rate 0\.30% .*\(3 of 1000 sends\)/);
});

test('hard bounces too need REPUTATION_MIN_EVENTS before their rate suspends', async () => {
  const { account } = await createSender(database.db);
  const ids = await samples(account.id, 20); // REPUTATION_MIN_SENDS here: 2 bounces are already 10%
  expect(await report(account.id, ids[0]!, 'bounce')).toMatchObject({ bounceRate: 0.05, suspended: false });
  expect(await report(account.id, ids[1]!, 'bounce')).toMatchObject({ bounceRate: 0.1, suspended: false });
  expect(await report(account.id, ids[2]!, 'bounce')).toMatchObject({ bounceRate: 0.15, suspended: true });
});

test('too few sends in the window never suspend, and a message without a sample (test, simulator) counts nothing', async () => {
  const { account } = await createSender(database.db);
  const ids = await samples(account.id, 5);
  for (const id of ids) expect(await report(account.id, id, 'bounce')).toMatchObject({ suspended: false });
  expect(await report(account.id, randomUUID(), 'complaint')).toMatchObject({ counted: false, sends: 5 });
  expect((await getAccount(database.db, account.id))?.sendingSuspended).toBe(false);
});
