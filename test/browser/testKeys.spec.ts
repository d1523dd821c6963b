// A test key in the dashboard, in Debian's Chromium: made with the "Test key" box, marked Test on
// the API keys page; its send to a real-looking address is marked Test in the email log and said
// to be simulated on the message's page. Each page is screenshotted and checked with axe at both
// widths (docs/test-recipients.md, "Test keys").
import { expect, test, type Page } from '@playwright/test';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { send } from '../api/helpers/http';
import { checkPage } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let sender: SenderFixture;
let page: Page;
let secret = '';

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack();
  sender = await createSender(stack.db, { plan: 'growth' });
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  await signedInOwner(page, stack.db, sender);
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

test('a key made with the Test key box is marked Test among the keys', async () => {
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create API key' }).first().click();
  await page.getByLabel('Name').fill('staging');
  await page.getByRole('checkbox', { name: 'Test key' }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('secret-value');
  await expect(shown).toHaveText(/^pk_/);
  secret = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'I have stored it' }).click();
  const row = page.getByRole('row', { name: /staging/ });
  await expect(row.getByText('Test', { exact: true })).toBeVisible();
  // The account's first key, made by the fixture, is not a test key.
  await expect(page.getByRole('row', { name: /test key/ }).getByText('Test', { exact: true })).toHaveCount(0);
  await checkPage(page, 'api-keys-test-key');
});

test("the test key's send to a real-looking address is marked Test and said to be simulated", async () => {
  const sent = await send(stack, secret, {
    from_email: `hello@${sender.domain}`,
    to: 'someone@example.org',
    subject: 'Simulated welcome',
    message: 'Hi there.',
  });
  expect(sent.status).toBe(200);

  await page.getByRole('link', { name: 'Emails' }).click();
  const row = page.getByRole('row', { name: /someone@example\.org/ });
  await expect(row.getByText('Test', { exact: true })).toBeVisible();
  await checkPage(page, 'emails-test-key');

  await row.getByRole('link', { name: 'someone@example.org' }).click();
  await expect(page.getByRole('heading', { name: 'Simulated welcome' })).toBeVisible();
  await expect(page.getByText('Test key: simulated, nothing left Postage')).toBeVisible();
  await expect(page.getByText('Delivered to the recipient’s mail server')).toBeVisible();
  await checkPage(page, 'email-detail-test-key');
});
