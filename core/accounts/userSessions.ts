// The dashboard sessions a signed-in person can see and end (docs/teams.md, "Sign-up and
// sessions"): each one's public id, when it started and was last used, and the browser and address
// it was started from. The rows are the session store's (api/middleware/session.ts), keyed by the
// hash of the session id; a person names one of theirs by its public id only.
import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';

/** Longer User-Agent headers are cut: enough for any browser's, short enough to list. */
export const USER_AGENT_MAX_LENGTH = 300;

/** What a session records of where it was started, at sign-in. */
export interface SessionDevice {
  userAgent: string | null;
  clientIp: string | null;
}

export interface UserSession {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  clientIp: string | null;
  /** The session the listing was asked from. */
  current: boolean;
}

interface SessionRow {
  id: string;
  sid_hash: Buffer;
  user_id: string;
  expires_at: Date;
  created_at: Date;
  last_used_at: Date;
  user_agent: string | null;
  client_ip: string | null;
}

/** The device of a sign-in: the User-Agent cut to its first 300 characters, the address as the API saw it (an IPv4 client on a dual-stack socket written as IPv4). */
export function sessionDevice(userAgent: string | undefined, address: string | undefined): SessionDevice {
  return {
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    clientIp: address && ipaddr.isValid(address) ? ipaddr.process(address).toString() : null,
  };
}

/** The person's live sessions (every account's), the one used last first. `currentKey`: the store's key of the asking session. */
export async function listUserSessions(db: Db, userId: string, currentKey: Buffer): Promise<UserSession[]> {
  const rows = await db<SessionRow>('sessions')
    .where({ user_id: userId })
    .andWhere('expires_at', '>', new Date())
    .orderBy([
      { column: 'last_used_at', order: 'desc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'sid_hash', 'created_at', 'last_used_at', 'user_agent', 'client_ip');
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    userAgent: row.user_agent,
    clientIp: row.client_ip,
    current: row.sid_hash.equals(currentKey),
  }));
}

/**
 * Ends one of the person's live sessions by its public id; the store's key of the session ended,
 * or undefined when they have none with that id (another person's, expired, or no such id).
 */
export async function endUserSession(db: Db, userId: string, id: string): Promise<Buffer | undefined> {
  if (!isUuid(id)) return undefined;
  const [ended] = await db<SessionRow>('sessions')
    .where({ id, user_id: userId })
    .andWhere('expires_at', '>', new Date())
    .delete()
    .returning<Pick<SessionRow, 'sid_hash'>[]>('sid_hash');
  return ended?.sid_hash;
}

/** Ends every live session of the person but the asking one; how many ended. */
export async function endOtherUserSessions(db: Db, userId: string, currentKey: Buffer): Promise<number> {
  return db('sessions')
    .where({ user_id: userId })
    .andWhere('expires_at', '>', new Date())
    .whereNot({ sid_hash: currentKey })
    .delete();
}

/** The first product of a User-Agent (`curl/8.5.0`), for clients no parser knows. */
const FIRST_PRODUCT = /^[^\s()]{1,40}/;

/**
 * A short name for the device of a session: the browser and its major version, and the operating
 * system (`Chrome 126 on macOS`); for other clients, the first product of the User-Agent.
 */
export function deviceLabel(userAgent: string | null): string {
  const text = userAgent?.trim();
  if (!text) return 'Unknown device';
  const { browser, os } = Bowser.parse(text);
  const major = browser.version?.split('.')[0];
  const app = browser.name ? [browser.name, major].filter(Boolean).join(' ') : undefined;
  if (app && os.name) return `${app} on ${os.name}`;
  if (app) return app;
  if (os.name) return `Unknown browser on ${os.name}`;
  return FIRST_PRODUCT.exec(text)?.[0] ?? 'Unknown device';
}
