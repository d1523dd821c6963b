/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// A new customer's journey through the dashboard, in Debian's Chromium: sign up -> open the
// verification link read from the SES emulator's store -> sign in -> add a shared domain -> (the
// operator marks it verified, through postage-admin) -> create a key and copy its secret -> send
// with it over HTTP -> watch the message reach `delivered` on its page, with its timeline ->
// create a webhook to a local receiver, send a test event, see the delivery listed, replay it ->
// create a template, preview it (a variable escaped in the sandboxed frame), save, publish, send a
// test and follow it to `delivered`, be refused deleting it while a scheduled email uses it ->
// revoke the key and see the next send get 401. A key bound to networks, made through the form
// (its refusals shown by the field), listed with its ranges and refused from outside them. Then
// every page, screenshotted and checked with axe at 1280 and 390 px wide.
import { expect, test, type Page } from '@playwright/test';
import { cliFor, ok, type Cli } from '../cli/cliHarness';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { uniqueName } from '../helpers/fixtures';
import { send } from '../api/helpers/http';
import {
  createSystemAccount,
  emailsTo,
  keyRequest,
  SYSTEM_EMAIL_ENV,
  uniqueEmail,
  waitForEmail,
} from '../management/helpers';
import { checkPage } from './pages';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let receiver: WebhookReceiver;
let cli: Cli;
let page: Page;
const email = uniqueEmail('browser');
const password = 'a browser-tested password';
const domain = `${uniqueName('shop')}.example.com`;
let secret = '';
let messageId = '';

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack({ env: SYSTEM_EMAIL_ENV });
  await createSystemAccount(stack.db);
  receiver = await startWebhookReceiver();
  cli = cliFor({ DATABASE_URL: stack.database.url, SES_DOMAIN_IDENTITIES: 'local' });
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await receiver?.close();
  await stack?.stop();
});

