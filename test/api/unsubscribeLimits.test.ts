// The limits of the one-click unsubscribe URL (docs/sending.md, "One-click unsubscribe"): the page
// (GET, which link scanners fetch) and the one-click POST have windows of their own. After the
// client's window, a token is read before any shared window: one that is not ours spends nothing
// of anyone else's (a 404), one recipient's link spends its own window before its account's, and
// an account's before the total, so neither scanners, nor forged tokens, nor one link replayed,
// nor one account's flood can stop the unsubscribes of everyone else. Each block has its own
// stack with its own limits; each client speaks from its own IP behind the trusted loopback proxy.
import { randomBytes, randomUUID } from 'node:crypto';
import { createUnsubscribeToken } from '../../core/unsubscribe/unsubscribeTokens';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';

/** A stack for the tests of one block, with `env`'s limits. */
function stackWith(env: Record<string, string>): () => ServiceStack {
  let stack: ServiceStack | undefined;
  beforeAll(async () => {
    stack = await startServiceStack({ worker: false, env: { TRUST_PROXY: 'loopback', ...env } });
  });
  afterAll(async () => stack?.stop());
  return () => stack!;
}

type Method = 'GET' | 'POST';
const IP = () => {
  const [x, y, z] = randomBytes(3);
  return `10.${x}.${y}.${z}`;
};

/** A request from `client` (a fresh one unless given): the status, and which window refused a 429. */
async function request(stack: ServiceStack, method: Method, token: string, client = IP()): Promise<[number, string]> {
  const res = await fetch(`${stack.baseUrl}/u/${token}`, {
    method,
    headers: {
      'X-Forwarded-For': client,
      ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click' } : {}),
  });
  const text = await res.text();
  return [res.status, res.status === 429 ? String((JSON.parse(text) as { detail: string }).detail) : ''];
}

/** A link of the account for a recipient of its own. */
const tokenFor = (stack: ServiceStack, accountId: string) =>
  createUnsubscribeToken(stack.config.secretKey, {
    accountId,
    recipient: `${randomUUID()}@example.org`,
    topic: null,
    messageId: randomUUID(),
    mode: 'byoc',
  });
const forged = () => randomBytes(90).toString('base64url');

describe('scanners and one account’s flood', () => {
  const stack = stackWith({
    UNSUBSCRIBE_PAGES_PER_HOUR: '3',
    UNSUBSCRIBES_PER_ACCOUNT_PER_HOUR: '2',
    UNSUBSCRIBES_PER_HOUR: '5',
  });

  test('scanners’ GETs, one account’s flood and forged tokens leave other accounts’ one-click POSTs going', async () => {
    const [flooded, other, third] = [
      await createSender(stack().db),
      await createSender(stack().db),
      await createSender(stack().db),
    ];
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push((await request(stack(), 'GET', tokenFor(stack(), flooded.account.id)))[0]);
    expect(pages).toEqual([200, 200, 200, 429]);

    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await request(stack(), 'POST', tokenFor(stack(), flooded.account.id)));
    expect(posts).toEqual([
      [200, ''],
      [200, ''],
      [429, expect.stringContaining('for this account')],
    ]);
    // Tokens that are not ours spend no shared window: each is a 404.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await request(stack(), 'POST', forged()))[0]);
    expect(answers).toEqual(Array(6).fill(404));

    expect(await request(stack(), 'POST', tokenFor(stack(), other.account.id))).toEqual([200, '']);
    expect(await request(stack(), 'POST', tokenFor(stack(), other.account.id))).toEqual([200, '']);
    expect(await request(stack(), 'POST', tokenFor(stack(), third.account.id))).toEqual([200, '']);
    // The total still stands behind them all.
    expect(await request(stack(), 'POST', tokenFor(stack(), third.account.id))).toEqual([
      429,
      expect.stringContaining('from everyone'),
    ]);
  });
});

describe('one recipient’s link replayed', () => {
  const stack = stackWith({
    UNSUBSCRIBES_PER_CLIENT_PER_HOUR: '3',
    UNSUBSCRIBES_PER_RECIPIENT_PER_HOUR: '2',
    UNSUBSCRIBES_PER_ACCOUNT_PER_HOUR: '10',
    UNSUBSCRIBE_PAGES_PER_RECIPIENT_PER_HOUR: '2',
    UNSUBSCRIBE_PAGES_PER_HOUR: '10',
  });

  test.each<[Method, string]>([
    ['POST', 'its account’s one-click window'],
    ['GET', 'the pages’ total'],
  ])('%s: one link sent 12 times from 4 clients spends its own window, not %s', async (method) => {
    const sender = await createSender(stack().db);
    const replayed = tokenFor(stack(), sender.account.id);
    const answers = [];
    for (let client = 0; client < 4; client++) {
      const ip = IP();
      for (let i = 0; i < 3; i++) answers.push(await request(stack(), method, replayed, ip));
    }
    expect(answers).toEqual([
      [200, ''],
      [200, ''],
      ...Array(10).fill([429, expect.stringContaining('for this recipient')]),
    ]);
    // Another recipient of the same sender unsubscribes as ever.
    expect(await request(stack(), method, tokenFor(stack(), sender.account.id))).toEqual([200, '']);
  });
});

describe('forged tokens from many clients', () => {
  const stack = stackWith({
    UNSUBSCRIBES_PER_CLIENT_PER_HOUR: '3',
    UNSUBSCRIBES_PER_ACCOUNT_PER_HOUR: '100',
    UNSUBSCRIBES_PER_HOUR: '5',
    UNSUBSCRIBE_PAGES_PER_CLIENT_PER_HOUR: '3',
    UNSUBSCRIBE_PAGES_PER_HOUR: '5',
  });

  test.each<Method>(['POST', 'GET'])(
    '%s: each is a 404 until its client’s window is spent, and a real link still goes',
    async (method) => {
      const answers = [];
      for (let client = 0; client < 4; client++) {
        const ip = IP();
        for (let i = 0; i < 4; i++) answers.push((await request(stack(), method, forged(), ip))[0]);
      }
      expect(answers).toEqual(Array(4).fill([404, 404, 404, 429]).flat());
      const sender = await createSender(stack().db);
      expect(await request(stack(), method, tokenFor(stack(), sender.account.id))).toEqual([200, '']);
    },
  );
});
