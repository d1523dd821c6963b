// BYOC sends on the time-skipping server through a real STS/IAM/SES peer (moto's server with IAM
// enforced): AssumeRole on Service-BYOC-Role with the ExternalId, a cached 15-minute session that
// never leaves the worker, SES in the configured region, and every refusal ending the message with
// a redacted reason (and, when the role or account refuses, the configuration marked unusable).
import { simpleParser } from 'mailparser';
import { randomBytes, randomUUID } from 'node:crypto';
import { getByocConfig, isByocUsable } from '../../core/byoc/byocConfig';
import { getLogRow } from '../../core/sending/emailLog';
import { testConfig } from '../helpers/config';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { BYOC_ROLE_ARN, startMotoPeer, type MotoPeer } from '../helpers/moto';
import {
  activityResults,
  activityStory,
  attemptsOf,
  messageContent,
  stageAndStart,
  startTimeSkippingPipeline,
  type TimeSkippingPipeline,
} from '../helpers/pipeline';
import { LEAN_BOOKKEEPING_PATCH } from '../../workflows/activityProxies';

const REGION = 'eu-west-1';
let pipeline: TimeSkippingPipeline;
let moto: MotoPeer;
let sender: SenderFixture;
let externalId: string;
let awsEnv: Record<string, string>;
const config = () => testConfig({ DATABASE_URL: pipeline.database.url, TEMPORAL_TASK_QUEUE: 'byoc-send', ...awsEnv });
const db = () => pipeline.database.db;

async function setByocConfig(
  patch: { role_arn?: string; external_id?: string; unusable_reason?: string | null } = {},
): Promise<void> {
  await db()('byoc_configs')
    .insert({
      account_id: sender.account.id,
      role_arn: BYOC_ROLE_ARN,
      region: REGION,
      external_id: externalId,
      enabled: true,
      validated_at: new Date(),
      unusable_reason: null,
      ...patch,
    })
    .onConflict('account_id')
    .merge();
}

beforeAll(async () => {
  [pipeline, moto] = await Promise.all([startTimeSkippingPipeline(), startMotoPeer('moto-byoc-send')]);
  externalId = randomBytes(24).toString('hex');
  await moto.configureByocRole({ externalId });
  awsEnv = {
    STS_ENDPOINT: moto.endpoint,
    STS_ACCESS_KEY_ID: moto.relay.accessKeyId,
    STS_SECRET_ACCESS_KEY: moto.relay.secretAccessKey,
    BYOC_SES_ENDPOINT: moto.endpoint,
  };
  sender = await createSender(db(), { mode: 'byoc' });
  await moto.verifySesIdentity(sender.domain, REGION);
  await pipeline.runWorker(config());
});

beforeEach(async () => {
  await setByocConfig();
});

afterAll(async () => {
  await pipeline?.stop();
  await moto?.stop();
});

const deps = () => ({ db: db(), config: config(), client: pipeline.env.client });

function sendByoc(opts: { to?: string; from?: string; subject?: string; text?: string } = {}) {
  return stageAndStart(deps(), {
    accountId: sender.account.id,
    mode: 'byoc',
    content: messageContent({
      to: opts.to ?? `cust-${randomUUID()}@example.org`,
      from: opts.from ?? `hello@${sender.domain}`,
      subject: opts.subject ?? 'BYOC',
      text: opts.text ?? 'Hello',
    }),
    attachments: [{ filename: 'note.txt', contentType: 'text/plain', data: Buffer.from('a note') }],
  });
}

async function historyJson(started: { handle: { fetchHistory(): Promise<unknown> } }): Promise<string> {
  return JSON.stringify(await started.handle.fetchHistory());
}