test('a new customer signs up, verifies, sends, watches delivery, tests a webhook, publishes a template and revokes the key', async () => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/); // signed out: the app sends you to sign in
  await checkPage(page, 'sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await checkPage(page, 'sign-up');
  await page.getByLabel('Company or name (optional)').fill('Browser Shop');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The API's field error, inline, next to the field it is about.
  await expect(page.getByText('Use at least 10 characters.')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const verification = await waitForEmail(email);
  const link = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(verification.body.text ?? '')![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await checkPage(page, 'verify-email');

  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Next steps (1 of 5 done)')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByText('No domains yet')).toBeVisible();
  await checkPage(page, 'domains-empty');
  await page.getByRole('button', { name: 'Add your first domain' }).click();
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByLabel(/Shared/).check();
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('heading', { name: domain })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ownership/ }).getByText('Not found yet')).toBeVisible();

  // The operator's part: no public DNS here, and shared sending needs Growth.
  ok(await cli(['domain', 'mark-verified', domain]));
  ok(await cli(['account', 'set', email, '--plan', 'growth']));
  await page.reload();
  await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
  await checkPage(page, 'domain-detail');

  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create API key' }).first().click();
  await page.getByLabel('Name').fill('checkout service');
  await page.getByRole('checkbox', { name: domain }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('secret-value');
  await expect(shown).toHaveText(/^pk_[0-9a-f]{16}_[0-9a-f]{64}$/);
  await checkPage(page, 'api-keys-secret');
  await page.getByRole('button', { name: /Copy secret/ }).click();
  secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await shown.textContent());
  await page.getByRole('button', { name: 'I have stored it' }).click();
  // Dismissed: the secret is gone from the page, not just hidden.
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByRole('row', { name: /checkout service/ })).toContainText('Sending');

  const sent = await send(stack, secret, {
    from_email: `orders@${domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'Your order',
    message: 'Thanks!',
  });
  expect(sent.status).toBe(200);
  messageId = String(sent.json.message_id);

  await page.getByRole('link', { name: 'Emails' }).click();
  await page.getByRole('link', { name: `delivered@${stack.config.testDomain}` }).click();
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.getByText('Delivered to the recipient’s mail server')).toBeVisible();
  const timeline = page
    .getByRole('region', { name: 'Timeline' })
    .or(page.locator('section', { has: page.getByRole('heading', { name: 'Timeline' }) }));
  await expect(timeline.getByRole('listitem')).toHaveText([
    /Accepted and queued/,
    /Simulated \(test recipient/,
    /Delivered/,
  ]);
  expect(page.url()).toContain(messageId);
  await checkPage(page, 'email-detail');

  // A scheduled email, cancelled from its page before it goes.
  const later = await send(stack, secret, {
    from_email: `orders@${domain}`,
    to: `complaint@${stack.config.testDomain}`,
    subject: 'Next week',
    message: 'Later.',
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(later.status).toBe(200);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Emails' }).click();
  await page.getByRole('link', { name: `complaint@${stack.config.testDomain}` }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled' })).toBeVisible();
  await checkPage(page, 'email-scheduled');
  await page.getByRole('button', { name: 'Cancel email' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel email' }).click();
  await expect(page.getByText('Cancelled before it was sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scheduled' })).toBeHidden();

  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  await page.getByLabel('URL', { exact: true }).fill(receiver.url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const signing = await page.getByTestId('secret-value').textContent();
  receiver.setSecret(signing!);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await page.getByLabel('Test event').selectOption('email.bounced');
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText(/Delivered: HTTP 200/)).toBeVisible();
  const received = await receiver.waitFor((r) => r.headers['x-service-event'] === 'email.bounced');
  expect(received.signatureValid).toBe(true);
  await expect(
    page.getByRole('table', { name: 'Recent deliveries' }).getByRole('row', { name: /email\.bounced/ }),
  ).toContainText('200');
  // Replay it: the same event once more, listed as a replay.
  const before = receiver.received.length;
  await page.getByRole('button', { name: 'Replay email.bounced delivery' }).first().click();
  await expect(page.getByText(/Replayed: HTTP 200/)).toBeVisible();
  await expect.poll(() => receiver.received.length).toBe(before + 1);
  await expect(page.getByRole('table', { name: 'Recent deliveries' }).getByRole('row', { name: /replay/ })).toHaveCount(
    1,
  );
  await checkPage(page, 'webhooks');

  // A template, written in the dashboard.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByText('No templates yet')).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill('Order receipt');
  await page.getByLabel('Alias (optional)').fill('receipt');
  await page.getByLabel('Subject').fill('Receipt for {{ name }}');
  // The script would replace the page's text if it ever ran in the preview.
  await page
    .getByLabel('HTML', { exact: true })
    .fill(
      '<h1>Hello {{ name }}</h1>\n<p>Total: {{ total }}</p>\n<script>document.body.textContent = "the script ran"</script>',
    );
  await checkPage(page, 'template-new');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('heading', { name: 'Order receipt', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft only')).toBeVisible();
  // The variables start as the draft's, with sample values, and the preview renders them.
  const variables = page.getByLabel('Variables (JSON)');
  await expect(variables).toHaveValue(/"name": "Sample name"[^]*"total": "Sample total"/);
  const preview = page.frameLocator('iframe[title="HTML preview"]');
  await expect(preview.getByRole('heading', { name: 'Hello Sample name' })).toBeVisible();
  // A value with markup is shown as text in the HTML (escaped), as it is in the one-line subject.
  await variables.fill('{"name": "Ada & <Bob>", "total": "9 €"}');
  await expect(preview.locator('h1')).toHaveText('Hello Ada & <Bob>');
  await expect(preview.locator('bob')).toHaveCount(0);
  await expect(preview.locator('body')).not.toContainText('the script ran');
  await expect(page.getByTestId('preview-subject')).toHaveText('Receipt for Ada & <Bob>');
  // A missing variable is the API's 400, shown by the variables, not a broken page.
  await variables.fill('{"name": "Ada & <Bob>"}');
  await expect(page.getByText('Missing variable `total`')).toBeVisible();
  await page.getByRole('button', { name: 'Add total' }).click();
  await expect(preview.locator('p')).toHaveText('Total: Sample total');
  await variables.fill('{"name": "Ada & <Bob>", "total": "9 €"}');
  // Edits reach the preview once saved.
  await page.getByLabel('Subject').fill('Your receipt, {{ name }}');
  await expect(page.getByText(/^Unsaved edits/)).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText('Your receipt, Ada & <Bob>');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 1 is published')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(
    page.getByRole('table', { name: 'Published versions' }).getByRole('row', { name: /Your receipt, \{\{ name \}\}/ }),
  ).toBeVisible();
  // A test of the draft, through the real pipeline, followed to its outcome.
  await expect(page.getByLabel('From')).toHaveValue(`hello@${domain}`);
  await page.getByLabel('Test recipient').selectOption('delivered');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`Sent to delivered@${stack.config.testDomain}`)).toBeVisible();
  await page.getByRole('link', { name: 'Follow the test email' }).click();
  await expect(page.getByRole('heading', { name: 'Your receipt, Ada & <Bob>' })).toBeVisible();
  await expect(page.getByText('Delivered to the recipient’s mail server')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Emails' }).click();
  await expect(page.getByRole('row', { name: /Your receipt, Ada & <Bob>/ })).toContainText('delivered');
  // While a scheduled email uses it, the template cannot be deleted: the API's 409, in the dialog.
  const waiting = await send(stack, secret, {
    from_email: `orders@${domain}`,
    to: `bounce@${stack.config.testDomain}`,
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    template: { id: 'receipt', variables: { name: 'Later', total: '1 €' } },
  });
  expect(waiting.status).toBe(200);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('row', { name: /Order receipt/ })).toContainText('Version 1');
  await page.getByRole('link', { name: 'Order receipt' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('scheduled message(s) use this template');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Order receipt', level: 1 })).toBeVisible();
  // One that nothing uses goes.
  await page.getByRole('link', { name: 'Templates' }).first().click();
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Scratch');
  await page.getByLabel('Subject').fill('Hi');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('heading', { name: 'Scratch', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Order receipt/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scratch' })).toHaveCount(0);

  await page.getByRole('link', { name: 'API keys' }).click();
  await page
    .getByRole('row', { name: /checkout service/ })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /checkout service/ })).toContainText('Revoked');
  const refused = await send(stack, secret, {
    from_email: `orders@${domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'Again',
    message: 'Hi.',
  });
  expect(refused.status).toBe(401);
});

