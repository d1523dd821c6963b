// Deleting the account (docs/privacy.md, "Deleting the account"), through the API as the dashboard
// uses it: the owner's confirmation, sending refused at once on the API and the SMTP relay, the
// cancel; then, on a stack whose grace period is two seconds, the workflow that deletes every row
// of the account, its running workflows and its members left with no account, and nothing else.
import { hashPassword } from '../../core/accounts/passwords';
import { insertMemberUser } from '../../core/accounts/members';
import type { Db } from '../../core/platform/db';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { makeTlsFiles, startRelay, type RunningRelay, type TlsFiles } from '../helpers/smtpRelay';
import { eventually } from '../helpers/wait';
import { send, testSendBody } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { sendWithNodemailer } from '../smtp/clients';
import {
  createSystemAccount,
  emailsTo,
  signedInAgo,
  signedInTeam,
  SYSTEM_EMAIL_ENV,
  uniqueEmail,
  waitForEmail,
  WebClient,
} from '../management/helpers';

const PASSWORD = 'correct horse battery staple';
const PATH = '/api/account/deletion';
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

describe('during the grace period', () => {
  let stack: ServiceStack;
  let documented: DocumentedCheck;
  let tls: TlsFiles;
  let relay: RunningRelay;

  beforeAll(async () => {
    stack = await startServiceStack({ env: SYSTEM_EMAIL_ENV });
    await createSystemAccount(stack.db);
    documented = await loadOpenApiCheck(stack.baseUrl);
    tls = await makeTlsFiles();
    relay = await startRelay(stack, tls);
  });
  afterAll(async () => {
    await relay?.stop();
    await stack?.stop();
  });

  const viaRelay = (apiKey: string, domain: string) =>
    sendWithNodemailer(
      { port: relay.port, secure: false, apiKey, ca: tls.cert },
      { from: `hello@${domain}`, to: `delivered@${stack.config.testDomain}`, subject: 'Hi', text: 'Hi.' },
    ).catch((err: unknown) => err as { responseCode?: number; response?: string });

  test.each([
    ['a confirmation that is not the name', 'Not the name', 400],
    ['the name in other case', 'test account', 400],
  ])('%s is a field error on `confirm`', async (_case, confirm, status) => {
    const { owner } = await signedInTeam(stack, PASSWORD, passwordHash);
    const res = await owner.request('POST', PATH, { confirm });
    documented(PATH, 'post', res);
    expect({ status: res.status, fields: Object.keys((res.json.errors as object) ?? {}) }).toEqual({
      status,
      fields: ['confirm'],
    });
  });

  test('an admin may not delete the account', async () => {
    const { sender } = await signedInTeam(stack, PASSWORD, passwordHash);
    const admin = await insertMemberUser(stack.db, {
      accountId: sender.account.id,
      email: uniqueEmail('admin'),
      passwordHash,
      role: 'admin',
    });
    const asAdmin = new WebClient(stack.baseUrl);
    await asAdmin.signIn(admin.email, PASSWORD);
    const res = await asAdmin.request('POST', PATH, { confirm: sender.account.name });
    documented(PATH, 'post', res);
    expect({ status: res.status, error: res.json.error }).toEqual({ status: 403, error: 'insufficient_role' });
  });

  test('a session signed in 20 minutes ago must sign in again', async () => {
    const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
    await signedInAgo(stack.db, owner, 20);
    const res = await owner.request('POST', PATH, { confirm: sender.account.name });
    documented(PATH, 'post', res);
    expect({ status: res.status, error: res.json.error }).toEqual({ status: 403, error: 'recent_sign_in_required' });
  });

  test('the owner schedules the deletion 7 days ahead: the admins are told, and the key sends nothing, by the API or the relay', async () => {
    const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
    const before = Date.now();
    const res = await owner.request('POST', PATH, { confirm: 'Test account' });
    documented(PATH, 'post', res);
    expect(res.status).toBe(200);
    expect(res.json.pending).toBe(true);
    const due = Date.parse(String(res.json.due_at));
    expect(due - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(due - before).toBeLessThan(7 * 86_400_000 + 60_000);

    const refused = await send(stack, sender.apiKey, testSendBody(stack, sender.domain));
    documented('/api/send/', 'post', refused);
    expect({ status: refused.status, error: refused.json.error }).toEqual({
      status: 403,
      error: 'account_deletion_pending',
    });
    expect(await viaRelay(sender.apiKey, sender.domain)).toMatchObject({
      responseCode: 550,
      response: expect.stringMatching(/^550 5\.7\.1 The account is scheduled for deletion/),
    });
    const told = await waitForEmail(sender.account.email);
    expect(told.subject).toBe('Test account on Postage will be deleted');
    const shown = await owner.request('GET', PATH);
    documented(PATH, 'get', shown);
    expect(shown.json).toEqual(res.json);
  });

  test('a scheduled message whose time comes during the grace period fails, and is not sent', async () => {
    const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
    const scheduledAt = new Date(Date.now() + 5_000).toISOString();
    const scheduled = await send(
      stack,
      sender.apiKey,
      testSendBody(stack, sender.domain, { scheduled_at: scheduledAt }),
    );
    expect(scheduled.status).toBe(200);
    expect((await owner.request('POST', PATH, { confirm: 'Test account' })).status).toBe(200);
    const run = stack.temporal.workflow.getHandle(`send-${String(scheduled.json.message_id)}`);
    expect(await run.result()).toEqual({ status: 'failed', reason: 'the account is scheduled for deletion' });
    const row = await stack.db('email_log').where({ message_id: scheduled.json.message_id }).first('status');
    expect(row).toEqual({ status: 'failed' });
  });

  test('cancelling during the grace period restores sending at once; the audit log and the emails say both', async () => {
    const { sender, owner } = await signedInTeam(stack, PASSWORD, passwordHash);
    expect((await owner.request('POST', PATH, { confirm: 'Test account' })).status).toBe(200);
    const canceled = await owner.request('DELETE', PATH);
    documented(PATH, 'delete', canceled);
    expect(canceled.json).toEqual({ pending: false, requested_at: null, due_at: null });

    expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200);
    expect(await viaRelay(sender.apiKey, sender.domain)).toMatchObject({ response: expect.stringMatching(/^250 /) });
    const handle = stack.temporal.workflow.getHandle(`delete-account-${sender.account.id}`);
    expect((await handle.describe()).status.name).toBe('TERMINATED');
    const actions = await stack.db('account_audit').where({ account_id: sender.account.id }).pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['account.deletion_request', 'account.deletion_cancel']));
    const told = await eventually('both emails', async () => {
      const subjects = (await emailsTo(sender.account.email)).map((e) => e.subject);
      return subjects.length >= 2 ? subjects.sort() : undefined;
    });
    expect(told).toEqual([
      'Test account on Postage will be deleted',
      'The deletion of Test account on Postage was cancelled',
    ]);
  });
});

