// SES SendEmail is not idempotent: an attempt that follows one SES already accepted must return
// that acceptance instead of sending again. Against the real database and the SES emulator.
import { MockActivityEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { createActivities } from '../../activities';
import { SEND_ATTEMPT_TIMEOUT_MS } from '../../core/model/sendFailures';
import { getLogRow, insertQueuedLogRow } from '../../core/sending/emailLog';
import { createLogger } from '../../core/platform/logger';
import { recordProviderMessage } from '../../core/providerEvents/providerMessages';
import { sharedSesClient } from '../../core/platform/awsClients';
import { stageMessage } from '../../core/sending/staging';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { testConfig } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { messageContent } from '../helpers/pipeline';

let database: TestDatabase;
let sender: SenderFixture;
let activities: ReturnType<typeof createActivities>;
const config = () => testConfig({ DATABASE_URL: database.url });

beforeAll(async () => {
  database = await createTestDatabase();
  sender = await createSender(database.db);
  activities = createActivities({
    config: config(),
    db: database.db,
    sharedSes: sharedSesClient(config()),
    logger: createLogger('silent', 'test'),
  });
});

afterAll(async () => {
  await database?.drop();
});

/** An attempt as the workflow schedules it (the mock's own default timeout is 1 s, too short to call SES at all). */
const sendAttempt = (info: ConstructorParameters<typeof MockActivityEnvironment>[0] = {}) =>
  new MockActivityEnvironment({ startToCloseTimeoutMs: SEND_ATTEMPT_TIMEOUT_MS, ...info });

async function staged(mode: 'shared' | 'byoc') {
  const messageId = randomUUID();
  const subject = `Once ${messageId}`;
  const content = messageContent({ to: 'ann@example.org', from: `hello@${sender.domain}`, subject });
  await stageMessage(database.db, config().secretKey, {
    messageId,
    accountId: sender.account.id,
    mode,
    content,
    attachments: [],
  });
  if (mode === 'shared')
    await insertQueuedLogRow(database.db, {
      messageId,
      accountId: sender.account.id,
      recipient: 'ann@example.org',
      fromEmail: content.from.address,
      subject,
      kind: 'real',
      attachments: 0,
    });
  return { messageId, subject };
}

const copiesAtSes = async (subject: string) =>
  (await sesEmulatorStore(config().ses.endpoint!)).filter((e) => e.subject === subject).length;

test('the id SES returned is heartbeated at once and recorded with the log row and the rate sample', async () => {
  const { messageId, subject } = await staged('shared');
  const env = sendAttempt();
  const heartbeats: unknown[] = [];
  env.on('heartbeat', (d: unknown) => heartbeats.push(d));
  const answer = await env.run(activities.sendViaSes, { messageId, kind: 'real' as const });
  const { providerMessageId } = answer as { providerMessageId: string };
  expect(heartbeats).toEqual([{ providerMessageId }]);
  expect(await copiesAtSes(subject)).toBe(1);
  expect(await getLogRow(database.db, messageId)).toMatchObject({
    status: 'sent',
    provider_message_id: providerMessageId,
  });
  expect(await database.db('send_outcomes').where({ message_id: messageId }).first()).toBeDefined();
});

test('an attempt after SES accepted and the id was recorded does not send again', async () => {
  const { messageId, subject } = await staged('shared');
  await recordProviderMessage(database.db, {
    providerMessageId: `ses-${messageId}`,
    messageId,
    accountId: sender.account.id,
    kind: 'real',
  });
  expect(await sendAttempt().run(activities.sendViaSes, { messageId, kind: 'real' as const })).toEqual({
    providerMessageId: `ses-${messageId}`,
  });
  expect(await copiesAtSes(subject)).toBe(0);
});

test('an attempt after SES accepted but recording failed finds the id in the heartbeat, records it, sends nothing', async () => {
  const { messageId, subject } = await staged('shared');
  const retry = sendAttempt({ attempt: 2, heartbeatDetails: { providerMessageId: `ses-${messageId}` } });
  expect(await retry.run(activities.sendViaSes, { messageId, kind: 'simulator' as const })).toEqual({
    providerMessageId: `ses-${messageId}`,
  });
  expect(await copiesAtSes(subject)).toBe(0);
  expect(await database.db('provider_messages').where({ message_id: messageId }).first()).toMatchObject({
    provider_message_id: `ses-${messageId}`,
    kind: 'simulator',
  });
  expect(await getLogRow(database.db, messageId)).toMatchObject({ status: 'sent' });
  expect(await database.db('send_outcomes').where({ message_id: messageId }).first()).toBeUndefined(); // simulator: no rate sample
});

test('BYOC: an attempt after SES accepted returns the id and discards the content, without STS or SES', async () => {
  const { messageId } = await staged('byoc');
  const retry = sendAttempt({ attempt: 2, heartbeatDetails: { providerMessageId: 'ses-byoc' } });
  expect(await retry.run(activities.sendViaSes, { messageId, kind: 'real' as const })).toEqual({
    providerMessageId: 'ses-byoc',
  });
  expect(await database.db('staged_messages').where({ message_id: messageId }).first()).toBeUndefined();
});
