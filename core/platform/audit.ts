// Who changed what on an account, and when. Details never carry secrets (key prefixes at most).
import type { Db } from './db';
import { decodeCursor, encodeCursor, escapeLike } from './pagination';

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

export async function recordAudit(
  db: Db,
  entry: { accountId: string; actor: string; action: string; details?: Record<string, unknown> },
): Promise<void> {
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
    .select<{ id: string; actor: string; action: string; details: Record<string, unknown>; created_at: Date }[]>(
      'id',
      'actor',
      'action',
      'details',
      'created_at',
    );
  return rows.map((r) => ({
    id: String(r.id),
    actor: r.actor,
    action: r.action,
    details: r.details,
    createdAt: r.created_at,
  }));
}

export interface AuditFilter {
  /** Exactly this actor (`user:<id>`, `key:<id>`, `cli:<name>`). */
  actor?: string;
  /** An action (`api_key.create`), or its family (`api_key`: every `api_key.*`). */
  action?: string;
  since?: Date;
  until?: Date;
}

/** Newest first, `limit` entries after `cursor` (the log is append-only: nobody may change it). */
export async function auditPage(
  db: Db,
  accountId: string,
  filter: AuditFilter,
  page: { cursor?: string; limit: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, (id) => /^[0-9]{1,19}$/.test(id));
  const query = db('account_audit').where({ account_id: accountId });
  if (filter.actor) query.andWhere({ actor: filter.actor });
  if (filter.action)
    query.andWhere(
      (q) => void q.where({ action: filter.action }).orWhere('action', 'like', `${escapeLike(filter.action!)}.%`),
    );
  if (filter.since) query.andWhere('created_at', '>=', filter.since);
  if (filter.until) query.andWhere('created_at', '<', filter.until);
  if (after) query.andWhereRaw('(created_at, id) < (?::timestamptz, ?::bigint)', [after.at, after.id]);
  const rows = await query
    .select<
      {
        id: string;
        actor: string;
        action: string;
        details: Record<string, unknown>;
        created_at: Date;
        cursor_at: string;
      }[]
    >('id', 'actor', 'action', 'details', 'created_at', db.raw('created_at::text AS cursor_at'))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit + 1);
  const last = rows[page.limit - 1];
  return {
    entries: rows.slice(0, page.limit).map((r) => ({
      id: String(r.id),
      actor: r.actor,
      action: r.action,
      details: r.details,
      createdAt: r.created_at,
    })),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.cursor_at, String(last.id)) : null,
  };
}