/** Rows of `accountId` in every table with an account_id column, by table (tables without any left out). */
async function rowsByTable(db: Db, accountId: string): Promise<Record<string, number>> {
  const tables = (await db('information_schema.columns')
    .where({ table_schema: 'public', column_name: 'account_id' })
    .pluck('table_name')) as string[];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db(table).where({ account_id: accountId }).count<{ count: string }[]>('* as count');
    if (Number(row!.count) > 0) counts[table] = Number(row!.count);
  }
  const account = await db('accounts').where({ id: accountId }).first('id');
  return account ? { ...counts, accounts: 1 } : counts;
}

describe('after the grace period', () => {
  let stack: ServiceStack;

  beforeAll(async () => {
    stack = await startServiceStack({ env: { ACCOUNT_DELETION_GRACE_DAYS: String(2 / 86_400) } });
  });
  afterAll(async () => stack?.stop());

  test('the workflow deletes every row of the account, its running workflows and its members left with no account; another account is untouched', async () => {
    const doomed = await signedInTeam(stack, PASSWORD, passwordHash);
    const other = await signedInTeam(stack, PASSWORD, passwordHash);
    const lonely = await insertMemberUser(stack.db, {
      accountId: doomed.sender.account.id,
      email: uniqueEmail('dev'),
      passwordHash,
      role: 'developer',
    });
    // The other account's owner is a member here too: they keep their sign-in and their account.
    await stack.db('memberships').insert({
      account_id: doomed.sender.account.id,
      user_id: other.ownerId,
      role: 'viewer',
    });
    for (const { sender } of [doomed, other])
      expect((await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status).toBe(200);
    const scheduled = await send(
      stack,
      doomed.sender.apiKey,
      testSendBody(stack, doomed.sender.domain, { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(scheduled.status).toBe(200);
    const scheduledRun = stack.temporal.workflow.getHandle(`send-${String(scheduled.json.message_id)}`);
    await eventually('the scheduled send waits', async () =>
      (await stack.db('email_log').where({ message_id: scheduled.json.message_id, status: 'scheduled' }).first())
        ? true
        : undefined,
    );
    const otherRows = await rowsByTable(stack.db, other.sender.account.id);
    expect(Object.keys(await rowsByTable(stack.db, doomed.sender.account.id))).toEqual(
      expect.arrayContaining(['accounts', 'email_log', 'memberships', 'api_keys', 'domains', 'scheduled_sends']),
    );

    const res = await doomed.owner.request('POST', PATH, { confirm: 'Test account' });
    expect(res.status).toBe(200);
    const result = await stack.temporal.workflow.getHandle(`delete-account-${doomed.sender.account.id}`).result();
    expect(result).toMatchObject({ deleted: true, people: 2 });

    expect(await rowsByTable(stack.db, doomed.sender.account.id)).toEqual({});
    expect((await scheduledRun.describe()).status.name).toBe('TERMINATED');
    expect(await stack.db('users').whereIn('id', [doomed.ownerId, lonely.userId]).count('* as count')).toEqual([
      { count: '0' },
    ]);
    // Still all there (its message's outcomes may have arrived meanwhile).
    const otherNow = await rowsByTable(stack.db, other.sender.account.id);
    for (const [table, count] of Object.entries(otherRows))
      expect({ table, kept: otherNow[table]! >= count }).toEqual({ table, kept: true });
    const again = new WebClient(stack.baseUrl);
    expect((await again.signIn(other.sender.account.email, PASSWORD)).status).toBe(200);
  });
});
