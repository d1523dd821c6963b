// Sign-up, email verification, sign-in and password reset: the rules, independent of HTTP.
// Answers never reveal whether an address has an account: sign-up and reset requests behave the
// same either way (the owner of an existing address gets an email saying so), and a sign-in
// with an unknown address costs the same password check as a wrong password.
import { isValidAddress } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { findAccountByEmail, updateAccount } from './accounts';
import { alreadyRegisteredEmail, passwordResetEmail, verificationEmail, type AuthLinks, type SystemEmail } from './authEmails';
import { hashPassword, passwordMatches, passwordProblem } from './passwords';
import { issueUserToken, redeemUserToken } from './userTokens';
import { dropUserSessions, findUserCredentials, getUser, getUserPasswordHash, insertUser, NO_PASSWORD, setUserPassword, type User } from './users';

/** Sends Postage's own emails (through its own pipeline: core/sending/systemEmail.ts). */
export type SystemMailer = (email: SystemEmail) => Promise<void>;

export interface AuthDeps {
  db: Db;
  mail: SystemMailer;
  links: AuthLinks;
}

export const userActor = (userId: string) => `user:${userId}`;

function checkedEmail(email: string): string {
  const address = email.trim().toLowerCase();
  if (!isValidAddress(address) || address.length > 254) throw new PostageError('invalid_email', 'Enter an email address such as you@example.com.', 'email');
  return address;
}

function checkedPassword(password: string, field = 'password'): string {
  const problem = passwordProblem(password);
  if (problem) throw new PostageError('invalid_password', problem, field);
  return password;
}

export async function signUp(deps: AuthDeps, input: { email: string; password: string; name?: string }): Promise<void> {
  const email = checkedEmail(input.email);
  checkedPassword(input.password);
  const name = (input.name ?? '').trim();
  if (name.length > 100) throw new PostageError('invalid_name', 'Use at most 100 characters.', 'name');
  // Hashed on every path, so a taken address answers in the same time as a free one.
  const passwordHash = await hashPassword(input.password);
  if (await findAccountByEmail(deps.db, email)) {
    await deps.mail(alreadyRegisteredEmail(email, { signIn: deps.links.signIn(), reset: deps.links.resetPassword(await resetTokenFor(deps.db, email)) }));
    return;
  }
  const token = await deps.db.transaction(async (trx) => {
    // No subscription: the free BYOC plan (operators change plans; billing is out of scope).
    const [account] = await trx('accounts').insert({ email, name, plan: null, is_verified: false }).onConflict('email').ignore().returning<{ id: string }[]>('id');
    if (!account) return undefined; // signed up a moment ago by a concurrent request
    const user = await insertUser(trx, { accountId: account.id, email, passwordHash });
    await recordAudit(trx, { accountId: account.id, actor: userActor(user.id), action: 'account.signup', details: { email } });
    return issueUserToken(trx, user.id, 'verify_email');
  });
  if (token) await deps.mail(verificationEmail(email, deps.links.verifyEmail(token)));
}

/** The user of an address with an account, created without a password for operator-made accounts. */
async function userFor(db: Db, email: string): Promise<User | undefined> {
  const found = await findUserCredentials(db, email);
  if (found) return found.user;
  const account = await findAccountByEmail(db, email);
  if (!account) return undefined;
  return insertUser(db, { accountId: account.id, email: account.email, passwordHash: NO_PASSWORD }).catch(async () => (await findUserCredentials(db, email))?.user);
}

async function resetTokenFor(db: Db, email: string): Promise<string> {
  const user = await userFor(db, email);
  if (!user) throw new Error(`no account for ${email}`);
  return issueUserToken(db, user.id, 'password_reset');
}

/** Sends a new verification link to a signed-in user whose address is not verified yet. */
export async function resendVerification(deps: AuthDeps, user: User): Promise<void> {
  await deps.mail(verificationEmail(user.email, deps.links.verifyEmail(await issueUserToken(deps.db, user.id, 'verify_email'))));
}

export async function verifyEmail(db: Db, token: string): Promise<User> {
  const userId = await redeemUserToken(db, token, 'verify_email');
  const user = userId ? await getUser(db, userId) : undefined;
  if (!user) throw new PostageError('invalid_token', 'This link is invalid, used or expired; sign in to get a new one.', 'token');
  await updateAccount(db, user.accountId, { verified: true }, userActor(user.id));
  return user;
}

/** The user for a correct pair, else undefined (which of the two was wrong is not said). */
export async function signIn(db: Db, input: { email: string; password: string }): Promise<User | undefined> {
  const found = await findUserCredentials(db, input.email);
  if (!(await passwordMatches(found?.passwordHash, input.password))) return undefined;
  return found!.user;
}

export async function requestPasswordReset(deps: AuthDeps, input: { email: string }): Promise<void> {
  const email = checkedEmail(input.email);
  const user = await userFor(deps.db, email);
  if (!user) return;
  await deps.mail(passwordResetEmail(email, deps.links.resetPassword(await issueUserToken(deps.db, user.id, 'password_reset'))));
}

/**
 * Sets the new password and signs the user out everywhere. The link reached the account's inbox,
 * so it also verifies the address.
 */
export async function confirmPasswordReset(db: Db, input: { token: string; password: string }): Promise<User> {
  checkedPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (trx) => {
    const userId = await redeemUserToken(trx, input.token, 'password_reset');
    if (!userId) throw new PostageError('invalid_token', 'This link is invalid, used or expired; ask for a new one.', 'token');
    await setUserPassword(trx, userId, passwordHash);
    await dropUserSessions(trx, userId);
    return trx<{ id: string; account_id: string; email: string; created_at: Date }>('users').where({ id: userId }).first();
  });
  await updateAccount(db, user!.account_id, { verified: true }, userActor(user!.id));
  await recordAudit(db, { accountId: user!.account_id, actor: userActor(user!.id), action: 'user.password_reset' });
  return { id: user!.id, accountId: user!.account_id, email: user!.email, createdAt: user!.created_at };
}

/** Changes the password of a signed-in user and ends all their sessions (the caller starts a new one). */
export async function changePassword(db: Db, user: User, input: { currentPassword: string; newPassword: string }): Promise<void> {
  checkedPassword(input.newPassword, 'new_password');
  if (!(await passwordMatches(await getUserPasswordHash(db, user.id), input.currentPassword))) {
    throw new PostageError('invalid_password', 'The current password is not correct.', 'current_password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (trx) => {
    await setUserPassword(trx, user.id, passwordHash);
    await dropUserSessions(trx, user.id);
    await recordAudit(trx, { accountId: user.accountId, actor: userActor(user.id), action: 'user.password_change' });
  });
}
