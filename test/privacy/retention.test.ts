// Retention per account (docs/privacy.md, "How long data is kept"): an owner or admin chooses how
// many days the email log, shared content and received mail are kept, within the plan's bound,
// and the hourly purge workflows (run here on the stack's worker, as their schedules start them)
// apply each account's choice. Rows are backdated as the purge tests do.
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { hashPassword } from '../../core/accounts/passwords';
import { insertMemberUser } from '../../core/accounts/members';
import { setPlan } from '../../core/accounts/plans';
import { listAudit } from '../../core/platform/audit';
import { stageMessage } from '../../core/sending/staging';
import { uniqueName, type SenderFixture } from '../helpers/fixtures';
import { insertReceivedRow } from '../helpers/inbound';
import { messageContent } from '../helpers/pipeline';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { keyRequest, signedInTeam, WebClient } from '../management/helpers';

const DAY = 86_400_000;
const PASSWORD = 'a retention-test password';
let stack: ServiceStack;
let documented: DocumentedCheck;
let passwordHash: string;

beforeAll(async () => {
  stack = await startServiceStack();
  documented = await loadOpenApiCheck(stack.baseUrl);
  passwordHash = await hashPassword(PASSWORD);
}, 120_000);
afterAll(async () => stack?.stop());

/** The purge workflow as its schedule starts it, with the deployment's defaults. */
async function purge(workflowType: 'emailLogRetention' | 'contentRetention'): Promise<void> {
  await stack.temporal.workflow.execute(workflowType, {
    taskQueue: stack.config.temporal.taskQueue,
    workflowId: `${workflowType}-${randomUUID()}`,
    args: [
      workflowType === 'emailLogRetention'
        ? { retentionDays: stack.config.retention.emailLogDays }
        : { contentDays: stack.config.retention.contentDays },
    ],
  });
}

async function logRow(sender: SenderFixture, ageDays: number): Promise<string> {
  const messageId = randomUUID();
  const createdAt = new Date(Date.now() - ageDays * DAY);
  await stack.db('email_log').insert({
    message_id: messageId,
    account_id: sender.account.id,
    recipient: 'someone@example.org',
    from_email: `hello@${sender.domain}`,
    status: 'delivered',
    kind: 'real',
    created_at: createdAt,
  });
  await stack.db('email_events').insert({ message_id: messageId, type: 'delivered', at: createdAt });
  return messageId;
}

