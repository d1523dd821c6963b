/// <reference lib="dom" />
// The Reputation page (docs/reputation.md), in Debian's Chromium, for a signed-in owner: reached
// from the navigation, it shows the account's bounce and complaint rates with their standing in
// words and the sends they rest on, and a row per sending domain; while sending is paused, a banner
// on every page says why and what to do. Screenshotted and checked with axe at 1280 and 390 px wide.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  recordReputationEvent,
  recordSendSample,
  reputationRates,
  suspendForReputation,
} from '../../core/providerEvents/reputation';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let page: Page;

/** `sends` real shared sends from the sender's domain today, the first `bounces` of them hard-bounced. */
async function sendsWithBounces(sender: SenderFixture, sends: number, bounces: number): Promise<void> {
  for (let i = 0; i < sends; i++) {
    const messageId = randomUUID();
    await recordSendSample(stack.db, { messageId, accountId: sender.account.id, domain: sender.domain });
    if (i < bounces)
      await recordReputationEvent(stack.db, { messageId, event: 'bounce', at: new Date().toISOString() });
  }
}

const nav = () => page.getByRole('navigation', { name: 'Main' });
const rateCard = (name: string) => page.getByRole('region', { name });
const pausedBanner = () => page.getByRole('alert').filter({ hasText: 'Sending is paused' });

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack({ worker: false });
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

test('an owner reads the rates, their standing and the per-domain row from the navigation', async () => {
  const sender = await createSender(stack.db);
  // 6 of 200: 3 %, over the 2.5 % warning, under the 5 % pause; no complaints.
  await sendsWithBounces(sender, 200, 6);
  await signedInOwner(page, stack.db, sender);
  await nav().getByRole('link', { name: 'Reputation' }).click();
  await expect(page.getByRole('heading', { name: 'Reputation', level: 1 })).toBeVisible();

  const bounce = rateCard('Bounce rate');
  await expect(bounce.getByText('3 %', { exact: true })).toBeVisible();
  await expect(bounce.getByText('Warning', { exact: true })).toBeVisible();
  await expect(bounce.getByText('6 hard bounces of 200 sends in the last 7 days')).toBeVisible();
  await expect(
    bounce.getByText('At or over the warning level of 2.5 %: Postage pauses your sending at 5 %.'),
  ).toBeVisible();
  const complaint = rateCard('Complaint rate');
  await expect(complaint.getByText('0 complaints of 200 sends in the last 7 days')).toBeVisible();
  await expect(complaint.getByText('Under 3 complaints: too few for this rate to pause your sending.')).toBeVisible();

  const row = page
    .getByRole('table', { name: 'Rates by sending domain' })
    .getByRole('row', { name: new RegExp(sender.domain) });
  await expect(row).toContainText('200');
  await expect(row).toContainText('3 %');
  // Not paused: no banner.
  await expect(pausedBanner()).toHaveCount(0);

  await checkPage(page, 'reputation');
});

test('a paused account sees why on every page, and what to do', async () => {
  const sender = await createSender(stack.db);
  await sendsWithBounces(sender, 100, 8);
  const reason = 'hard-bounce rate 8.00% over the last 7 days (8 of 100 sends) reached the 5.00% threshold';
  await suspendForReputation(
    stack.db,
    sender.account.id,
    reason,
    await reputationRates(stack.db, sender.account.id, 7),
  );
  await signedInOwner(page, stack.db, sender);

  const banner = pausedBanner();
  await expect(banner).toContainText(reason);
  await expect(banner).toContainText('ask Postage support to lift the pause');
  await banner.getByRole('link', { name: 'See your bounce and complaint rates' }).click();

  await expect(page.getByRole('heading', { name: 'Reputation', level: 1 })).toBeVisible();
  await expect(banner).toContainText(reason);
  await expect(banner).toContainText(/since/);
  await expect(
    rateCard('Bounce rate').getByText('At or over 5 %, the level at which Postage pauses your sending.'),
  ).toBeVisible();

  await checkPage(page, 'reputation-paused');
});