test('a key made bound to networks lists them, is refused from outside them, and a bad range is told by its field', async () => {
  await page.goto('/api-keys');
  const openForm = () => page.getByRole('button', { name: 'Create API key' }).first().click();
  const networks = page.getByLabel('Allowed networks (optional)');
  const create = page.getByRole('button', { name: 'Create key' });
  await openForm();
  await page.getByLabel('Name').fill('office network');
  await networks.fill('10.0.0.0/8,\n2001:db8::/32');
  await create.click();
  const shown = page.getByTestId('secret-value');
  await expect(shown).toHaveText(/^pk_[0-9a-f]{16}_[0-9a-f]{64}$/);
  const boundSecret = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('row', { name: /office network/ }).getByRole('listitem')).toHaveText([
    '10.0.0.0/8',
    '2001:db8::/32',
  ]);
  await expect(page.getByRole('row', { name: /checkout service/ })).toContainText('Anywhere');
  // This test calls from 127.0.0.1, in neither range.
  const refused = await keyRequest(stack.baseUrl, boundSecret)('GET', '/api/me/');
  expect([refused.status, refused.json.error]).toEqual([403, 'network_not_allowed']);

  // The API's refusals, by the field: an entry that is no range, and one longer than any range.
  await openForm();
  await page.getByLabel('Name').fill('typo');
  await networks.fill('10.0.0.0/33');
  await create.click();
  await expect(networks).toHaveAccessibleDescription(/not an IPv4 or IPv6 address or CIDR range: "10\.0\.0\.0\/33"/);
  await networks.fill(`2001:db8:20::/48\n${'f'.repeat(44)}`);
  await create.click();
  await expect(networks).toHaveAccessibleDescription(/Entry 2: Must be at most 43 characters\./);
  await checkPage(page, 'api-keys-networks');
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('every signed-in page, at 1280 and 390 px, with no serious accessibility violations', async () => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Usage this month (' + new Date().toISOString().slice(0, 7) + ', UTC)' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Daily sends over the last two months/ })).toBeVisible();
  await checkPage(page, 'overview');
  await page.goto('/domains');
  await expect(page.getByRole('link', { name: domain })).toBeVisible();
  await checkPage(page, 'domains');
  await page.goto('/api-keys');
  await expect(page.getByRole('row', { name: /checkout service/ })).toBeVisible();
  await checkPage(page, 'api-keys');
  await page.goto('/emails');
  // (Two went there: the send with the key and the template's test.)
  await expect(page.getByRole('link', { name: `delivered@${stack.config.testDomain}` })).toHaveCount(2);
  await checkPage(page, 'emails');
  await page.goto('/templates');
  await expect(page.getByRole('row', { name: /Order receipt/ })).toBeVisible();
  await checkPage(page, 'templates');
  await page.getByRole('link', { name: 'Order receipt' }).click();
  await expect(
    page.frameLocator('iframe[title="HTML preview"]').getByRole('heading', { name: 'Hello Sample name' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Published versions' })).toBeVisible();
  await checkPage(page, 'template-detail');
  await page.goto('/suppressions');
  await expect(page.getByText('No suppressed addresses')).toBeVisible();
  await page.getByLabel('Email address').fill('not an address');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('is not an email address')).toBeVisible();
  await page.getByLabel('Email address').fill('gone@example.org');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('row', { name: /gone@example\.org/ })).toBeVisible();
  await checkPage(page, 'suppressions');
  await page.goto('/byoc');
  await expect(page.getByText('Created when you first save')).toBeVisible();
  await checkPage(page, 'byoc');
  // (Team and audit log with several people: team.spec.ts.)
  await page.goto('/team');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Owner');
  await checkPage(page, 'team-owner-only');
  // (Turning it on, signing in with it and the owner's rule: twoFactor.spec.ts.)
  await page.getByRole('link', { name: 'Two-factor sign-in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
  await checkPage(page, 'two-factor-off');
  await page.goto('/audit');
  await expect(page.getByRole('row', { name: /api_key\.revoke/ })).toBeVisible();
  await checkPage(page, 'audit-journey');
  // (Several sessions, ended from the page: sessions.spec.ts.)
  await page.goto('/account/security');
  await expect(page.getByRole('row', { name: /this device/ })).toContainText('127.0.0.1');
  await checkPage(page, 'security-journey');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // The phone layout's menu opens and navigates.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByRole('heading', { name: 'Domains' })).toBeVisible();
  // After navigating inside the app, focus is on the new page's content.
  await expect(page.locator('main#main')).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  // Keyboard: on a fresh page the skip link is the first stop, and it moves focus to the content.
  await page.goto('/domains');
  await expect(page.getByRole('heading', { name: 'Domains' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  expect(await emailsTo(email)).toHaveLength(1);
});

test('signed out, the reset pages work and the session ends everywhere in the app', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/emails');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Femails/);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await checkPage(page, 'forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
  const reset = await waitForEmail(email, 2);
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(reset.body.text ?? '')![0]);
  await page.goto(link.pathname + link.search);
  await checkPage(page, 'reset-password');
  await page.getByLabel('New password').fill('a brand new browser password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/Your password is changed/)).toBeVisible();
});
