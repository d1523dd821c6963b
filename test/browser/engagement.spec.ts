/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// The engagement views of the dashboard, in Debian's Chromium, for a signed-in owner whose shared
// domain sent to the test recipients: the overview's delivery and engagement rates (and their
// empty state for a new account), a shared domain's Tracking panel and a BYOC domain's
// explanation, an email's timeline with a delay, human and machine opens and clicks and an
// unsubscribe, the suppressions with the unsubscribed reason, and the webhook event choices. The
// opens, clicks, delays and unsubscribes are written as the tracking endpoints and SES's
// notifications write them (docs/sending.md, "Opens and clicks"). Each page is screenshotted and
// checked with axe at 1280 and 390 px wide.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { addDomain } from '../../core/domains/domains';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { atHost, send, testSendBody } from '../api/helpers/http';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let page: Page;
let sender: SenderFixture;
const DAY_MS = 86_400_000;

async function sendTo(localPart: string): Promise<string> {
  const res = await send(
    stack,
    sender.apiKey,
    testSendBody(stack, sender.domain, { to: `${localPart}@${stack.config.testDomain}`, subject: 'Your order' }),
  );
  expect(res.status).toBe(200);
  return String(res.json.message_id);
}

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack();
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

test('a new account sees the engagement chart’s empty state', async () => {
  await signedInOwner(page, stack.db, await createSender(stack.db));
  await expect(page.getByText('Nothing sent in the last 30 days')).toBeVisible();
  await checkPage(page, 'overview-engagement-empty');
});

