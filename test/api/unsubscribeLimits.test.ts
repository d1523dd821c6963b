// The limits of the one-click unsubscribe URL (docs/sending.md, "One-click unsubscribe"): the page
// (GET, which link scanners fetch) and the one-click POST have windows of their own, and a POST
// takes its account's window before the total one, so neither scanners nor one account's flood
// (nor forged tokens) can stop the unsubscribes of everyone else. Each client speaks from its own
// IP behind the trusted loopback proxy.
import { randomBytes, randomUUID } from 'node:crypto';
import { createUnsubscribeToken } from '../../core/unsubscribe/unsubscribeTokens';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';

let stack: ServiceStack;

beforeAll(async () => {
  stack = await startServiceStack({
    worker: false,
    env: {
      TRUST_PROXY: 'loopback',
      UNSUBSCRIBE_PAGES_PER_HOUR: '3',
      UNSUBSCRIBES_PER_ACCOUNT_PER_HOUR: '2',
      UNSUBSCRIBES_PER_HOUR: '5',
    },
  });
});
afterAll(async () => stack?.stop());

/** A request from a client of its own: only the totals and the account windows can stop it. */
async function fromNewClient(method: 'GET' | 'POST', token: string): Promise<[number, string]> {
  const [x, y, z] = randomBytes(3);
  const res = await fetch(`${stack.baseUrl}/u/${token}`, {
    method,
    headers: {
      'X-Forwarded-For': `10.${x}.${y}.${z}`,
      ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click' } : {}),
  });
  const text = await res.text();
  return [res.status, res.status === 429 ? String((JSON.parse(text) as { detail: string }).detail) : ''];
}

const tokenFor = (accountId: string) =>
  createUnsubscribeToken(stack.config.secretKey, {
    accountId,
    recipient: `${randomUUID()}@example.org`,
    topic: null,
    messageId: randomUUID(),
    mode: 'byoc',
  });

test('scanners’ GETs, one account’s flood and forged tokens leave other accounts’ one-click POSTs going', async () => {
  const [flooded, other] = [await createSender(stack.db), await createSender(stack.db)];
  const pages = [];
  for (let i = 0; i < 4; i++) pages.push((await fromNewClient('GET', tokenFor(flooded.account.id)))[0]);
  expect(pages).toEqual([200, 200, 200, 429]);

  const posts = [];
  for (let i = 0; i < 3; i++) posts.push(await fromNewClient('POST', tokenFor(flooded.account.id)));
  expect(posts).toEqual([
    [200, ''],
    [200, ''],
    [429, expect.stringContaining('for this account')],
  ]);
  // Tokens that are not ours share one window.
  const forged = [];
  for (let i = 0; i < 3; i++) forged.push((await fromNewClient('POST', randomBytes(90).toString('base64url')))[0]);
  expect(forged).toEqual([404, 404, 429]);

  expect(await fromNewClient('POST', tokenFor(other.account.id))).toEqual([200, '']);
  // The total still stands behind them all.
  expect(await fromNewClient('POST', tokenFor(other.account.id))).toEqual([
    429,
    expect.stringContaining('from everyone'),
  ]);
});
