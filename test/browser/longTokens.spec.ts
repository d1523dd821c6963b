/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// What an account writes, at the longest the API takes it and without a space to break at (a
// domain of three 63-letter labels, a 300-letter subject, a 100-letter key name, a webhook URL with
// a 300-letter path, a key's IPv6 ranges, ...), on every signed-in page that shows it: no page
// scrolls sideways at 1280 or 390 px wide, and no stacked table's rows are wider than their table.
// Each page is also screenshotted and checked with axe at both widths. (A received message's
// subject, sender and attachment: inbound.spec.ts.) The owner is also signed in elsewhere, with a
// 300-letter User-Agent from the longest IPv6 address.
import { expect, test, type Page } from '@playwright/test';
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import { createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { keyRequest, WebClient } from '../management/helpers';
import { send, testSendBody } from '../api/helpers/http';
import { checkPage, expectNoSidewaysScroll } from './pages';
import { OWNER_PASSWORD, signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

const LONG_DOMAIN = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example.com`;
const INBOUND_DOMAIN = `in.${LONG_DOMAIN}`;
const ACCOUNT_NAME = 'A'.repeat(100);
const KEY_NAME = 'k'.repeat(100);
const SUBJECT = 's'.repeat(300);
const TAG_VALUE = 'v'.repeat(256);
const TEMPLATE_NAME = 't'.repeat(200);
const WEBHOOK_URL = `http://127.0.0.1:9/${'w'.repeat(300)}`;
const SUPPRESSED = `${'u'.repeat(64)}@${'d'.repeat(63)}.example.org`;
const MEMBER_NAME = 'n'.repeat(100);
const MEMBER_EMAIL = `${'m'.repeat(64)}@${'e'.repeat(63)}.${'f'.repeat(63)}.example.org`;
const USER_AGENT = `Agent/${'g'.repeat(294)}`;
const LONGEST_ADDRESS = 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe';
// IPv6 ranges as long as a canonical one gets: eight groups of four digits and a three-digit mask.
const LONG_NETWORK = 'fd12:3456:789a:bcde:f012:3456:789a:bcd0/124';
const LONG_NETWORKS = [
  LONG_NETWORK,
  ...['bce0', 'bcf0', 'bd00'].map((end) => `fd12:3456:789a:bcde:f012:3456:789a:${end}/124`),
];

let stack: ServiceStack;
let page: Page;
let messageId = '';
let templateId = '';

/** Everything the pages show, written through the API where it takes it. */
async function seed(): Promise<void> {
  const sender = await createSender(stack.db, { plan: 'growth' });
  // (A sign-up may name its account so; nothing renames one later.)
  await stack.db('accounts').where({ id: sender.account.id }).update({ name: ACCOUNT_NAME });
  // As the operator marks a domain verified (the test has no DNS for it).
  await addDomain(stack.db, { accountId: sender.account.id, name: LONG_DOMAIN, mode: 'shared' }, 'test');
  await markDomainVerified(stack.db, LONG_DOMAIN, 'test');
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: MEMBER_EMAIL,
    name: MEMBER_NAME,
    passwordHash: await hashPassword('a browser-tested password'),
    role: 'developer',
  });
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: KEY_NAME, permission: 'full_access' },
    'test',
  );
  // A second key: the first calls the API from here, outside these networks.
  await createApiKey(stack.db, { accountId: sender.account.id, name: KEY_NAME, networks: LONG_NETWORKS }, 'test');
  const api = keyRequest(stack.baseUrl, secret);
  const created = [
    await api('POST', '/api/webhooks', { url: WEBHOOK_URL, events: ['email.delivered'] }),
    await api('POST', '/api/suppressions', { address: SUPPRESSED }),
    await api('POST', '/api/inbound-domains', { name: INBOUND_DOMAIN }),
    await api('POST', `/api/inbound-domains/${INBOUND_DOMAIN}/rules`, { match: 'r'.repeat(64) }),
    await api('POST', '/api/templates', { name: TEMPLATE_NAME, subject: SUBJECT, html: `<p>${SUBJECT}</p>` }),
  ];
  expect(created.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  templateId = String(created[4]!.json.id);
  const sent = await send(
    stack,
    sender.apiKey,
    testSendBody(stack, sender.domain, { subject: SUBJECT, tags: { order: TAG_VALUE } }),
  );
  expect(sent.status).toBe(200);
  messageId = String(sent.json.message_id);
  const owner = await signedInOwner(page, stack.db, sender);
  const elsewhere = new WebClient(stack.baseUrl);
  const signIn = { email: owner, password: OWNER_PASSWORD };
  expect(
    (
      await elsewhere.request('POST', '/api/auth/signin', signIn, {
        headers: { 'User-Agent': USER_AGENT, 'X-Forwarded-For': LONGEST_ADDRESS },
      })
    ).status,
  ).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  // (Behind a loopback proxy: the other sign-in comes from the longest IPv6 address.)
  stack = await startServiceStack({ env: { INBOUND_MX_HOST: 'mx.postage.test', TRUST_PROXY: 'loopback' } });
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await seed();
});

