// Who changed what on an account, and when. Details never carry secrets (key prefixes at most).
import type { Db } from './db';

export interface AuditEntry {
  actor: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

export async function recordAudit(db: Db, entry: { accountId: string; actor: string; action: string; details?: Record<string, unknown> }): Promise<void> {
  await db('account_audit').insert({
    account_id: entry.accountId,
    actor: entry.actor,
    action: entry.action,
    details: JSON.stringify(entry.details ?? {}),
  });
}

/** Newest first. */
export async function listAudit(db: Db, accountId: string, limit = 20): Promise<AuditEntry[]> {
  const rows = await db('account_audit')
    .where({ account_id: accountId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select<{ actor: string; action: string; details: Record<string, unknown>; created_at: Date }[]>('actor', 'action', 'details', 'created_at');
  return rows.map((r) => ({ actor: r.actor, action: r.action, details: r.details, createdAt: r.created_at }));
}
