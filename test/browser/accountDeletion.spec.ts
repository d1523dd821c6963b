// Deleting the account in the dashboard, in Debian's Chromium: the owner opens "Delete account",
// the button waits for the account's name typed exactly, then the page and every page's banner
// say when it will be deleted, and the key's sends are refused; "Cancel deletion" on the banner
// lifts it and the key sends again. The page before and while pending is screenshotted and
// checked with axe at 1280 and 390 px wide.
import { expect, test, type Page } from '@playwright/test';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { send, testSendBody } from '../api/helpers/http';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let owner: Page;
let sender: SenderFixture;

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack();
  sender = await createSender(stack.db);
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  owner = await context.newPage();
  await signedInOwner(owner, stack.db, sender);
});
test.afterAll(async () => stack?.stop());

const sendStatus = async () => (await send(stack, sender.apiKey, testSendBody(stack, sender.domain))).status;

test('the owner types the name to schedule the deletion; the banner says when and sending stops', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Delete account' }).click();
  await expect(owner.getByRole('heading', { name: 'Danger zone' })).toBeVisible();
  await checkPage(owner, 'account-deletion');
  const confirm = owner.getByLabel('Type Test account to confirm');
  const button = owner.getByRole('button', { name: 'Delete account' });
  await confirm.fill('test account');
  await expect(button).toBeDisabled();
  await confirm.fill('Test account');
  await button.click();

  await expect(owner.getByText(/This account will be deleted on/)).toBeVisible();
  await expect(owner.getByRole('alert').filter({ hasText: 'will be deleted on' })).toBeVisible();
  await checkPage(owner, 'account-deletion-pending');
  expect(await sendStatus()).toBe(403);
});

test('the banner shows on every page, and its "Cancel deletion" lets the account send again', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  const banner = owner.getByRole('alert').filter({ hasText: 'will be deleted on' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(banner).toHaveCount(0);
  expect(await sendStatus()).toBe(200);
});
