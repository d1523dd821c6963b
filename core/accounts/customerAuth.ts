// Sign-up, email verification, sign-in and password reset: the rules, independent of HTTP.
// Answers never reveal whether an address has an account: sign-up and reset requests are answered
// before the work that differs between a taken and a free address (the owner of an existing
// address gets an email saying so), and a sign-in with an unknown address costs the same password
// check as a wrong password.
import { isValidAddress } from '../model/addresses';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { findAccountByEmail, updateAccount } from './accounts';
import { alreadyRegisteredEmail, passwordResetEmail, verificationEmail, type AuthLinks, type SystemEmail } from './authEmails';
import { hashPassword, passwordMatches, passwordProblem } from './passwords';
import { issueUserToken, redeemUserToken, retireOtherUserTokens, userTokenIsUsable, withdrawUserToken, type TokenPurpose } from './userTokens';
import { dropUserSessions, findUserCredentials, getUser, getUserPasswordHash, insertUser, NO_PASSWORD, setUserPassword, type User } from './users';

/** Queues one of Postage's own emails (through its own pipeline: core/sending/systemEmail.ts); throws when it was not queued. */
export type SystemMailer = (email: SystemEmail) => Promise<void>;

export interface AuthDeps {
  db: Db;
  /** Whether one more email may go to this address now (its hourly allowance); false: none is sent. */
  mayEmail(address: string): Promise<boolean>;
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

/**
 * Sends an email carrying a new single-use token, only within the address's allowance. The
 * user's earlier links stop working only once the new one is queued, so asking again can never
 * leave a user without a working link.
 */
async function mailWithToken(deps: AuthDeps, user: User, purpose: TokenPurpose, email: (token: string) => SystemEmail): Promise<void> {
  if (!(await deps.mayEmail(user.email))) return;
  const token = await issueUserToken(deps.db, user.id, purpose);
  try {
    await deps.mail(email(token));
  } catch (err) {
    await withdrawUserToken(deps.db, token);
    throw err;
  }
  await retireOtherUserTokens(deps.db, user.id, purpose, token);
}

export interface SignupRequest {
  email: string;
  name: string;
  passwordHash: string;
}

/**
 * The part of a sign-up done before answering: the fields are checked and the password hashed on
 * every path, so the answer costs the same whether the address is taken or free.
 */
export async function prepareSignUp(input: { email: string; password: string; name?: string }): Promise<SignupRequest> {
  const email = checkedEmail(input.email);
  checkedPassword(input.password);
  const name = (input.name ?? '').trim();
  if (name.length > 100) throw new PostageError('invalid_name', 'Use at most 100 characters.', 'name');
  return { email, name, passwordHash: await hashPassword(input.password) };
}

/** The rest, after the answer: the account and its verification email, or an "already registered" email to the owner. */
export async function completeSignUp(deps: AuthDeps, request: SignupRequest): Promise<void> {
  const { email, name, passwordHash } = request;
  if (await findAccountByEmail(deps.db, email)) {
    const owner = await userFor(deps.db, email);
    if (owner) await mailWithToken(deps, owner, 'password_reset', (reset) => alreadyRegisteredEmail(email, { signIn: deps.links.signIn(), reset: deps.links.resetPassword(reset) }));
    return;
  }
  const user = await deps.db.transaction(async (trx) => {
    // No subscription: the free BYOC plan (operators change plans; billing is out of scope).
    const [account] = await trx('accounts').insert({ email, name, plan: null, is_verified: false }).onConflict('email').ignore().returning<{ id: string }[]>('id');
    if (!account) return undefined; // signed up a moment ago by a concurrent request
    const created = await insertUser(trx, { accountId: account.id, email, passwordHash });
    await recordAudit(trx, { accountId: account.id, actor: userActor(created.id), action: 'account.signup', details: { email } });
    return created;
  });
  if (user) await mailWithToken(deps, user, 'verify_email', (token) => verificationEmail(email, deps.links.verifyEmail(token)));
}

/** The user of an address with an account, created without a password for operator-made accounts. */
async function userFor(db: Db, email: string): Promise<User | undefined> {
  const found = await findUserCredentials(db, email);
  if (found) return found.user;
  const account = await findAccountByEmail(db, email);
  if (!account) return undefined;
  return insertUser(db, { accountId: account.id, email: account.email, passwordHash: NO_PASSWORD }).catch(async () => (await findUserCredentials(db, email))?.user);
}

/** Sends a new verification link to a signed-in user whose address is not verified yet. */
export async function resendVerification(deps: AuthDeps, user: User): Promise<void> {
  await mailWithToken(deps, user, 'verify_email', (token) => verificationEmail(user.email, deps.links.verifyEmail(token)));
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

/** Checked before answering: the address must look like one. */
export function passwordResetAddress(input: { email: string }): string {
  return checkedEmail(input.email);
}

/** After the answer (so its time says nothing about the address): a reset link, if the address has an account and its allowance. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await userFor(deps.db, email);
  if (user) await mailWithToken(deps, user, 'password_reset', (token) => passwordResetEmail(email, deps.links.resetPassword(token)));
}

const INVALID_RESET_LINK = 'This link is invalid, used or expired; ask for a new one.';

/**
 * Sets the new password and signs the user out everywhere. The token is checked before the
 * password is hashed, so a made-up token costs a read, not a hash. The link reached the
 * account's inbox, so it also verifies the address.
 */
export async function confirmPasswordReset(db: Db, input: { token: string; password: string }): Promise<User> {
  checkedPassword(input.password);
  if (!(await userTokenIsUsable(db, input.token, 'password_reset'))) throw new PostageError('invalid_token', INVALID_RESET_LINK, 'token');
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (trx) => {
    const userId = await redeemUserToken(trx, input.token, 'password_reset');
    if (!userId) throw new PostageError('invalid_token', INVALID_RESET_LINK, 'token');
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
