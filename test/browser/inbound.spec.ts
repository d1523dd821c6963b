/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// The dashboard's Inbound section (docs/inbound.md), in Debian's Chromium, for a signed-in owner:
// adding an inbound domain, the MX record to publish and its check against the test's own DNS
// server, rules with the endpoints picker, the received email (received through the receive use
// case and recorded by the worker's workflow) with its filters, a message's page (its sender
// checks, its attachment's download link, the email it answers linked, its HTML only in a
// sandboxed frame where its script does not run), a message whose subject, sender and attachment
// are one long token (no page wider than the screen), the overview's usage meter, and deleting.
// Each page is screenshotted and checked with axe at 1280 and 390 px wide.
import { expect, test, type Page } from '@playwright/test';
import { createApiKey } from '../../core/accounts/apiKeys';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { receiveRecorded } from '../helpers/inbound';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { keyRequest } from '../management/helpers';
import { send, testSendBody } from '../api/helpers/http';
import path from 'node:path';
import { checkPage, expectNoSidewaysScroll, SCREENSHOTS } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let zone: TestZone;
let page: Page;
let sender: SenderFixture;
let fullKey: string;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Receives `raw` for `to` as the MX listener would, and waits for the workflow to record it. */
async function receive(to: string, raw: string): Promise<string> {
  return receiveRecorded(stack, to, Buffer.from(raw.replace(/\n/g, '\r\n')));
}

