/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// Two-factor sign-in in the dashboard, in Debian's Chromium, with codes computed by pyotp from the
// key the page shows, as an authenticator app would: an owner is refused requiring it before having
// it -> turns it on (the QR code, the key, a code) and gets ten recovery codes once (downloaded as
// text) -> signs out and in: the password leads to a code step, a wrong code is refused, the app's
// code signs in -> signs in with a recovery code, which is refused the second time, and makes new
// codes with another -> requires it of every member on the Team page, which shows who has it, and
// invites someone, whose invitation page says so -> a member who signs in is held at the setup,
// turns it on and uses the app again, and turns it off once the rule is lifted. The code step, the
// setup, the recovery codes, the page with it on, the Team page and the held member's page are
// screenshotted and checked with axe at 1280 and 390 px wide.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hashPassword } from '../../core/accounts/passwords';
import { insertMemberUser } from '../../core/accounts/members';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { totp } from '../helpers/totp';
import { createSystemAccount, SYSTEM_EMAIL_ENV, uniqueEmail, waitForEmail } from '../management/helpers';
import { checkPage } from './pages';
import { OWNER_PASSWORD as PASSWORD, signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let owner: Page;
let member: Page;
let sender: SenderFixture;
let ownerEmail = '';
let ownerKey = '';
let recoveryCodes: string[] = [];
let memberKey = '';
const memberEmail = uniqueEmail('member');

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/** Starts the setup on the two-factor page and turns it on with a code from the key it shows; returns the key. */
async function turnOn(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Turn on' }).click();
  const key = (await page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Authentication code').fill(totp(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return key;
}

/** Says the shown recovery codes are stored; they leave the page. */
async function acknowledgeCodes(page: Page): Promise<void> {
  await page.getByLabel('I have stored these codes somewhere safe').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'Your recovery codes' })).toHaveCount(0);
}

test.beforeAll(async ({ browser }) => {
  // The worker sends the invitation's email.
  stack = await startServiceStack({ env: SYSTEM_EMAIL_ENV });
  await createSystemAccount(stack.db);
  owner = await newPage(browser);
  member = await newPage(browser);
});

test.afterAll(async () => {
  for (const page of [owner, member]) await page?.context().close();
  await stack?.stop();
});

