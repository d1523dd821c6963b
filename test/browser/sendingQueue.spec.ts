/// <reference lib="dom" />
// The overview's "Sending queue" card, in Debian's Chromium, for a signed-in owner: the account's
// emails waiting for their turn at SES (put there by the pacer itself, as a worker's sends would
// be), the pace and the expected wait, its own AWS account's queue once BYOC is saved, and the
// note of a throttle within the hour. Screenshotted and checked with axe at 1280 and 390 px wide.
import { expect, test, type Page } from '@playwright/test';
import { sesPacerFor, type SendingAccount, type SendLane, type SesPacer } from '../../core/sending/sesPacing';
import { configureByoc } from '../api/helpers/accounts';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let pacer: SesPacer;
let page: Page;

test.beforeAll(async ({ browser }) => {
  // No worker: nothing but this spec takes turns at SES.
  stack = await startServiceStack({ worker: false });
  pacer = sesPacerFor(stack.redis, stack.config);
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

/** Messages of `accountId` the pacer tells to wait (the sending account's turn is taken first). */
async function queueUp(at: SendingAccount, accountId: string, lane: SendLane, count: number): Promise<void> {
  await pacer.take(at, { messageId: uniqueName('first'), accountId: uniqueName('other'), lane: 'single' });
  for (let i = 0; i < count; i++) await pacer.take(at, { messageId: uniqueName('waiting'), accountId, lane });
}

const card = () => page.getByRole('region', { name: 'Sending queue' });

test('a new account’s sending queue is empty, at the pace of the shared SES account', async () => {
  await signedInOwner(page, stack.db, await createSender(stack.db));
  const shared = card().getByLabel('Shared sending queue');
  await expect(shared).toContainText('One-off sends waiting0');
  await expect(shared).toContainText('Expected waitnone');
  await expect(card().getByRole('heading', { name: /BYOC/ })).toHaveCount(0);
});

test('waiting emails, the expected wait, the BYOC queue and a throttle within the hour', async () => {
  const sender = await createSender(stack.db);
  await configureByoc(stack.db, sender.account.id);
  await queueUp('shared', sender.account.id, 'single', 2);
  await queueUp('shared', sender.account.id, 'bulk', 3);
  await pacer.throttled(`byoc:${sender.account.id}`);
  await signedInOwner(page, stack.db, sender);

  const shared = card().getByLabel('Shared sending queue');
  await expect(shared).toContainText('One-off sends waiting2');
  await expect(shared).toContainText('Batch and scheduled waiting3');
  await expect(shared).toContainText(/Expected waitabout \d+ s/);
  await expect(card().getByRole('heading', { name: 'Your own AWS account (BYOC)' })).toBeVisible();
  // The throttle was just recorded: read within the second it says "now", later "1 second ago".
  await expect(card().getByText(/Amazon SES slowed sending (now|.+ ago)/)).toBeVisible();
  await checkPage(page, 'overview-sending-queue');
});
