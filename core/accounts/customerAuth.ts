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
import {
  alreadyRegisteredEmail,
  passwordResetEmail,
  verificationEmail,
  type AuthLinks,
  type SystemEmail,
} from './authEmails';
import { hashPassword, passwordMatches, passwordProblem } from './passwords';
import {
  issueUserToken,
  redeemUserToken,
  retireOtherUserTokens,
  userTokenIsUsable,
  withdrawUserToken,
  type TokenPurpose,
} from './userTokens';
import {
  dropUserSessions,
  findUserByEmail,
  findUserCredentials,
  getUser,
  getUserPasswordHash,
  insertUser,
  NO_PASSWORD,
  setUserPassword,
  toUser,
  type User,
} from './users';
import type { Knex } from 'knex';

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

export function checkedEmail(email: string): string {
  const address = email.trim().toLowerCase();
  if (!isValidAddress(address) || address.length > 254)
    throw new PostageError('invalid_email', 'Enter an email address such as you@example.com.', 'email');
  return address;
}

export function checkedPassword(password: string, field = 'password'): string {
  const problem = passwordProblem(password);
  if (problem) throw new PostageError('invalid_password', problem, field);
  return password;
}

/**
 * Sends an email carrying a new single-use token, only within the address's allowance. The
 * user's earlier links stop working only once the new one is queued, so asking again can never
 * leave a user without a working link.
 */
async function mailWithToken(
  deps: AuthDeps,
  user: User,
  purpose: TokenPurpose,
  email: (token: string) => SystemEmail,
): Promise<void> {
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
  // An address with a sign-in (an invited person too), or with an account, is taken: its person hears of it.
  const owner = await userFor(deps.db, email);
  if (owner) {
    await mailWithToken(deps, owner, 'password_reset', (reset) =>
      alreadyRegisteredEmail(email, { signIn: deps.links.signIn(), reset: deps.links.resetPassword(reset) }),
    );
    return;
  }
  const user = await deps.db.transaction(async (trx) => {
    // No subscription: the free BYOC plan (operators change plans; billing is out of scope).
    const [account] = await trx('accounts')
      .insert({ email, name, plan: null, is_verified: false })
      .onConflict('email')
      .ignore()
      .returning<{ id: string }[]>('id');
    if (!account) return undefined; // signed up a moment ago by a concurrent request
    const created = await insertUser(trx, { email, name, passwordHash });
    await trx('memberships').insert({ account_id: account.id, user_id: created.id, role: 'owner' });
    await recordAudit(trx, {
      accountId: account.id,
      actor: userActor(created.id),
      action: 'account.signup',
      details: { email },
    });
    return created;
  });
  if (user)
    await mailWithToken(deps, user, 'verify_email', (token) => verificationEmail(email, deps.links.verifyEmail(token)));
}

/**
 * The user of an address with a sign-in, or the owner of an operator-made account with that
 * address, created without a password (the emailed reset link then proves the inbox).
 */
async function userFor(db: Db, email: string): Promise<User | undefined> {
  const found = await findUserByEmail(db, email);
  if (found) return found;
  const account = await findAccountByEmail(db, email);
  if (!account) return undefined;
  return db
    .transaction(async (trx) => {
      const user = await insertUser(trx, { email: account.email, name: account.name, passwordHash: NO_PASSWORD });
      const hasOwner = await trx('memberships').where({ account_id: account.id, role: 'owner' }).first();
      await trx('memberships').insert({ account_id: account.id, user_id: user.id, role: hasOwner ? 'admin' : 'owner' });
      return user;
    })
    .catch(async () => findUserByEmail(db, email));
}

/**
 * The link reached the address: the account signed up with it (whose email it is:
 * docs/decisions.md, "Customer accounts and the management API") is verified, when the person is
 * still its member.
 */
async function verifyOwnAccount(db: Db, user: User): Promise<void> {
  const own = await db('accounts as a')
    .join('memberships as m', 'm.account_id', 'a.id')
    .where({ 'a.email': user.email, 'm.user_id': user.id })
    .first<{ id: string } | undefined>('a.id');
  if (own) await updateAccount(db, own.id, { verified: true }, userActor(user.id));
}

/** A change to the person (their password) goes to the audit log of every account they belong to. */
async function auditForPerson(db: Db | Knex.Transaction, userId: string, action: string): Promise<void> {
  const accounts = await db('memberships').where({ user_id: userId }).select<{ account_id: string }[]>('account_id');
  for (const { account_id } of accounts)
    await recordAudit(db as Db, { accountId: account_id, actor: userActor(userId), action });
}

/** Sends a new verification link to a signed-in user whose address is not verified yet. */
export async function resendVerification(deps: AuthDeps, user: User): Promise<void> {
  await mailWithToken(deps, user, 'verify_email', (token) =>
    verificationEmail(user.email, deps.links.verifyEmail(token)),
  );
}

export async function verifyEmail(db: Db, token: string): Promise<User> {
  const userId = await redeemUserToken(db, token, 'verify_email');
  const user = userId ? await getUser(db, userId) : undefined;
  if (!user)
    throw new PostageError(
      'invalid_token',
      'This link is invalid, used or expired; sign in to get a new one.',
      'token',
    );
  await verifyOwnAccount(db, user);
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
  if (user)
    await mailWithToken(deps, user, 'password_reset', (token) =>
      passwordResetEmail(email, deps.links.resetPassword(token)),
    );
}

const INVALID_RESET_LINK = 'This link is invalid, used or expired; ask for a new one.';

/**
 * Sets the new password and signs the user out everywhere. The token is checked before the
 * password is hashed, so a made-up token costs a read, not a hash. The link reached the
 * account's inbox, so it also verifies the address.
 */
export async function confirmPasswordReset(db: Db, input: { token: string; password: string }): Promise<User> {
  checkedPassword(input.password);
  if (!(await userTokenIsUsable(db, input.token, 'password_reset')))
    throw new PostageError('invalid_token', INVALID_RESET_LINK, 'token');
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (trx) => {
    const userId = await redeemUserToken(trx, input.token, 'password_reset');
    if (!userId) throw new PostageError('invalid_token', INVALID_RESET_LINK, 'token');
    await setUserPassword(trx, userId, passwordHash);
    await dropUserSessions(trx, userId);
    await auditForPerson(trx, userId, 'user.password_reset');
    return trx<{ id: string; email: string; name: string; created_at: Date }>('users').where({ id: userId }).first();
  });
  const changed = toUser(user!);
  await verifyOwnAccount(db, changed);
  return changed;
}

/** Changes the password of a signed-in user and ends all their sessions (the caller starts a new one). */
export async function changePassword(
  db: Db,
  user: User,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  checkedPassword(input.newPassword, 'new_password');
  if (!(await passwordMatches(await getUserPasswordHash(db, user.id), input.currentPassword))) {
    throw new PostageError('invalid_password', 'The current password is not correct.', 'current_password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (trx) => {
    await setUserPassword(trx, user.id, passwordHash);
    await dropUserSessions(trx, user.id);
    await auditForPerson(trx, user.id, 'user.password_change');
  });
}