test('the overview, a domain, an email, suppressions and webhooks show delivery and engagement', async () => {
  sender = await createSender(stack.db);
  const delivered = [];
  for (let i = 0; i < 4; i++) delivered.push(await sendTo('delivered'));
  await sendTo('bounce');
  await sendTo('complaint');
  await eventually(
    'the outcomes',
    async () => {
      const [row] = await stack
        .db('email_events as e')
        .join('email_log as l', 'l.message_id', 'e.message_id')
        .where('l.account_id', sender.account.id)
        .whereIn('e.type', ['delivered', 'bounced', 'complained'])
        .count<{ count: string }[]>('* as count');
      return Number(row!.count) === 6 || undefined;
    },
    30_000,
  );
  const [first, second, third] = delivered as [string, string, string];
  const now = Date.now();
  await stack.db('email_events').insert([
    {
      message_id: first,
      type: 'delivery_delayed',
      at: new Date(now - 500),
      details: { delay_type: 'MailboxFull', reason: '452 4.2.2 The recipient’s mailbox is full' },
    },
    {
      message_id: first,
      type: 'opened',
      at: new Date(now + 1000),
      details: { machine: 'true', user_agent: 'Mozilla/5.0 (compatible; MailScanner/2.0)' },
    },
    {
      message_id: first,
      type: 'clicked',
      at: new Date(now + 2000),
      details: {
        url: 'https://shop.example.com/orders/1234?utm_source=email',
        link_index: '0',
        machine: 'false',
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      },
    },
    {
      message_id: first,
      type: 'unsubscribed',
      at: new Date(now + 3000),
      details: { topic: 'newsletter' },
    },
    { message_id: second, type: 'opened', at: new Date(now), details: { machine: 'false', user_agent: 'Mozilla/5.0' } },
    { message_id: third, type: 'opened', at: new Date(now), details: { machine: 'false', user_agent: 'Mozilla/5.0' } },
  ]);
  // Earlier days, so the chart has more than one point: 5 sent two days ago, 4 delivered, 2 opened.
  for (let i = 0; i < 5; i++) {
    const id = randomUUID();
    const at = new Date(now - 2 * DAY_MS);
    await stack.db('email_log').insert({
      message_id: id,
      account_id: sender.account.id,
      recipient: `delivered@${stack.config.testDomain}`,
      from_email: `hello@${sender.domain}`,
      status: i < 4 ? 'delivered' : 'bounced',
      kind: 'test',
      created_at: at,
    });
    await stack
      .db('email_events')
      .insert([
        { message_id: id, type: 'queued', at },
        { message_id: id, type: i < 4 ? 'delivered' : 'bounced', at },
        ...(i < 2 ? [{ message_id: id, type: 'opened', at, details: { machine: 'false' } }] : []),
      ]);
  }
  await stack.db('suppressions').insert({
    account_id: sender.account.id,
    address: 'reader@example.org',
    reason: 'unsubscribed',
    source_message_id: first,
  });
  const byoc = `${uniqueName('byoc')}.example.com`;
  await addDomain(stack.db, { accountId: sender.account.id, name: byoc, mode: 'byoc' }, 'test');

  await signedInOwner(page, stack.db, sender);
  const rates = page.getByRole('definition');
  await expect(page.getByRole('heading', { name: 'Delivery and engagement' })).toBeVisible();
  // 11 sent: 8 delivered, 2 bounced, 1 complained; 4 opened by a person; 1 clicked.
  // The rates by their name: the sending queue's figures are laid out alike.
  const overviewRates = page.getByLabel(/^Rates over the last \d+ days$/);
  await expect(overviewRates).toContainText('11');
  await expect(overviewRates).toContainText('72.7 %');
  await expect(rates.first()).toBeVisible();
  await expect(page.getByRole('img', { name: /delivery and engagement rates/ })).toBeVisible();
  await checkPage(page, 'overview-engagement');

  await page.goto(`/domains/${sender.domain}`);
  await expect(page.getByRole('heading', { name: 'Tracking' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Track opens' })).toBeEnabled();
  await checkPage(page, 'domain-tracking');
  await page.goto(`/domains/${byoc}`);
  await expect(page.getByText('BYOC messages are never tracked')).toBeVisible();
  await checkPage(page, 'domain-tracking-byoc');

  await page.goto(`/emails/${first}`);
  await expect(page.getByText('Clicked a link')).toBeVisible();
  await expect(page.getByText('machine', { exact: true })).toBeVisible();
  await expect(page.getByText('The recipient’s mailbox is full (MailboxFull)')).toBeVisible();
  await expect(page.getByText('newsletter')).toBeVisible();
  await checkPage(page, 'email-engagement');

  await page.goto('/suppressions');
  await expect(page.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await checkPage(page, 'suppressions-unsubscribed');

  await page.goto('/webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  await expect(page.getByText('email.opened')).toBeVisible();
  await checkPage(page, 'webhooks-engagement');
});

test('the journey: an owner turns click tracking on for a domain, and a followed link shows on the message page', async () => {
  const owner = await createSender(stack.db);
  await signedInOwner(page, stack.db, owner);
  await page.goto(`/domains/${owner.domain}`);
  await page.getByRole('switch', { name: 'Track clicks' }).check();
  await page.getByRole('button', { name: 'Save tracking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await checkPage(page, 'domain-tracking-on');

  // A send that says nothing about tracking follows the domain's new default.
  const subject = `Your receipt ${randomUUID()}`;
  const res = await send(stack, owner.apiKey, {
    ...testSendBody(stack, owner.domain, { to: `success@${stack.config.simulatorDomain}`, subject }),
    html: '<html><body><p>Thanks! <a href="https://shop.example.com/orders/1001">See your order</a></p></body></html>',
  });
  expect(res.status).toBe(200);
  const html = await eventually('SES to receive the message', async () => {
    const found = (await sesEmulatorStore(stack.config.ses.endpoint!)).find((e) => e.subject === subject);
    return found?.body.html;
  });
  const link = html.match(/href="([^"]+\/t\/c\/[^"]+)"/)?.[1];
  expect(link).toBeDefined();
  // Followed as a person would, after the machine window (docs/sending.md, "Tracking opens and clicks").
  await new Promise((r) => setTimeout(r, (stack.config.tracking.machineWindowSeconds + 1) * 1000));
  // On the test API under the link's own host name, which the token is bound to.
  const click = await atHost(stack, link!, {
    headers: {
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    },
  });
  expect([click.status, click.headers.get('location')]).toEqual([302, 'https://shop.example.com/orders/1001']);

  // Recorded after the redirect answered, by the message's engagement workflow.
  const messageId = String(res.json.message_id);
  await eventually('the click in the timeline', async () => {
    const row = await stack.db('email_events').where({ message_id: messageId, type: 'clicked' }).first();
    return row ? true : undefined;
  });
  await page.goto(`/emails/${messageId}`);
  await expect(page.getByText('Clicked a link')).toBeVisible();
  await expect(page.getByText('https://shop.example.com/orders/1001')).toBeVisible();
  await checkPage(page, 'email-clicked');
});
