/// <reference lib="dom" />
// The dashboard's "Erase an address" page, in Debian's Chromium, for a signed-in owner: the form
// refuses a value that is not an address, then erases one the account sent to; the list follows
// the erasure to `Completed` with what it removed, never showing the address, and the suppression
// list shows the address's entry as [erased]. Screenshotted and checked with axe at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { suppressManually } from '../../core/accounts/suppressions';
import { insertQueuedLogRow } from '../../core/sending/emailLog';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';
import { randomUUID } from 'node:crypto';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let page: Page;
let sender: SenderFixture;
const address = `${uniqueName('forget')}@example.org`;

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack();
  sender = await createSender(stack.db);
  await insertQueuedLogRow(stack.db, {
    messageId: randomUUID(),
    accountId: sender.account.id,
    recipient: address,
    fromEmail: `hello@${sender.domain}`,
    subject: 'Hello',
    kind: 'real',
    attachments: 0,
  });
  await suppressManually(stack.db, { accountId: sender.account.id, address }, 'test');
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

test('the owner erases an address: the list follows it to Completed without showing the address', async () => {
  await signedInOwner(page, stack.db, sender);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Erase an address' }).click();
  await expect(page.getByRole('heading', { name: 'Erase an address', level: 1 })).toBeVisible();
  await expect(page.getByText('No erasures yet')).toBeVisible();
  await checkPage(page, 'erasures-empty');

  await page.getByLabel('Email address').fill('not an address');
  await page.getByLabel('I understand this cannot be undone').check();
  await page.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText(/not an email address/)).toBeVisible();

  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Completed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Email log rows: 1')).toBeVisible();
  await expect(page.getByText(address)).toHaveCount(0);
  await checkPage(page, 'erasures');
});

test('the suppression list shows the erased address as [erased], with no remove button', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppressions' }).click();
  const row = page.getByRole('row').filter({ hasText: '[erased]' });
  await expect(row).toContainText('Added by hand');
  await expect(row.getByRole('button', { name: 'Remove' })).toHaveCount(0);
});
