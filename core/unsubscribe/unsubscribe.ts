// The one-click unsubscribe use case (docs/sending.md, "One-click unsubscribe"), shared by the
// page (GET, which never changes anything: mail scanners follow links) and the POST mailbox
// providers make (RFC 8058), which suppresses at once so the very next send is refused.
import { suppressUnsubscribed } from '../accounts/suppressions';
import type { Db } from '../platform/db';
import { readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribeTokens';

/** The token's claim when it is ours and its account still exists; null otherwise (answered 404). */
export async function checkUnsubscribeToken(
  db: Db,
  secretKey: string,
  token: string,
): Promise<UnsubscribeClaim | null> {
  const claim = readUnsubscribeToken(secretKey, token);
  if (!claim) return null;
  const account = await db('accounts').where({ id: claim.accountId }).first('id');
  return account ? claim : null;
}

export type UnsubscribeResult =
  | { outcome: 'not_found' }
  /** `added` false: the same link (or an all-mail one) was used before; the answer is the same. */
  | { outcome: 'unsubscribed'; claim: UnsubscribeClaim; added: boolean; at: Date };

/** Suppresses the token's recipient for its topic (reason `unsubscribed`), idempotently. */
export async function unsubscribeByToken(db: Db, secretKey: string, token: string): Promise<UnsubscribeResult> {
  const claim = readUnsubscribeToken(secretKey, token);
  if (!claim) return { outcome: 'not_found' };
  const { accountExists, added } = await suppressUnsubscribed(db, {
    accountId: claim.accountId,
    address: claim.recipient,
    topic: claim.topic,
    // BYOC privacy (docs/byoc.md): nothing may tie the address to a BYOC message, so only a shared
    // message's id is kept beside the entry.
    messageId: claim.mode === 'shared' ? claim.messageId : null,
  });
  if (!accountExists) return { outcome: 'not_found' };
  return { outcome: 'unsubscribed', claim, added, at: new Date() };
}
