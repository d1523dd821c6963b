// A browser signed in as a new owner of an account, for the specs that start on a signed-in page.
import { expect, type Page } from '@playwright/test';
import { hashPassword } from '../../core/accounts/passwords';
import { insertMemberUser } from '../../core/accounts/members';
import type { Db } from '../../core/platform/db';
import { uniqueName, type SenderFixture } from '../helpers/fixtures';

export const PASSWORD = 'a browser-tested password';

/**
 * Adds an owner ("Olive Owner") to `fixture`'s account and signs the page in as them, on a clean
 * session; returns their address (their password is PASSWORD).
 */
export async function signedInOwner(page: Page, db: Db, fixture: SenderFixture): Promise<string> {
  const email = `${uniqueName('owner')}@example.org`;
  await insertMemberUser(db, {
    accountId: fixture.account.id,
    email,
    name: 'Olive Owner',
    passwordHash: await hashPassword(PASSWORD),
  });
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  return email;
}