test('sends through the customer account in its region; keeps nothing; returns nothing secret', async () => {
  const subject = `Invoice ${randomUUID()}`;
  const started = await sendByoc({ subject });
  const result = await started.result();
  expect(result).toEqual({ status: 'sent', providerMessageId: expect.any(String) });

  const sent = (await moto.sentRawEmails()).find((m) => m.id === result.providerMessageId)!;
  const parsed = await simpleParser(sent.raw_data);
  expect(parsed.subject).toBe(subject);
  expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['note.txt', 'a note']]);

  expect(await db()('staged_messages').where({ message_id: started.messageId }).first()).toBeUndefined();
  expect(await getLogRow(db(), started.messageId)).toBeUndefined();
  expect(await db()('provider_messages').where({ message_id: started.messageId }).first()).toBeUndefined();
  expect(await activityStory(started.handle)).toEqual([
    'recordQueuedMessage',
    'resolveByocCredentials',
    'sendViaSes',
    'discardStagedMessage',
  ]);
  // A 15-minute session, of which history holds the expiry and nothing else.
  const [resolved] = (await activityResults(started.handle, 'resolveByocCredentials')) as { expiresAt: string }[];
  expect(Object.keys(resolved!)).toEqual(['expiresAt']);
  const lifetimeMs = new Date(resolved!.expiresAt).getTime() - Date.now();
  expect(lifetimeMs).toBeGreaterThan(10 * 60_000);
  expect(lifetimeMs).toBeLessThanOrEqual(15 * 60_000);

  // The session moto granted never reached Temporal: only its expiry did.
  const data = (await (await fetch(`${moto.endpoint}/moto-api/data.json`)).json()) as {
    sts: { AssumedRole: { access_key_id: string; secret_access_key: string; session_token: string }[] };
  };
  const history = await historyJson(started);
  for (const role of data.sts.AssumedRole) {
    for (const secret of [role.access_key_id, role.secret_access_key, role.session_token])
      expect(history).not.toContain(secret);
  }
  expect(history).not.toContain(subject);
  const { typedSearchAttributes } = await started.handle.describe();
  expect(Object.fromEntries(typedSearchAttributes.getAll().map((p) => [p.key.name, p.value]))).toEqual({
    PostageAccountId: sender.account.id,
    PostageMode: 'byoc',
    // No PostageStatus: `sent` is a BYOC message's normal end (docs/operations.md).
    // Temporal's own attribute: which code paths (patches) this run took, for operators.
    TemporalChangeVersion: [LEAN_BOOKKEEPING_PATCH],
  });
});

test('a second message reuses the cached session (no new AssumeRole)', async () => {
  await (await sendByoc()).result();
  const before = await moto.assumedRoleCount();
  expect((await (await sendByoc()).result()).status).toBe('sent');
  expect(await moto.assumedRoleCount()).toBe(before);
});

test('a wrong ExternalId: "Could not assume role", configuration marked unusable, no retry, content discarded', async () => {
  await setByocConfig({ external_id: randomBytes(24).toString('hex') });
  const started = await sendByoc();
  const result = await started.result();
  expect(result.status).toBe('failed');
  expect(result.reason).toMatch(/^Could not assume role: AccessDenied: .*not authorized to perform: sts:AssumeRole/);
  expect(await attemptsOf(started.handle, 'resolveByocCredentials')).toEqual([1]);
  const byoc = await getByocConfig(db(), sender.account.id);
  expect(isByocUsable(byoc)).toBe(false);
  expect(byoc?.unusableReason).toBe(result.reason);
  expect(await activityStory(started.handle)).toEqual([
    'recordQueuedMessage',
    'resolveByocCredentials',
    'markByocUnusable',
    'discardStagedMessage',
  ]);
  expect(await db()('staged_messages').where({ message_id: started.messageId }).first()).toBeUndefined();
});

test('a role not named Service-BYOC-Role is refused without calling STS', async () => {
  await setByocConfig({ role_arn: 'arn:aws:iam::123456789012:role/Admin' });
  const before = await moto.assumedRoleCount();
  const result = await (await sendByoc()).result();
  expect(result).toEqual({
    status: 'failed',
    reason: 'Could not assume role: the role must be named exactly Service-BYOC-Role',
  });
  expect(await moto.assumedRoleCount()).toBe(before);
  expect(isByocUsable(await getByocConfig(db(), sender.account.id))).toBe(false);
});

test("the customer's SES refusing the role (no send permission): failed, configuration marked unusable", async () => {
  await moto.configureByocRole({ externalId, permissions: [] });
  try {
    const result = await (await sendByoc()).result();
    expect(result).toEqual({ status: 'failed', reason: 'AccessDenied: SES refused these credentials (HTTP 403)' });
    expect((await getByocConfig(db(), sender.account.id))?.unusableReason).toBe(result.reason);
  } finally {
    await moto.configureByocRole({ externalId });
  }
});

test('a sender the customer has not verified: failed with a redacted reason, configuration still usable', async () => {
  const marker = randomUUID().replace(/-/g, '');
  const started = await sendByoc({
    to: `rcpt-${marker}@example.org`,
    from: `hello@unverified-${marker}.example.net`,
    subject: `subject-${marker}`,
    text: `body-${marker}`,
  });
  const result = await started.result();
  expect(result).toEqual({
    status: 'failed',
    reason: 'MessageRejected: Did not have authority to send from email [address]',
  });
  expect(await attemptsOf(started.handle, 'sendViaSes')).toEqual([1]);
  expect(isByocUsable(await getByocConfig(db(), sender.account.id))).toBe(true);
  expect(await historyJson(started)).not.toContain(marker);
});

test('a configuration already found unusable fails the message without calling STS', async () => {
  await setByocConfig({ unusable_reason: 'Could not assume role: earlier' });
  const before = await moto.assumedRoleCount();
  const started = await sendByoc();
  expect(await started.result()).toEqual({
    status: 'failed',
    reason: expect.stringMatching(/^BYOC is not configured/),
  });
  expect(await moto.assumedRoleCount()).toBe(before);
  expect(await db()('staged_messages').where({ message_id: started.messageId }).first()).toBeUndefined();
});
