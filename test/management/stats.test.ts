// GET /api/stats/daily (docs/sending.md, "Delivery and engagement statistics"): messages sent
// through the real pipeline to the test recipients give the day's sent, delivered, bounced and
// complained; opens and clicks count distinct messages and leave a machine's out; every day of
// the period is answered, zeros included; another account sees none of it; a viewer may read it.
import type { DailyEngagement } from '../../core/sending/engagementStats';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../core/accounts/passwords';
import { insertMemberUser } from '../../core/accounts/members';
import { utcDay } from '../../core/platform/db';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { keyRequest, WebClient } from './helpers';
import { send, testSendBody } from '../api/helpers/http';
import { createApiKey } from '../../core/accounts/apiKeys';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';

let stack: ServiceStack;
let documented: DocumentedCheck;
const PASSWORD = 'a stats-test password';

beforeAll(async () => {
  stack = await startServiceStack();
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
});

type Day = DailyEngagement;
const DAY_MS = 86_400_000;
const dayBefore = (n: number) => utcDay(new Date(Date.now() - n * DAY_MS));
const zeros = { sent: 0, delivered: 0, bounced: 0, complained: 0, opened: 0, clicked: 0 };

async function sendTo(sender: SenderFixture, localPart: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await send(
    stack,
    sender.apiKey,
    testSendBody(stack, sender.domain, { to: `${localPart}@${stack.config.testDomain}`, ...extra }),
  );
  expect(res.status).toBe(200);
  return String(res.json.message_id);
}

/** An open or a click as the tracking endpoints record it (docs/sending.md, "Tracking opens and clicks"). */
async function engagement(messageId: string, type: 'opened' | 'clicked', machine: boolean, at = new Date()) {
  await stack.db('email_events').insert({
    message_id: messageId,
    type,
    at,
    details: {
      machine: String(machine),
      user_agent: machine ? 'Scanner/1.0' : 'Mozilla/5.0',
      ...(type === 'clicked' ? { url: 'https://example.com/', link_index: '0' } : {}),
    },
  });
}

async function signedInMember(sender: SenderFixture, role: 'owner' | 'viewer'): Promise<WebClient> {
  const email = `${uniqueName(role)}@example.org`;
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email,
    passwordHash: await hashPassword(PASSWORD),
    role,
  });
  const web = new WebClient(stack.baseUrl);
  expect((await web.signIn(email, PASSWORD)).status).toBe(200);
  return web;
}

test('each day of the period counts its sends, outcomes and human opens and clicks; an empty day is zeros', async () => {
  const sender = await createSender(stack.db);
  const delivered = [await sendTo(sender, 'delivered'), await sendTo(sender, 'delivered')];
  const bounced = await sendTo(sender, 'bounce');
  const complained = await sendTo(sender, 'complaint');
  // Waiting for tomorrow, then canceled: neither was sent today.
  const later = new Date(Date.now() + DAY_MS).toISOString();
  await sendTo(sender, 'delivered', { scheduled_at: later });
  const canceled = await sendTo(sender, 'delivered', { scheduled_at: later });
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'manage', permission: 'full_access' },
    'test',
  );
  expect((await keyRequest(stack.baseUrl, secret)('POST', `/api/emails/${canceled}/cancel`)).status).toBe(200);
  await eventually(
    'the four outcomes',
    async () => {
      const outcomes = await stack
        .db('email_events')
        .whereIn('message_id', [...delivered, bounced, complained])
        .whereIn('type', ['delivered', 'bounced', 'complained'])
        .count<{ count: string }[]>('* as count');
      return Number(outcomes[0]!.count) === 4 || undefined;
    },
    30_000,
  );
  // The first delivered message: opened by a person and by a scanner, clicked by a person; the
  // second only by a scanner (a machine's open and click are not a reader's).
  await engagement(delivered[0]!, 'opened', false);
  await engagement(delivered[0]!, 'clicked', false);
  await engagement(delivered[1]!, 'opened', true);
  await engagement(delivered[1]!, 'clicked', true);
  // A message accepted three days ago, delivered and opened two days ago.
  const old = randomUUID();
  const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
  const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
  await stack.db('email_log').insert({
    message_id: old,
    account_id: sender.account.id,
    recipient: `delivered@${stack.config.testDomain}`,
    from_email: `hello@${sender.domain}`,
    status: 'delivered',
    kind: 'test',
    created_at: threeDaysAgo,
  });
  await stack.db('email_events').insert([
    { message_id: old, type: 'queued', at: threeDaysAgo },
    { message_id: old, type: 'delivered', at: twoDaysAgo },
  ]);
  await engagement(old, 'opened', false, twoDaysAgo);

  const owner = await signedInMember(sender, 'owner');
  const res = await owner.request('GET', '/api/stats/daily');
  expect(res.status).toBe(200);
  documented('/api/stats/daily', 'get', res);
  const days = res.json.days as Day[];
  expect(days).toHaveLength(30);
  expect(days[0]!.date).toBe(dayBefore(29));
  expect(days.every((d, i) => i === 0 || Date.parse(d.date) - Date.parse(days[i - 1]!.date) === DAY_MS)).toBe(true);
  expect(days.at(-1)).toEqual({
    date: dayBefore(0),
    sent: 4,
    delivered: 2,
    bounced: 1,
    complained: 1,
    opened: 1,
    clicked: 1,
  });
  expect(days.at(-2)).toEqual({ date: dayBefore(1), ...zeros });
  expect(days.at(-3)).toEqual({ date: dayBefore(2), ...zeros, delivered: 1, opened: 1 });
  expect(days.at(-4)).toEqual({ date: dayBefore(3), ...zeros, sent: 1 });
  expect(days.slice(0, -4).every((d) => d.sent + d.delivered + d.opened === 0)).toBe(true);

  // A shorter period ends today too; a viewer reads the same figures.
  const viewer = await signedInMember(sender, 'viewer');
  const week = await viewer.request('GET', '/api/stats/daily?days=7');
  expect(week.status).toBe(200);
  expect(week.json.days).toEqual(days.slice(-7));

  // Another account sees none of it: every day is zeros.
  const other = await signedInMember(await createSender(stack.db), 'owner');
  const theirs = await other.request('GET', '/api/stats/daily?days=5');
  expect(theirs.json.days).toEqual([4, 3, 2, 1, 0].map((n) => ({ date: dayBefore(n), ...zeros })));
});

test('days outside 1 to 90 is a 400 on `days`', async () => {
  const owner = await signedInMember(await createSender(stack.db), 'owner');
  for (const days of ['0', '91', 'week', '1.5']) {
    const res = await owner.request('GET', `/api/stats/daily?days=${days}`);
    expect(res.status).toBe(400);
    documented('/api/stats/daily', 'get', res);
    expect(res.json.errors).toHaveProperty('days');
  }
  expect((await owner.request('GET', '/api/stats/daily?days=90')).json.days).toHaveLength(90);
  expect((await owner.request('GET', '/api/stats/daily?days=1')).json.days).toEqual([{ date: dayBefore(0), ...zeros }]);
});
