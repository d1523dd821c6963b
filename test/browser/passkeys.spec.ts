/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// Passkeys in the dashboard, in Debian's Chromium with its virtual authenticator (the DevTools
// protocol's WebAuthn domain: a built-in one, as a laptop's, that verifies the person and answers
// every prompt by itself). WebAuthn wants a domain for its relying party, so the stack's BASE_URL
// and the browser use http://localhost (a secure context), on a port chosen first. An owner
// registers a passkey from the account menu (a blank name, an unverified person and an answer the
// API refuses each said in words first), signs out and signs in with the passkey alone, renames
// it and removes it, after which it signs no one in; a passkey removed from another device stops
// working there while the person's other one still signs in.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { freePort } from '../../tools/stack/processes';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { checkPage, WIDTHS } from './pages';
import { signedInOwner } from './signIn';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a passkey-tested password';
const REFUSED = 'This passkey does not sign in here; sign in with your password instead.';

let stack: ServiceStack;
let origin = '';
const contexts: BrowserContext[] = [];

/** A page on localhost with a virtual authenticator of its own; `verified`: whether it verifies the person. */
async function pageWithAuthenticator(
  browser: Browser,
): Promise<{ page: Page; setVerified: (v: boolean) => Promise<unknown> }> {
  const context = await browser.newContext({ baseURL: origin, viewport: WIDTHS.desktop });
  contexts.push(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    page,
    setVerified: (isUserVerified) => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
  };
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const addForm = (page: Page) => page.getByRole('form', { name: 'Add a passkey' });
const passkeyRow = (page: Page, name: string) =>
  passkeysSection(page).getByRole('row', { name: new RegExp(`^${name} `) });

async function addPasskey(page: Page, name: string): Promise<void> {
  await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
  await addForm(page).getByRole('textbox', { name: 'Name' }).fill(name);
  await addForm(page).getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Passkey “${name}” added` })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

const signInWithPasskey = (page: Page) => page.getByRole('button', { name: 'Sign in with a passkey' }).click();

/** Whether the browser has a session (the API's answer, not the page's). */
const sessionStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/auth/session')).status);

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  stack = await startServiceStack({ port, env: { BASE_URL: origin } });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.stop();
});

test('an owner adds a passkey, signs in with it alone, renames it and removes it, after which it signs no one in', async ({
  browser,
}) => {
  const { page, setVerified } = await pageWithAuthenticator(browser);
  await signedInOwner(page, stack.db, await createSender(stack.db));
  const email = (await page.locator('.account-email').textContent()) ?? '';

  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  await checkPage(page, 'passkeys-empty');
  // Without a name the browser is not asked (its passkey would be made for nothing).
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText('Give it a name, such as “Laptop”.')).toBeVisible();
  // The person not verified (a cancelled prompt says the same): the browser's refusal, in words.
  await setVerified(false);
  await addForm(page).getByRole('textbox', { name: 'Name' }).fill('Laptop');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The passkey request was cancelled or timed out. Try again when you are ready.',
  );
  await checkPage(page, 'passkeys-add-refused');
  await setVerified(true);
  // The API refusing the answer (its challenge replaced by a newer one of the session): its reason, as the form's message.
  await page.route(
    '**/api/auth/passkeys',
    async (route) => {
      const csrf = route.request().headers()['x-csrf-token'] ?? '';
      await page.request.post('/api/auth/passkeys/registration-options', { headers: { 'X-CSRF-Token': csrf } });
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^The passkey's answer was refused: .*challenge/);
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey “Laptop” added' })).toBeVisible();
  await expect(passkeyRow(page, 'Laptop')).toContainText('never');
  await checkPage(page, 'passkeys-one');

  await signOut(page);
  await checkPage(page, 'sign-in-passkey');
  // Sent to sign in from the passkeys page: the passkey alone (no address, password or code) brings the person back there.
  await page.goto('/account/passkeys');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signInWithPasskey(page);
  await expect(page.getByRole('heading', { name: 'Passkeys', level: 1 })).toBeVisible();
  await expect(page.locator('.account-email')).toHaveText(email);
  await expect(passkeyRow(page, 'Laptop')).not.toContainText('never');

  await passkeyRow(page, 'Laptop').getByRole('button', { name: 'Rename Laptop' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Work laptop');
  await checkPage(page, 'passkeys-rename');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Passkey renamed “Work laptop”.');
  await expect(passkeyRow(page, 'Work laptop')).toBeVisible();

  await passkeyRow(page, 'Work laptop').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('status')).toContainText('Passkey “Work laptop” removed');
  await expect(page.getByText('No passkeys yet')).toBeVisible();

  // The authenticator still holds it and offers it; Postage no longer takes it.
  await signOut(page);
  await signInWithPasskey(page);
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkPage(page, 'sign-in-passkey-refused');
  expect(await sessionStatus(page)).toBe(401);
});

test('a passkey removed from another device no longer signs in there, and the person’s other passkey still does', async ({
  browser,
}) => {
  const sender = await createSender(stack.db);
  const email = `${uniqueName('two-devices')}@example.org`;
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email,
    name: 'Two Devices',
    passwordHash: await hashPassword(PASSWORD),
  });
  const laptop = (await pageWithAuthenticator(browser)).page;
  const phone = (await pageWithAuthenticator(browser)).page;
  for (const [page, name] of [
    [laptop, 'Laptop'],
    [phone, 'Phone'],
  ] as const) {
    await page.goto('/account/passkeys');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await addPasskey(page, name);
  }

  await phone.reload();
  await passkeyRow(phone, 'Laptop').getByRole('button', { name: 'Remove' }).click();
  await phone.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeyRow(phone, 'Laptop')).toHaveCount(0);

  await signOut(laptop);
  await signInWithPasskey(laptop);
  await expect(laptop.getByRole('alert')).toHaveText(REFUSED);
  expect(await sessionStatus(laptop)).toBe(401);

  await signOut(phone);
  await signInWithPasskey(phone);
  await expect(phone.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(phone.locator('.account-email')).toHaveText(email);
});
