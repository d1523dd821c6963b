/// <reference lib="dom" />
// The account's "Data retention" page (docs/privacy.md, "How long data is kept"), in Debian's
// Chromium, for a signed-in owner: the days kept of each kind with the default and the plan's
// most, a choice saved, one past the most refused on its field. Screenshotted and checked with axe
// at 1280 and 390 px wide.
import { expect, test, type Page } from '@playwright/test';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let page: Page;

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack({ worker: false });
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

test('an owner shortens the email log to 3 days, and a number past the plan’s most is refused on its field', async () => {
  await signedInOwner(page, stack.db, await createSender(stack.db));
  await page.getByRole('link', { name: 'Data retention' }).click();
  await expect(page.getByRole('heading', { name: 'Data retention' })).toBeVisible();
  const log = page.getByLabel('Email log');
  await expect(page.getByText('Kept now: 14 days (default 14, at most 14).')).toBeVisible();
  await checkPage(page, 'retention');

  await log.fill('3');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByText('Kept now: 3 days (default 14, at most 14).')).toBeVisible();

  await page.getByLabel('Received mail').fill('120');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText(/at most 90 days on this account's plan/)).toBeVisible();
  await expect(page.getByLabel('Received mail')).toHaveAttribute('aria-invalid', 'true');
});
