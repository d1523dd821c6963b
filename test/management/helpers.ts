// Driving the management API as a customer would: a browser-like client that keeps the session
// cookie and sends the CSRF token, the system account that sends Postage's own emails, and the
// SES emulator's store where those emails land.
import { createAccount } from '../../core/accounts/accounts';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import type { Db } from '../../core/platform/db';
import { sesEmulatorStore, type StoredEmail } from '../../tools/stack/sesEmulator';
import { createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { insertMemberUser } from '../../core/accounts/members';
import { testInfra } from '../helpers/env';
import { eventually } from '../helpers/wait';
import { call, type ApiResponse } from '../api/helpers/http';
import { sha256 } from '../../core/platform/crypto';

export class WebClient {
  private cookie: string | undefined;
  csrf: string | undefined;

  constructor(readonly baseUrl: string) {}

  get sessionCookie(): string | undefined {
    return this.cookie;
  }

  /** A JSON request with the session cookie, and the CSRF token unless `csrf: false`. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie) headers.Cookie = this.cookie;
    if (this.csrf && opts.csrf !== false) headers['X-CSRF-Token'] = this.csrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await call(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0]!;
      this.cookie = /=$/.test(pair) || /Expires=Thu, 01 Jan 1970/i.test(set) ? undefined : pair;
    }
    return res;
  }

  async signIn(email: string, password: string): Promise<ApiResponse> {
    const res = await this.request('POST', '/api/auth/signin', { email, password });
    if (res.status === 200) this.csrf = String(res.json.csrf_token);
    return res;
  }

  /** A copy holding the same cookie (another tab, or a stolen cookie). */
  clone(): WebClient {
    const copy = new WebClient(this.baseUrl);
    copy.cookie = this.cookie;
    copy.csrf = this.csrf;
    return copy;
  }
}

/** A key-holding client: every request carries X-API-Key. */
export function keyRequest(baseUrl: string, apiKey: string) {
  return (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
    call(`${baseUrl}${path}`, {
      method,
      headers: { 'X-API-Key': apiKey, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
}

/** SYSTEM_EMAIL_FROM for a stack whose database gets createSystemAccount (each test database is new). */
export const SYSTEM_DOMAIN = 'mail.postage.test';
export const SYSTEM_EMAIL_ENV = {
  SYSTEM_EMAIL_FROM: `Postage <no-reply@${SYSTEM_DOMAIN}>`,
  SES_DOMAIN_IDENTITIES: 'local',
};

/** The account that sends Postage's own emails: Growth, verified, with a verified shared domain. */
export async function createSystemAccount(db: Db): Promise<{ accountId: string }> {
  const domain = SYSTEM_DOMAIN;
  const account = await createAccount(
    db,
    { email: `ops@${domain}`, name: 'Postage', plan: 'growth', verified: true },
    'test',
  );
  await addDomain(db, { accountId: account.id, name: domain, mode: 'shared' }, 'test');
  await markDomainVerified(db, domain, 'test');
  return { accountId: account.id };
}

/** The emails the SES emulator received for `address`, oldest first. */
export async function emailsTo(address: string): Promise<StoredEmail[]> {
  return (await sesEmulatorStore(testInfra().sesEndpoint)).filter((e) =>
    e.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );
}

/** Waits for the `count`-th email to `address` and returns it. */
export async function waitForEmail(address: string, count = 1): Promise<StoredEmail> {
  return eventually(`email #${count} to ${address}`, async () => (await emailsTo(address))[count - 1], 30_000);
}

/** The token of the link to `path` in an email's text. */
export function linkToken(email: StoredEmail, path: string): string {
  const text = email.body.text ?? email.body.html ?? '';
  const match = new RegExp(`${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

export const uniqueEmail = (prefix: string) => `${uniqueName(prefix)}@example.com`;

/** A verified Growth account whose owner ("Olive Owner", with `password`) is signed in. */
export async function signedInTeam(
  stack: { db: Db; baseUrl: string },
  password: string,
  passwordHash: string,
): Promise<{ sender: SenderFixture; owner: WebClient; ownerId: string }> {
  const sender = await createSender(stack.db, { plan: 'growth' });
  const owner = await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: sender.account.email,
    name: 'Olive Owner',
    passwordHash,
  });
  const client = new WebClient(stack.baseUrl);
  expect((await client.signIn(sender.account.email, password)).status).toBe(200);
  return { sender, owner: client, ownerId: owner.userId };
}

/** Makes the client's session look signed in `minutes` ago. */
export async function signedInAgo(db: Db, client: WebClient, minutes: number): Promise<void> {
  const sid = decodeURIComponent(client.sessionCookie!.split('=')[1]!).replace(/^s:/, '').split('.')[0]!;
  await db.raw(`UPDATE sessions SET data = data || jsonb_build_object('signedInAt', ?::bigint) WHERE sid_hash = ?`, [
    Date.now() - minutes * 60_000,
    sha256(sid),
  ]);
}