/** The multipart message's last part: the PNG attached as `filename`, then the closing boundary. */
function lastPartAttaching(boundary: string, filename: string): string[] {
  return [
    `--${boundary}`,
    `Content-Type: image/png; name="${filename}"`,
    `Content-Disposition: attachment; filename="${filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    PNG.toString('base64'),
    `--${boundary}--`,
    '',
  ];
}

test.beforeAll(async ({ browser }) => {
  zone = await startTestZone();
  stack = await startServiceStack({ env: { DNS_SERVERS: zone.server, INBOUND_MX_HOST: 'mx.postage.test' } });
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  sender = await createSender(stack.db, { plan: 'growth' });
  fullKey = (
    await createApiKey(stack.db, { accountId: sender.account.id, name: 'seed', permission: 'full_access' }, 'test')
  ).secret;
  // Seeded through the API: an endpoint subscribed to email.received (the rule's picker offers it).
  const created = await keyRequest(stack.baseUrl, fullKey)('POST', '/api/webhooks', {
    url: 'http://127.0.0.1:9/received',
    events: ['email.received'],
  });
  expect(created.status).toBe(201);
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
  await zone?.close();
});

test('an owner sets up an inbound domain: the MX record to publish, its check, and rules', async () => {
  await signedInOwner(page, stack.db, sender);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbound' }).click();
  await expect(page.getByRole('heading', { name: 'No email received yet' })).toBeVisible();
  await checkPage(page, 'inbound-empty');
  await page.getByRole('link', { name: 'Set up an inbound domain' }).click();
  await page.getByRole('button', { name: 'Add inbound domain' }).first().click();
  const name = `reply.${sender.domain}`;
  await page.getByLabel('Domain', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add inbound domain' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: /10 mx\.postage\.test/ })).toBeVisible();
  await expect(page.getByText('MX not found yet').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();

  // Not published yet: Verify says so; published: found.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No MX record found' })).toBeVisible();
  zone.mx(name, 'mx.postage.test', 10);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'points to Postage' })).toBeVisible();
  await expect(page.getByText('MX found').first()).toBeVisible();

  // A rule for one address, to the endpoint picked; then a catch-all to every subscribed endpoint.
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Addresses').fill('support');
  await page.getByRole('radio', { name: /Only the endpoints I pick/ }).check();
  await page.getByRole('checkbox', { name: /127\.0\.0\.1:9\/received/ }).check();
  await checkPage(page, 'inbound-rule-form');
  await page.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expect(page.getByRole('cell', { name: `support@${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Addresses').fill('*');
  await page.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expect(page.getByRole('cell', { name: `Every other address at ${name}` })).toBeVisible();
  // A pattern that is none is refused on its field.
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Addresses').fill('a+b');
  await page.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expect(page.getByText(/is not a rule match/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await checkPage(page, 'inbound-domain');

  await page.getByRole('link', { name: 'Inbound domains', exact: true }).first().click();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await checkPage(page, 'inbound-domains');
});

test('received email: the list with its filters, and a message whose HTML cannot run', async () => {
  const name = `reply.${sender.domain}`;
  // An email the account sent, which the second message answers.
  const sent = await send(stack, sender.apiKey, testSendBody(stack, sender.domain, { subject: 'Your order' }));
  expect(sent.status).toBe(200);
  const sentId = String(sent.json.message_id);
  await eventually('the sent message’s log row', async () =>
    (await stack.db('email_log').where({ message_id: sentId }).first('message_id')) ? true : undefined,
  );
  await receive(
    `support@${name}`,
    [
      'From: Ann Example <ann@example.org>',
      `To: support@${name}`,
      'Subject: Where is my parcel?',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello, my parcel has not arrived yet.',
      '',
    ].join('\n'),
  );
  const boundary = 'b-inbound-spec';
  const reply = await receive(
    `orders+1234@${name}`,
    [
      'From: Bob Buyer <bob@example.com>',
      `To: orders+1234@${name}`,
      'Subject: Re: Your order',
      `In-Reply-To: <${sentId}@${sender.domain}>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      `Content-Type: multipart/alternative; boundary="${boundary}-alt"`,
      '',
      `--${boundary}-alt`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thanks, the order arrived. Receipt attached.',
      `--${boundary}-alt`,
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p style="color:#0a6">Thanks, the order <b>arrived</b>.</p><img src="https://tracker.example.net/pixel.gif" alt=""><script>parent.document.title = "script ran"</script>',
      `--${boundary}-alt--`,
      ...lastPartAttaching(boundary, 'receipt.png'),
    ].join('\n'),
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbound' }).click();
  await expect(page.getByRole('link', { name: 'Bob Buyer' })).toBeVisible();
  await expect(page.getByText('bob@example.com')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ann Example' })).toBeVisible();
  await expect(page.getByText('1 attachment')).toBeVisible();
  await checkPage(page, 'inbound-list');
  await page.getByLabel('Sender').fill('ann@');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('link', { name: 'Bob Buyer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ann Example' })).toBeVisible();
  await page.getByLabel('Sender').fill('nobody-at-all');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'No received email matches' })).toBeVisible();
  await page.getByLabel('Sender').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();

  await page.getByRole('link', { name: 'Bob Buyer' }).click();
  await expect(page.getByRole('heading', { name: 'Re: Your order', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: sentId })).toHaveAttribute('href', `/emails/${sentId}`);
  await expect(page.getByRole('heading', { name: 'Sender checks' })).toBeVisible();
  const download = page.getByRole('link', { name: 'receipt.png' });
  await expect(download).toHaveAttribute('href', /\/inbound\/attachments\/v1\./);
  await expect(page.getByText('Thanks, the order arrived. Receipt attached.')).toBeVisible();
  // The HTML: in a frame without any sandbox permission, behind a policy that loads nothing.
  const frame = page.locator('iframe[title="HTML of the message"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('srcdoc', /Content-Security-Policy" content="default-src 'none'/);
  await expect(page.frameLocator('iframe[title="HTML of the message"]').getByText('arrived')).toBeVisible();
  expect(await page.title()).not.toBe('script ran');
  // A full-page capture leaves a sandboxed frame below the fold blank: the frame on its own.
  await frame.scrollIntoViewIfNeeded();
  await frame.screenshot({ path: path.join(SCREENSHOTS, 'inbound-message-html.png') });
  // The attachment's link works without the session: it is signed.
  const href = (await download.getAttribute('href'))!;
  const bytes = await fetch(`${stack.baseUrl}${new URL(href).pathname}`);
  expect(bytes.headers.get('content-type')).toBe('application/octet-stream');
  expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
  await checkPage(page, 'inbound-message');

  // The sent email's page shows the reply in its timeline.
  await page.getByRole('link', { name: sentId }).click();
  await expect(page.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();

  // The overview's usage counts the two messages.
  await page.goto('/');
  await expect(page.getByRole('progressbar', { name: /Received: 2 of 10000/ })).toBeVisible();

  // Delete the message from its page.
  await page.goto(`/inbound/messages/${reply}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete message' }).click();
  await expect(page.getByRole('heading', { name: 'Inbound', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bob Buyer' })).toHaveCount(0);
});

test('a message whose subject, sender and attachment’s name are 300-character unbroken tokens fits the screen', async () => {
  const name = `reply.${sender.domain}`;
  const token = 'x'.repeat(300);
  const boundary = 'b-long-tokens';
  const id = await receive(
    `long@${name}`,
    [
      `From: ${token} <${token}@example.org>`,
      `To: long@${name}`,
      `Subject: ${token}`,
      `Message-ID: <${token}@example.org>`,
      `References: <${token}@example.org>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `See https://example.org/${token}`,
      ...lastPartAttaching(boundary, `${token}.png`),
    ].join('\n'),
  );

  await page.goto(`/inbound/messages/${id}`);
  await expect(page.getByRole('heading', { name: token, level: 1 })).toBeVisible();
  // (A filename is kept to its first 255 characters.)
  await expect(page.getByRole('link', { name: `${token}.png`.slice(0, 255) })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the message');
  await checkPage(page, 'inbound-message-long-tokens');

  await page.goto('/inbound');
  await expect(page.getByRole('link', { name: token })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the received email');
  await checkPage(page, 'inbound-list-long-tokens');
});

test('a rule and the inbound domain are deleted from their page', async () => {
  const name = `reply.${sender.domain}`;
  await page.goto(`/inbound/domains/${name}`);
  await page
    .getByRole('row', { name: /support@/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByRole('cell', { name: `support@${name}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
  await page.getByRole('button', { name: 'Delete inbound domain' }).click();
  await expect(page.getByRole('heading', { name: 'No inbound domains yet' })).toBeVisible();
});