test('an owner turns two-factor sign-in on with the key the page shows, and gets ten recovery codes once', async () => {
  sender = await createSender(stack.db);
  ownerEmail = await signedInOwner(owner, stack.db, sender);
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: memberEmail,
    name: 'Dee Developer',
    passwordHash: await hashPassword(PASSWORD),
    role: 'developer',
  });

  // Requiring it of everyone before having it: the API's 409, and the way to turn it on.
  await nav(owner, 'Team');
  const rule = owner.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
  await rule.click();
  await expect(owner.getByRole('alert')).toContainText(
    'Turn on two-factor sign-in for yourself before requiring it of everyone.',
  );
  await expect(rule).not.toBeChecked();
  await owner.getByRole('link', { name: 'Turn on your own two-factor sign-in' }).click();

  await expect(owner.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await owner.getByRole('button', { name: 'Turn on' }).click();
  // The API's SVG, as an image (never inserted into the page).
  const qr = owner.getByRole('img', { name: /QR code/ });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(owner.getByRole('link', { name: 'Open it in your authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\/Postage:/,
  );
  await checkPage(owner, 'two-factor-setup');
  ownerKey = (await owner.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
  expect(ownerKey).toMatch(/^[A-Z2-7]{32}$/);

  // A code from another time: the API's field error, by the field.
  const code = owner.getByLabel('Authentication code');
  await code.fill(totp(ownerKey, 300));
  await owner.getByRole('button', { name: 'Turn on' }).click();
  await expect(owner.getByText('The code is not right: enter the six digits the app shows now.')).toBeVisible();
  await code.fill(totp(ownerKey));
  await owner.getByRole('button', { name: 'Turn on' }).click();

  const shown = owner.getByRole('region', { name: 'Your recovery codes' });
  await expect(shown.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await shown.getByRole('listitem').allTextContents();
  for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('postage-recovery-codes.txt');
  const text = await readFile((await download.path())!, 'utf8');
  for (const recovery of recoveryCodes) expect(text).toContain(recovery);
  await checkPage(owner, 'two-factor-recovery-codes');
  await expect(owner.getByRole('button', { name: 'Done' })).toBeDisabled();
  await acknowledgeCodes(owner);
  expect(await owner.content()).not.toContain(recoveryCodes[0]);
  await expect(owner.getByText('10 recovery codes left')).toBeVisible();
});

test('signing in then asks for a code after the password; a recovery code works once', async () => {
  await signOut(owner);
  await signInWithPassword(owner, ownerEmail);
  await expect(owner.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The password alone opens nothing: the waiting session is not signed in.
  expect((await owner.request.get('/api/auth/session')).status()).toBe(401);
  await checkPage(owner, 'sign-in-two-factor');
  const code = owner.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill('000000');
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(owner.getByRole('alert')).toHaveText('The code is not right.');
  // The enabling code took its time step: the app's next code signs in.
  await code.fill(totp(ownerKey, 30));
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(owner.getByRole('heading', { name: 'Overview' })).toBeVisible();

  const withRecovery = async (recovery: string) => {
    await signInWithPassword(owner, ownerEmail);
    await owner.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await expect(owner.getByLabel('Recovery code')).toBeFocused();
    await owner.getByLabel('Recovery code').fill(recovery);
    await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signOut(owner);
  await withRecovery(recoveryCodes[0]!);
  await expect(owner.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await signOut(owner);
  await withRecovery(recoveryCodes[0]!);
  await expect(owner.getByRole('alert')).toHaveText('The code is not right.');
  await expect(owner.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await owner.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(owner.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await owner.getByRole('link', { name: 'Two-factor sign-in', exact: true }).click();
  await expect(owner.getByText('8 recovery codes left')).toBeVisible();
  await checkPage(owner, 'two-factor-on');

  // New codes, with a recovery code: the used one is refused, an unused one gives ten new codes.
  await owner.getByRole('button', { name: 'New recovery codes' }).click();
  await owner.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await owner.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await owner.getByRole('button', { name: 'Make new codes' }).click();
  await expect(owner.getByText('The recovery code is not right, or it was used already.')).toBeVisible();
  await owner.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[2]!);
  await owner.getByRole('button', { name: 'Make new codes' }).click();
  await expect(owner.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await acknowledgeCodes(owner);
  await expect(owner.getByText('10 recovery codes left')).toBeVisible();
});

test('the owner requires two-factor sign-in; a member who signs in is held at its setup until they turn it on', async () => {
  await owner.goto('/team');
  const rule = owner.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
  await rule.click();
  await expect(rule).toBeChecked();
  const members = owner.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(ownerEmail) })).toContainText('On');
  await expect(members.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Not yet');
  await checkPage(owner, 'team-two-factor');

  // Someone invited now is told so on the invitation's page.
  const invited = uniqueEmail('invited');
  await owner.getByRole('button', { name: 'Invite member' }).click();
  await owner.getByLabel('Email').fill(invited);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${invited}`)).toBeVisible();
  const link = new URL(
    /https?:\/\/\S+\/accept-invitation\?token=\S+/.exec((await waitForEmail(invited)).body.text ?? '')![0],
  );
  await member.goto(link.pathname + link.search);
  await expect(member.getByRole('note')).toContainText('requires two-factor sign-in: once you join, you set it up');

  await signInWithPassword(member, memberEmail);
  await expect(member).toHaveURL(/\/account\/two-factor$/);
  await expect(member.getByRole('alert')).toContainText('requires two-factor sign-in of every member');
  await expect(member.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await checkPage(member, 'two-factor-required');
  // Any other page leads back to the setup.
  await member.goto('/domains');
  await expect(member).toHaveURL(/\/account\/two-factor$/);

  memberKey = await turnOn(member);
  // On: the account is theirs to use again (the codes stay until they say they are stored).
  await expect(member.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await acknowledgeCodes(member);
  // It cannot be turned off while the account requires it.
  await expect(member.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await nav(member, 'Domains');
  await expect(member.getByRole('link', { name: sender.domain })).toBeVisible();
});

test('once the owner lifts the rule, a member turns two-factor sign-in off with a code', async () => {
  const rule = owner.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
  await rule.click();
  await expect(rule).not.toBeChecked();
  await member.goto('/account/two-factor');
  await member.getByRole('button', { name: 'Turn off' }).click();
  // The enabling code took its time step: the app's next one.
  await member.getByLabel('Authentication code').fill(totp(memberKey, 30));
  await member.getByRole('button', { name: 'Turn off' }).click();
  await expect(member.getByRole('button', { name: 'Turn on' })).toBeVisible();
  await expect(member.getByText('Your password alone signs you in.')).toBeVisible();
});
