// Who changed what on an account, and when.
import type { Db } from './db';

export async function recordAudit(db: Db, entry: { accountId: string; actor: string; action: string; details?: Record<string, unknown> }): Promise<void> {
  await db('account_audit').insert({
    account_id: entry.accountId,
    actor: entry.actor,
    action: entry.action,
    details: JSON.stringify(entry.details ?? {}),
  });
}
