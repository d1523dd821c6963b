// The token of a one-click unsubscribe link (docs/sending.md, "One-click unsubscribe"): everything
// the POST needs, sealed with AES-256-GCM under a key of its own derived from POSTAGE_SECRET_KEY.
// Nothing is stored for it, so it works for BYOC messages (which leave nothing behind) and after
// the log row is purged; the URL reveals nothing, and a changed byte makes it worthless.
import { decrypt, encrypt } from '../platform/crypto';
import { isUuid } from '../platform/ids';
import type { SendingMode } from '../model/sendingModes';
import { isUnsubscribeTopic } from '../model/messageContent';

export interface UnsubscribeClaim {
  accountId: string;
  /** The recipient address as sent. */
  recipient: string;
  /** Null: the recipient leaves all mail of the account. */
  topic: string | null;
  messageId: string;
  mode: SendingMode;
}

/** Version 1: [1, account id, message id, mode, topic or null, recipient]. */
type Sealed = [1, string, string, SendingMode, string | null, string];

export function createUnsubscribeToken(secretKey: string, claim: UnsubscribeClaim): string {
  const sealed: Sealed = [1, claim.accountId, claim.messageId, claim.mode, claim.topic, claim.recipient];
  return encrypt(secretKey, 'unsubscribe', Buffer.from(JSON.stringify(sealed))).toString('base64url');
}

/** The longest token we make (an address of 320 characters, a topic of 64) with room to spare. */
const MAX_TOKEN_LENGTH = 1024;

/** The claim of a token we made, or null for anything else (malformed, forged, changed, another key's). */
export function readUnsubscribeToken(secretKey: string, token: string): UnsubscribeClaim | null {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Node's decoder ignores trailing bits: only the text we made unlocks the claim, not its variants.
  if (bytes.toString('base64url') !== token) return null;
  let sealed: unknown;
  try {
    sealed = JSON.parse(decrypt(secretKey, 'unsubscribe', bytes).toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(sealed) || sealed.length !== 6 || sealed[0] !== 1) return null;
  const [, accountId, messageId, mode, topic, recipient] = sealed as unknown[];
  if (typeof accountId !== 'string' || !isUuid(accountId)) return null;
  if (typeof messageId !== 'string' || !isUuid(messageId)) return null;
  if (mode !== 'shared' && mode !== 'byoc') return null;
  if (topic !== null && (typeof topic !== 'string' || !isUnsubscribeTopic(topic))) return null;
  if (typeof recipient !== 'string' || recipient.length === 0) return null;
  return { accountId, messageId, mode, topic, recipient };
}

/** The URL of List-Unsubscribe: `{BASE_URL}/u/{token}`. */
export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/u/${token}`;
}
