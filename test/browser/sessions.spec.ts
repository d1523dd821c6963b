/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// A person's sessions in the dashboard, in Debian's Chromium, one browser context per device: a
// laptop and a phone sign in as the same person -> the laptop's Security page lists both (the
// phone's long User-Agent wraps at 1280 and 390 px) -> the laptop signs the phone out, whose next
// step in the app is the sign-in page -> the phone signs in again and the laptop signs out all
// other sessions -> the laptop signs itself out from the list.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage, expectNoSidewaysScroll } from './pages';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a sessions-tested password';
// Safari on an iPhone, with a long token of the kind some in-app browsers append.
const PHONE_AGENT = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 InApp/${'x'.repeat(120)}`;

let stack: ServiceStack;
let laptop: Page;
let phone: Page;
let email = '';

async function newPage(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 1280, height: 800 },
    ...(userAgent ? { userAgent } : {}),
  });
  return context.newPage();
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
const phoneRow = (page: Page) => page.getByRole('row', { name: /Safari 17 on iOS/ });

/** The phone's next step in the app is refused: the sign-in page, saying why. */
async function expectSignedOut(page: Page): Promise<void> {
  await nav(page, 'Domains');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByText('Your session ended')).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack({ worker: false });
  const sender = await createSender(stack.db);
  email = `${uniqueName('sessions')}@example.org`;
  await insertMemberUser(stack.db, { accountId: sender.account.id, email, passwordHash: await hashPassword(PASSWORD) });
  laptop = await newPage(browser);
  phone = await newPage(browser, PHONE_AGENT);
});

test.afterAll(async () => {
  for (const page of [laptop, phone]) await page?.context().close();
  await stack?.stop();
});

test('the laptop signs the phone out from its Security page, and the phone’s next step is the sign-in page', async () => {
  await signIn(phone);
  await signIn(laptop);
  await nav(laptop, 'Security');
  await expect(laptop.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  const mine = laptop.getByRole('row', { name: /this device/ });
  await expect(mine).toContainText(/Chrome \d+ on Linux/);
  await expect(mine).toContainText('127.0.0.1');
  await expect(phoneRow(laptop)).toContainText('127.0.0.1');
  await expect(phoneRow(laptop)).not.toContainText('this device');
  await expectNoSidewaysScroll(laptop, 'the security page');
  await checkPage(laptop, 'security');

  await phoneRow(laptop).getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
  await expect(
    laptop.getByRole('status').filter({ hasText: 'Signed out Safari 17 on iOS at 127.0.0.1.' }),
  ).toBeVisible();
  await expect(phoneRow(laptop)).toHaveCount(0);
  await expect(mine).toBeVisible();
  await expectSignedOut(phone);
});

test('signing out all other sessions ends the phone’s; signing out this device goes to the sign-in page', async () => {
  await signIn(phone);
  await laptop.reload();
  await expect(phoneRow(laptop)).toBeVisible();
  await laptop.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const dialog = laptop.getByRole('dialog');
  await expect(dialog).toContainText('API keys keep working');
  await dialog.getByRole('button', { name: 'Sign out others' }).click();
  await expect(laptop.getByRole('status').filter({ hasText: 'Signed out 1 other session.' })).toBeVisible();
  await expect(phoneRow(laptop)).toHaveCount(0);
  await expect(laptop.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);
  await expectSignedOut(phone);

  await laptop.getByRole('button', { name: /\(this device\)$/ }).click();
  await expect(laptop).toHaveURL(/\/sign-in/);
  await laptop.goto('/account/security');
  await expect(laptop).toHaveURL(/\/sign-in\?next=%2Faccount%2Fsecurity/);
});
