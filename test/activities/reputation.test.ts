// Reputation against the real database: hard bounces and complaints of real shared sends over the
// rolling window, the thresholds, and the suspension the API then enforces.
import { MockActivityEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { createActivities } from '../../activities';
import { getAccount } from '../../core/accounts/accounts';
import { createLogger } from '../../core/platform/logger';
import { watchSystemReputation } from '../../core/platform/metrics';
import { systemAccountReputation } from '../../core/sending/systemEmail';
import { Registry } from 'prom-client';
import { recordSendSample } from '../../core/providerEvents/reputation';
import { sharedSesClient } from '../../core/platform/awsClients';
import { testConfig } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createSender } from '../helpers/fixtures';

let database: TestDatabase;
let activities: ReturnType<typeof createActivities>;
const REPUTATION_ENV = {
  REPUTATION_MIN_SENDS: '20',
  REPUTATION_WINDOW_DAYS: '7',
  BOUNCE_RATE_THRESHOLD: '0.05',
  COMPLAINT_RATE_THRESHOLD: '0.001',
};
const activityEnv = new MockActivityEnvironment();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: database.url, ...REPUTATION_ENV });
  activities = createActivities({
    config,
    db: database.db,
    sharedSes: sharedSesClient(config),
    logger: createLogger('silent', 'test'),
  });
});

afterAll(async () => {
  await database?.drop();
});

async function samples(accountId: string, count: number, ageDays = 0): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const messageId of ids) await recordSendSample(database.db, { messageId, accountId, domain: 'example.com' });
  if (ageDays)
    await database
      .db('send_outcomes')
      .whereIn('message_id', ids)
      .update({ sent_at: new Date(Date.now() - ageDays * 86_400_000) });
  return ids;
}

const report = (accountId: string, messageId: string, event: 'bounce' | 'complaint') =>
  activityEnv.run(activities.updateReputation, { accountId, messageId, event, at: new Date().toISOString() });

test('the hard-bounce rate over the window suspends the account at the threshold, once, with an audit entry', async () => {
  const { account } = await createSender(database.db);
  const ids = await samples(account.id, 60);
  const old = await samples(account.id, 30, 8); // outside the 7-day window: never counted
  for (const id of old)
    await database.db('send_outcomes').where({ message_id: id }).update({ hard_bounced_at: new Date() });

  expect(await report(account.id, ids[0]!, 'bounce')).toMatchObject({ counted: true, sends: 60, suspended: false });
  expect(await report(account.id, ids[0]!, 'bounce')).toMatchObject({ counted: false, sends: 60 }); // a duplicate report
  expect(await report(account.id, ids[1]!, 'bounce')).toMatchObject({ counted: true, suspended: false });
  expect((await getAccount(database.db, account.id))?.sendingSuspended).toBe(false);

  expect(await report(account.id, ids[2]!, 'bounce')).toMatchObject({
    counted: true,
    bounceRate: 0.05,
    suspended: true,
  });
  const suspended = await getAccount(database.db, account.id);
  expect(suspended?.sendingSuspended).toBe(true);
  expect(suspended?.suspendedReason).toBe(
    'hard-bounce rate 5.00% over the last 7 days (3 of 60 sends) reached the 5.00% threshold',
  );
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
  expect((await getAccount(database.db, account.id))?.suspendedReason).toMatch(
    /^complaint rate 0\.30% .*\(3 of 1000 sends\)/,
  );
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

test('the system account is never suspended (its own emails must go on); its rates are Prometheus gauges for an alert', async () => {
  const { account, domain } = await createSender(database.db);
  const config = testConfig({
    DATABASE_URL: database.url,
    ...REPUTATION_ENV,
    SYSTEM_EMAIL_FROM: `Postage <no-reply@${domain}>`,
  });
  const system = createActivities({
    config,
    db: database.db,
    sharedSes: sharedSesClient(config),
    logger: createLogger('silent', 'test'),
  });
  const register = new Registry();
  watchSystemReputation(register, () => systemAccountReputation(database.db, config));

  const ids = await samples(account.id, 40);
  for (const id of ids.slice(0, 4)) {
    expect(
      await activityEnv.run(system.updateReputation, {
        accountId: account.id,
        messageId: id,
        event: 'bounce' as const,
        at: new Date().toISOString(),
      }),
    ).toMatchObject({
      counted: true,
      suspended: false,
    });
  }
  await activityEnv.run(system.updateReputation, {
    accountId: account.id,
    messageId: ids[5]!,
    event: 'complaint' as const,
    at: new Date().toISOString(),
  });
  expect((await getAccount(database.db, account.id))?.sendingSuspended).toBe(false);

  const text = await register.metrics();
  expect(text).toMatch(/^postage_system_account_sends 40$/m);
  expect(text).toMatch(/^postage_system_account_bounce_rate 0\.1$/m);
  expect(text).toMatch(/^postage_system_account_complaint_rate 0\.025$/m);

  // The same rates suspend an ordinary account.
  const other = await createSender(database.db);
  const otherIds = await samples(other.account.id, 40);
  for (const id of otherIds.slice(0, 4))
    await activityEnv.run(system.updateReputation, {
      accountId: other.account.id,
      messageId: id,
      event: 'bounce' as const,
      at: new Date().toISOString(),
    });
  expect((await getAccount(database.db, other.account.id))?.sendingSuspended).toBe(true);
});