async function sharedContent(sender: SenderFixture, ageDays: number): Promise<string> {
  const messageId = randomUUID();
  await stageMessage(stack.db, stack.config.secretKey, {
    messageId,
    accountId: sender.account.id,
    mode: 'shared',
    content: messageContent({ to: 'someone@example.org', from: `hello@${sender.domain}` }),
    attachments: [{ filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') }],
  });
  await stack
    .db('staged_messages')
    .where({ message_id: messageId })
    .update({ created_at: new Date(Date.now() - ageDays * DAY) });
  return messageId;
}

function received(sender: SenderFixture, ageDays: number): Promise<string> {
  return insertReceivedRow(stack.db, {
    accountId: sender.account.id,
    domain: sender.domain,
    receivedAt: new Date(Date.now() - ageDays * DAY),
  });
}

async function remaining(table: string, column: string, ids: string[]): Promise<string[]> {
  const rows = await stack.db(table).whereIn(column, ids).pluck<string[]>(column);
  return ids.filter((id) => rows.includes(id));
}

/** A new account whose owner is signed in, with `choice` saved through the API. */
async function accountChoosing(choice: Record<string, number | null>): Promise<SenderFixture & { owner: WebClient }> {
  const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
  if (Object.keys(choice).length > 0) {
    const saved = await owner.request('PUT', '/api/account/retention', choice);
    documented('/api/account/retention', 'put', saved);
    expect(saved.status).toBe(200);
  }
  return { ...sender, owner };
}

test('an owner reads the defaults and bounds, and a choice shows as the days kept, with an audit entry', async () => {
  const { owner, account } = await accountChoosing({});
  const before = await owner.request('GET', '/api/account/retention');
  documented('/api/account/retention', 'get', before);
  expect(before.json).toEqual({
    email_log: { days: 14, chosen: null, default: 14, max: 14 },
    content: { days: 90, chosen: null, default: 90, max: 90 },
    received: { days: 90, chosen: null, default: 90, max: 90 },
  });

  const saved = await owner.request('PUT', '/api/account/retention', { email_log: 1, received: 30 });
  documented('/api/account/retention', 'put', saved);
  expect(saved.json).toMatchObject({
    email_log: { days: 1, chosen: 1 },
    content: { days: 90, chosen: null },
    received: { days: 30, chosen: 30 },
  });
  expect((await owner.request('GET', '/api/account/retention')).json).toEqual(saved.json);
  const [entry] = await listAudit(stack.db, account.id, 1);
  expect({ action: entry!.action, details: entry!.details }).toEqual({
    action: 'account.retention',
    details: { email_log: { from: null, to: 1 }, received: { from: null, to: 30 } },
  });
});

test.each([
  ['past the plan’s bound', { email_log: 15 }, 'email_log'],
  ['past the content bound', { content: 91 }, 'content'],
  ['past the received-mail bound', { received: 91 }, 'received'],
  ['below one day', { received: 0 }, 'received'],
  ['not a whole number', { content: 1.5 }, 'content'],
])('a choice %s is a 400 naming its field, and nothing changes', async (_case, body, field) => {
  const { owner } = await accountChoosing({});
  const refused = await owner.request('PUT', '/api/account/retention', body);
  documented('/api/account/retention', 'put', refused);
  expect({ status: refused.status, fields: Object.keys(refused.json.errors as object) }).toEqual({
    status: 400,
    fields: [field],
  });
  const now = (await owner.request('GET', '/api/account/retention')).json as Record<string, { chosen: unknown }>;
  expect([now.email_log!.chosen, now.content!.chosen, now.received!.chosen]).toEqual([null, null, null]);
});

test('an admin may change it; a developer is refused with 403 and a viewer only reads; an API key can do neither', async () => {
  const { owner, account } = await accountChoosing({});
  const as = async (role: 'admin' | 'developer' | 'viewer') => {
    const email = `${uniqueName(role)}@example.org`;
    await insertMemberUser(stack.db, { accountId: account.id, email, passwordHash, role });
    const client = new WebClient(stack.baseUrl);
    expect((await client.signIn(email, PASSWORD)).status).toBe(200);
    return client;
  };
  const admin = await as('admin');
  expect((await admin.request('PUT', '/api/account/retention', { content: 7 })).status).toBe(200);
  for (const role of ['developer', 'viewer'] as const) {
    const member = await as(role);
    const refused = await member.request('PUT', '/api/account/retention', { content: 1 });
    documented('/api/account/retention', 'put', refused);
    expect({ role, status: refused.status, error: refused.json.error }).toEqual({
      role,
      status: 403,
      error: 'insufficient_role',
    });
    expect((await member.request('GET', '/api/account/retention')).json).toMatchObject({ content: { days: 7 } });
  }
  const fullAccess = await createApiKey(
    stack.db,
    { accountId: account.id, name: 'full', permission: 'full_access' },
    'test',
  );
  const key = keyRequest(stack.baseUrl, fullAccess.secret);
  expect((await key('GET', '/api/account/retention')).status).toBe(404);
  expect((await key('PUT', '/api/account/retention', { content: 1 })).json.error).toBe('insufficient_role');
  expect((await owner.request('GET', '/api/account/retention')).json).toMatchObject({ content: { chosen: 7 } });
});

test('the log purge keeps each account its own days: 1 for one, the default 14 for the other; timelines go with their rows', async () => {
  const short = await accountChoosing({ email_log: 1 });
  const usual = await accountChoosing({});
  const shortRows = [await logRow(short, 2), await logRow(short, 0.5)];
  const usualRows = [await logRow(usual, 2), await logRow(usual, 15)];

  await purge('emailLogRetention');
  expect(await remaining('email_log', 'message_id', shortRows)).toEqual([shortRows[1]]);
  expect(await remaining('email_events', 'message_id', shortRows)).toEqual([shortRows[1]]);
  expect(await remaining('email_log', 'message_id', usualRows)).toEqual([usualRows[0]]);
});

test('the content purge keeps each account its own days of shared content and of received mail', async () => {
  const short = await accountChoosing({ content: 1, received: 3 });
  const usual = await accountChoosing({});
  const content = { short: [await sharedContent(short, 2)], usual: [await sharedContent(usual, 2)] };
  const mail = {
    short: [await received(short, 4), await received(short, 2)],
    usual: [await received(usual, 4), await received(usual, 91)],
  };

  await purge('contentRetention');
  expect(await remaining('staged_messages', 'message_id', content.short)).toEqual([]);
  expect(await remaining('staged_attachments', 'message_id', content.short)).toEqual([]);
  expect(await remaining('staged_messages', 'message_id', content.usual)).toEqual(content.usual);
  expect(await remaining('inbound_messages', 'id', mail.short)).toEqual([mail.short[1]]);
  expect(await remaining('inbound_messages', 'id', mail.usual)).toEqual([mail.usual[0]]);
});

test('a plan lowered under an account’s choice shortens what is kept at once, without rewriting the choice', async () => {
  const plan = uniqueName('lowered');
  await setPlan(stack.db, plan, { sharedMonthly: 1000, byocMonthly: 1000 });
  const sender = await accountChoosing({ email_log: 10 });
  await stack.db('accounts').where({ id: sender.account.id }).update({ plan });
  const rows = [await logRow(sender, 5), await logRow(sender, 2)];

  await stack.db('plans').where({ name: plan }).update({ max_log_retention_days: 3 });
  const now = await sender.owner.request('GET', '/api/account/retention');
  documented('/api/account/retention', 'get', now);
  expect(now.json).toMatchObject({ email_log: { days: 3, chosen: 10, default: 3, max: 3 } });
  await purge('emailLogRetention');
  expect(await remaining('email_log', 'message_id', rows)).toEqual([rows[1]]);
});