test.afterAll(async () => {
  await page?.context().close();
  await stack?.stop();
});

/** Each page, with the long text it shows (seen before measuring: the page has loaded). */
const PAGES: { what: string; name: string; path: () => string; shows: string | RegExp }[] = [
  { what: 'the overview', name: 'overview', path: () => '/', shows: new RegExp(ACCOUNT_NAME) },
  { what: 'the domain list', name: 'domains', path: () => '/domains', shows: LONG_DOMAIN },
  { what: 'a domain’s page', name: 'domain', path: () => `/domains/${LONG_DOMAIN}`, shows: LONG_DOMAIN },
  {
    what: 'the page of a domain the account does not have',
    name: 'domain-unknown',
    path: () => `/domains/x${LONG_DOMAIN}`,
    shows: `There is no domain x${LONG_DOMAIN} in your account.`,
  },
  { what: 'the API key list', name: 'api-keys', path: () => '/api-keys', shows: LONG_NETWORK },
  { what: 'the webhook list', name: 'webhooks', path: () => '/webhooks', shows: WEBHOOK_URL },
  { what: 'the email log', name: 'emails', path: () => '/emails', shows: SUBJECT },
  { what: 'an email’s page', name: 'email', path: () => `/emails/${messageId}`, shows: SUBJECT },
  { what: 'the template list', name: 'templates', path: () => '/templates', shows: TEMPLATE_NAME },
  { what: 'a template’s page', name: 'template', path: () => `/templates/${templateId}`, shows: TEMPLATE_NAME },
  { what: 'the suppression list', name: 'suppressions', path: () => '/suppressions', shows: SUPPRESSED },
  { what: 'the team page', name: 'team', path: () => '/team', shows: MEMBER_EMAIL },
  { what: 'the security page', name: 'security', path: () => '/account/security', shows: USER_AGENT },
  // (The log cuts long values short; the key that acted is named in full.)
  { what: 'the audit log', name: 'audit', path: () => '/audit', shows: new RegExp(KEY_NAME) },
  { what: 'the inbound domain list', name: 'inbound-domains', path: () => '/inbound/domains', shows: INBOUND_DOMAIN },
  {
    what: 'an inbound domain’s page',
    name: 'inbound-domain',
    path: () => `/inbound/domains/${INBOUND_DOMAIN}`,
    shows: INBOUND_DOMAIN,
  },
];

for (const { what, name, path, shows } of PAGES) {
  test(`${what} fits the screen when what the account wrote is one long token`, async () => {
    await page.goto(path());
    await expect(page.getByText(shows, { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, what);
    await checkPage(page, `long-tokens-${name}`);
  });
}
