/// <reference lib="dom" />
// "Export an address's data" (docs/privacy.md), in Debian's Chromium, for a signed-in owner: the
// page is reached from the navigation, exports an address with a log row, offers the download at
// once and in the list of the last 7 days, and its link answers the JSON without a session.
// Screenshotted and checked with axe at 1280 and 390 px wide.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { insertQueuedLogRow } from '../../core/sending/emailLog';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let page: Page;
let sender: SenderFixture;
const ADDRESS = 'ada@example.org';

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack({ worker: false });
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  sender = await createSender(stack.db);
  await insertQueuedLogRow(stack.db, {
    messageId: randomUUID(),
    accountId: sender.account.id,
    recipient: ADDRESS,
    fromEmail: `hello@${sender.domain}`,
    subject: 'Your receipt',
    kind: 'real',
    attachments: 0,
  });
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

test('an owner exports an address from the navigation and downloads it without a session', async () => {
  await signedInOwner(page, stack.db, sender);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Export data' }).click();
  await expect(page.getByRole('heading', { name: "Export an address's data" })).toBeVisible();
  await expect(page.getByText('No exports yet')).toBeVisible();

  await page.getByLabel('Email address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Export' }).click();
  // exact: the list's own link is named "Download the export made …" once it has refreshed.
  await expect(page.getByRole('link', { name: 'download the export', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /1 email, 0 suppressions, 0 received/ })).toBeVisible();

  const href = await page.getByRole('link', { name: /^Download/ }).getAttribute('href');
  // BASE_URL names another host in the tests: the same path on this stack, with no cookie.
  const download = await fetch(`${stack.baseUrl}${new URL(href!).pathname}`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  expect(((await download.json()) as { address: string }).address).toBe(ADDRESS);

  await checkPage(page, 'address-exports');
});
