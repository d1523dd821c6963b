/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
// Teams in the dashboard, in Debian's Chromium, each person in a browser context of their own: an
// owner signs up (verified through the emailed link) and invites a developer from the Team page ->
// the developer opens the invitation link read from the SES emulator's store, chooses a password
// and lands signed in on the account -> creates an API key -> the owner sees who made it on the
// keys page and in the audit log (filtered by action and by person) -> the owner removes the
// developer, whose key is revoked with them, and whose next step in the app (and next page load)
// is the sign-in page. Then a person with a sign-in of their own is invited as a viewer: they sign
// in from the invitation page and come back to accept it, see no create, edit or delete buttons,
// switch to their own account where they may, and the owner hands them the account and leaves.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { createSystemAccount, SYSTEM_EMAIL_ENV, uniqueEmail, waitForEmail, WebClient } from '../management/helpers';
import type { StoredEmail } from '../../tools/stack/sesEmulator';
import { checkPage } from './pages';
import '../setup/quietTemporal';

test.describe.configure({ mode: 'serial' });

let stack: ServiceStack;
let owner: Page;
let developer: Page;
let viewer: Page;
const ownerEmail = uniqueEmail('team-owner');
const developerEmail = uniqueEmail('team-dev');
const viewerEmail = uniqueEmail('team-viewer');
const password = 'a team-tested password';
const account = 'Team Shop';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** The path and query of the first link to `path` in an email's text. */
function linkIn(email: StoredEmail, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(email.body.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${email.body.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
/** The account (and the switcher) in the header, and the role there. */
const accountArea = (page: Page) => page.locator('.account-switch');
const roleBadge = (page: Page) => accountArea(page).locator('.badge');

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.beforeAll(async ({ browser }) => {
  stack = await startServiceStack({ env: SYSTEM_EMAIL_ENV });
  await createSystemAccount(stack.db);
  owner = await newPage(browser);
  developer = await newPage(browser);
  viewer = await newPage(browser);
});

test.afterAll(async () => {
  for (const page of [owner, developer, viewer]) await page?.context().close();
  await stack?.stop();
});

test('an owner invites a developer, who joins, makes a key the audit log names them for, and is removed', async () => {
  // The owner: sign up, verify through the emailed link (inviting needs a verified account), sign in.
  await owner.goto('/sign-up');
  await owner.getByLabel('Company or name (optional)').fill(account);
  await owner.getByLabel('Email').fill(ownerEmail);
  await owner.getByLabel('Password').fill(password);
  await owner.getByRole('button', { name: 'Create account' }).click();
  await expect(owner.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await owner.goto(linkIn(await waitForEmail(ownerEmail), '/verify-email'));
  await expect(owner.getByText('Your email address is confirmed.')).toBeVisible();
  await owner.goto('/sign-in');
  await signIn(owner, ownerEmail);
  await expect(owner.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // One account: its name and the role, no switcher.
  await expect(accountArea(owner)).toContainText(account);
  await expect(roleBadge(owner)).toHaveText('Your role: Owner');
  await expect(owner.getByRole('combobox', { name: 'Account' })).toHaveCount(0);

  await nav(owner, 'Team');
  await expect(owner.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(owner.getByRole('row', { name: new RegExp(ownerEmail) })).toContainText('Owner');
  await expect(owner.getByText('None waiting.', { exact: false })).toBeVisible();
  // The owner cannot leave; there is nobody to hand the account to yet.
  await expect(owner.getByRole('button', { name: 'Leave this account' })).toHaveCount(0);
  await expect(owner.getByText('invite them first')).toBeVisible();

  // Invite the developer; a bad address is the API's field error, by its field.
  await owner.getByRole('button', { name: 'Invite member' }).click();
  await owner.getByLabel('Email', { exact: true }).fill('not an address');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.locator('.field-error')).toBeVisible();
  await owner.getByLabel('Email', { exact: true }).fill(developerEmail);
  await owner.getByLabel('Role', { exact: true }).selectOption('developer');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByRole('status').filter({ hasText: `Invitation sent to ${developerEmail}` })).toBeVisible();
  const invitationRow = owner
    .getByRole('table')
    .nth(1)
    .getByRole('row', { name: new RegExp(developerEmail) });
  await expect(invitationRow).toContainText('Developer');
  await expect(invitationRow).toContainText(ownerEmail); // invited by

  // The developer, in a browser of their own: the emailed link, a password, and in.
  const invitation = await waitForEmail(developerEmail);
  expect(invitation.subject).toContain(account);
  await developer.goto(linkIn(invitation, '/accept-invitation'));
  await expect(developer.getByRole('heading', { name: `Join ${account}` })).toBeVisible();
  await expect(developer.getByText(/to join Team Shop on Postage as a developer/)).toBeVisible();
  await checkPage(developer, 'accept-invitation');
  await developer.getByLabel('Your name (optional)').fill('Dev Person');
  await developer.getByLabel('Password').fill('short');
  await developer.getByRole('button', { name: 'Accept and join' }).click();
  await expect(developer.getByText('Use at least 10 characters.')).toBeVisible();
  await developer.getByLabel('Password').fill(password);
  await developer.getByRole('button', { name: 'Accept and join' }).click();
  await expect(developer.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(accountArea(developer)).toContainText(account);
  await expect(roleBadge(developer)).toHaveText('Your role: Developer');
  // The link works once.
  const used = await developer.context().newPage();
  await used.goto(linkIn(invitation, '/accept-invitation'));
  await expect(used.getByRole('alert')).toContainText('invalid, used, revoked or expired');
  await used.close();

  // A developer sees the team but changes nothing in it; they may leave.
  await nav(developer, 'Team');
  await expect(developer.getByRole('row', { name: /Dev Person/ })).toContainText('Developer');
  await expect(developer.getByRole('row', { name: new RegExp(ownerEmail) })).toContainText('Owner');
  await expect(developer.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(developer.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(developer.getByRole('combobox', { name: /^Role of/ })).toHaveCount(0);
  await expect(developer.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
  await expect(developer.getByRole('button', { name: 'Leave this account' })).toBeVisible();

  // The developer makes a key.
  await nav(developer, 'API keys');
  await developer.getByRole('button', { name: 'Create API key' }).first().click();
  await developer.getByLabel('Name').fill('deploy pipeline');
  await developer.getByRole('button', { name: 'Create key' }).click();
  await expect(developer.getByTestId('secret-value')).toHaveText(/^pk_[0-9a-f]{16}_[0-9a-f]{64}$/);
  await developer.getByRole('button', { name: 'I have stored it' }).click();
  await expect(developer.getByRole('row', { name: /deploy pipeline/ })).toContainText('Dev Person');

  // The owner sees who made it, on the keys page and in the audit log.
  await nav(owner, 'API keys');
  const keyRow = owner.getByRole('row', { name: /deploy pipeline/ });
  await expect(keyRow).toContainText('Dev Person');
  await expect(keyRow).toContainText(developerEmail);
  await nav(owner, 'Team');
  const developerRow = owner.getByRole('row', { name: /Dev Person/ });
  await expect(developerRow.getByRole('combobox', { name: 'Role of Dev Person' })).toHaveValue('developer');
  await expect(owner.getByRole('row', { name: new RegExp(ownerEmail) }).getByRole('combobox')).toHaveCount(0); // not the owner's own
  await expect(owner.getByText('None waiting.', { exact: false })).toBeVisible(); // accepted: no longer open
  await checkPage(owner, 'team');

  await nav(owner, 'Audit log');
  await expect(owner.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const keyEntry = owner.getByRole('row', { name: /api_key\.create/ });
  await expect(keyEntry).toContainText('Dev Person');
  await expect(keyEntry).toContainText(developerEmail);
  await expect(keyEntry).toContainText('deploy pipeline');
  await expect(owner.getByRole('row', { name: /member\.join/ })).toContainText('Dev Person');
  await expect(owner.getByRole('row', { name: /member\.invite/ })).toContainText(ownerEmail);
  await checkPage(owner, 'audit');
  // Filtered by the action's family, then by the person.
  await owner.getByLabel('Action').fill('api_key');
  await owner.getByRole('button', { name: 'Apply' }).click();
  await expect(owner).toHaveURL(/action=api_key/);
  await expect(owner.getByRole('row', { name: /member\.invite/ })).toHaveCount(0);
  await expect(owner.getByRole('row', { name: /api_key\.create/ })).toHaveCount(1);
  await owner.getByLabel('Action').fill('');
  await owner.getByLabel('By').selectOption({ label: `Dev Person (${developerEmail})` });
  await owner.getByRole('button', { name: 'Apply' }).click();
  await expect(owner.getByRole('row', { name: /member\.invite/ })).toHaveCount(0);
  await expect(owner.getByRole('row', { name: /api_key\.create/ })).toHaveCount(1);
  await expect(owner.getByRole('row', { name: /member\.join/ })).toHaveCount(1);

  // The owner removes the developer; the keys they made go with them.
  await nav(owner, 'Team');
  await developerRow.getByRole('button', { name: 'Remove' }).click();
  const dialog = owner.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'Keep the API keys they made' })).not.toBeChecked();
  await expect(dialog).toContainText('Ticked, the owner answers for them');
  await checkPage(owner, 'team-remove');
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Dev Person was removed.' })).toContainText(
    /Revoked the API keys they made: pk_[0-9a-f]{16}…/,
  );
  await expect(owner.getByRole('row', { name: /Dev Person/ })).toHaveCount(0);
  await nav(owner, 'API keys');
  await expect(keyRow).toContainText('Revoked');

  // The developer's next step in the app is refused: the sign-in page, saying why.
  await nav(developer, 'Domains');
  await expect(developer).toHaveURL(/\/sign-in/);
  await expect(developer.getByText('Your session ended')).toBeVisible();
  await checkPage(developer, 'sign-in-session-ended');
  // And so is a fresh page load.
  await developer.goto('/api-keys');
  await expect(developer).toHaveURL(/\/sign-in\?next=%2Fapi-keys/);
  await expect(developer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Signing in again: they belong to no account now.
  await signIn(developer, developerEmail);
  await expect(developer.getByRole('alert')).toContainText('no longer a member of any account');
});

test('a viewer who has a sign-in signs in to accept, sees nothing to change, switches accounts and is handed the account', async () => {
  // Someone with an account of their own (sign-up's email proves it is made).
  const signUp = await new WebClient(stack.baseUrl).request('POST', '/api/auth/signup', {
    email: viewerEmail,
    password,
    name: 'Vera’s Lab',
  });
  expect(signUp.status).toBe(202);
  await waitForEmail(viewerEmail);

  await nav(owner, 'Team');
  await owner.getByRole('button', { name: 'Invite member' }).click();
  await owner.getByLabel('Email', { exact: true }).fill(viewerEmail);
  await owner.getByLabel('Role', { exact: true }).selectOption('viewer');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByRole('row', { name: new RegExp(viewerEmail) })).toContainText('Viewer');
  await checkPage(owner, 'team-invitation');

  // Not signed in, the address has a sign-in: sign in, and come back to the invitation.
  const link = linkIn(await waitForEmail(viewerEmail, 2), '/accept-invitation');
  await viewer.goto(link);
  await viewer.getByRole('link', { name: `Sign in as ${viewerEmail} to accept` }).click();
  await expect(viewer).toHaveURL(/\/sign-in\?next=/);
  await signIn(viewer, viewerEmail);
  await expect(viewer).toHaveURL(/\/accept-invitation\?token=/);
  await expect(viewer.getByText(`You are signed in as ${viewerEmail}.`)).toBeVisible();
  await checkPage(viewer, 'accept-invitation-signed-in');
  await viewer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(viewer.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // Two accounts now: the switcher, on the one just joined.
  const switcher = viewer.getByRole('combobox', { name: 'Account' });
  await expect(switcher.locator('option:checked')).toHaveText(`${account} (Viewer)`);
  await expect(roleBadge(viewer)).toHaveText('Your role: Viewer');
  await checkPage(viewer, 'overview-viewer');

  // A viewer reads every page and is offered nothing to change.
  await nav(viewer, 'Domains');
  await expect(viewer.getByText('No domains yet')).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Add/ })).toHaveCount(0);
  await nav(viewer, 'API keys');
  await expect(viewer.getByRole('row', { name: /deploy pipeline/ })).toContainText('Revoked');
  await expect(viewer.getByRole('button', { name: /Create|Revoke/ })).toHaveCount(0);
  await nav(viewer, 'Templates');
  await expect(viewer.getByText('No templates yet')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'New template' })).toHaveCount(0);
  await nav(viewer, 'Suppressions');
  await expect(viewer.getByRole('heading', { name: 'Search' })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Suppress an address' })).toHaveCount(0);
  await nav(viewer, 'BYOC');
  await expect(viewer.getByLabel('Role ARN')).not.toBeEditable();
  await expect(viewer.getByRole('button', { name: 'Validate and save' })).toHaveCount(0);
  await nav(viewer, 'Team');
  await expect(viewer.getByRole('row', { name: new RegExp(viewerEmail) })).toContainText('Viewer');
  await expect(viewer.getByRole('button', { name: /Invite|Remove|Revoke|Transfer/ })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Leave this account' })).toBeVisible();
  await nav(viewer, 'Audit log');
  await expect(viewer.getByRole('row', { name: /member\.join/ }).first()).toBeVisible();

  // Their own account: everything read again, as its owner.
  await switcher.selectOption({ label: 'Vera’s Lab (Owner)' });
  await expect(viewer.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(roleBadge(viewer)).toHaveText('Your role: Owner');
  await nav(viewer, 'API keys');
  await expect(viewer.getByText('No API keys yet')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Create API key' }).first()).toBeVisible();
  await switcher.selectOption({ label: `${account} (Viewer)` });
  await expect(viewer.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(roleBadge(viewer)).toHaveText('Your role: Viewer');

  // The owner hands the account to them and becomes an admin, who may leave.
  await owner.reload();
  await owner.getByLabel('New owner').selectOption({ label: 'Vera’s Lab (Viewer)' });
  await owner.getByRole('button', { name: 'Transfer ownership' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(roleBadge(owner)).toHaveText('Your role: Admin');
  await expect(owner.getByRole('row', { name: new RegExp(viewerEmail) })).toContainText('Owner');
  await expect(owner.getByRole('button', { name: 'Leave this account' })).toBeVisible();
  await viewer.reload();
  await expect(roleBadge(viewer)).toHaveText('Your role: Owner');
  await expect(viewer.getByRole('button', { name: 'Leave this account' })).toHaveCount(0);

  // The former owner, an admin now, leaves: the session ends with it, and the sign-in page says so.
  await owner.getByRole('button', { name: 'Leave this account' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Leave account' }).click();
  await expect(owner).toHaveURL(/\/sign-in\?left=/);
  await expect(owner.getByRole('status').filter({ hasText: `You left ${account}.` })).toBeVisible();
  await owner.goto('/team');
  await expect(owner).toHaveURL(/\/sign-in/);
  await viewer.goto('/team');
  await expect(viewer.getByRole('row', { name: /Vera’s Lab/ })).toContainText('Owner');
  await expect(viewer.getByRole('row', { name: new RegExp(ownerEmail) })).toHaveCount(0);
  await nav(viewer, 'Audit log');
  await expect(viewer.getByRole('row', { name: /member\.leave/ })).toContainText(ownerEmail);
});
