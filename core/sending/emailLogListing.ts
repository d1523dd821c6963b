// Reading an account's shared-mode email log (docs/sending.md, "The email log"), newest first, for operators.
import type { Db } from '../platform/db';
import type { EmailLogRow } from './emailLog';
import { PostageError } from '../platform/errors';
import { decodeCursor, encodeCursor, escapeLike } from '../platform/pagination';
import type { MessageStatus } from '../model/outcomes';

export const LOG_STATUSES: readonly MessageStatus[] = [
  'scheduled',
  'canceled',
  'queued',
  'sent',
  'delivered',
  'bounced',
  'complained',
  'failed',
];
export const MAX_LOG_LIMIT = 1000;

export async function listEmailLog(
  db: Db,
  accountId: string,
  opts: { status?: string; limit?: number } = {},
): Promise<EmailLogRow[]> {
  const limit = opts.limit ?? 50;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LOG_LIMIT)
    throw new PostageError('invalid_limit', `the limit must be a whole number from 1 to ${MAX_LOG_LIMIT}`);
  if (opts.status !== undefined && !(LOG_STATUSES as readonly string[]).includes(opts.status)) {
    throw new PostageError(
      'invalid_status',
      `unknown status ${JSON.stringify(opts.status)}; choose from ${LOG_STATUSES.join(', ')}`,
    );
  }
  const query = db<EmailLogRow>('email_log').where({ account_id: accountId });
  if (opts.status) query.andWhere({ status: opts.status as MessageStatus });
  return query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'message_id', order: 'asc' },
    ])
    .limit(limit);
}

export interface EmailLogFilter {
  status?: string;
  /** Part of the recipient address, case-insensitive. */
  recipient?: string;
  /** Part of the sender address, case-insensitive. */
  from?: string;
  since?: Date;
  until?: Date;
  /** Only messages sent from these domains (a domain-scoped key's view); absent: every domain. */
  fromDomains?: readonly string[];
  /** Only messages carrying this tag with this value. */
  tag?: { name: string; value: string };
  /** Only messages sent with a test key (true) or only the others (false). */
  test?: boolean;
}

/** Newest first, `limit` rows after `cursor`; the cursor names the last row shown (opaque to clients). */
export async function emailLogPage(
  db: Db,
  accountId: string,
  filter: EmailLogFilter,
  page: { cursor?: string; limit: number },
): Promise<{ rows: EmailLogRow[]; nextCursor: string | null }> {
  if (filter.status !== undefined && !(LOG_STATUSES as readonly string[]).includes(filter.status)) {
    throw new PostageError(
      'invalid_status',
      `unknown status ${JSON.stringify(filter.status)}; choose from ${LOG_STATUSES.join(', ')}`,
      'status',
    );
  }
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const query = db<EmailLogRow>('email_log').where({ account_id: accountId });
  if (filter.status) query.andWhere({ status: filter.status as MessageStatus });
  if (filter.recipient) query.andWhereILike('recipient', `%${escapeLike(filter.recipient)}%`);
  if (filter.from) query.andWhereILike('from_email', `%${escapeLike(filter.from)}%`);
  if (filter.fromDomains)
    query.andWhereRaw("lower(substring(from_email from '@([^@]*)$')) = ANY(?::text[])", [[...filter.fromDomains]]);
  if (filter.tag) query.andWhereRaw('tags @> ?::jsonb', [JSON.stringify({ [filter.tag.name]: filter.tag.value })]);
  if (filter.test !== undefined) query.andWhere({ test: filter.test });
  if (filter.since) query.andWhere('created_at', '>=', filter.since);
  if (filter.until) query.andWhere('created_at', '<', filter.until);
  if (after) query.andWhereRaw('(created_at, message_id) < (?::timestamptz, ?::uuid)', [after.at, after.id]);
  const rows = await query
    .select<(EmailLogRow & { cursor_at: string })[]>('*', db.raw('created_at::text AS cursor_at'))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'message_id', order: 'desc' },
    ])
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit).map(({ cursor_at: _cursor, ...row }) => row as EmailLogRow);
  const last = rows[page.limit - 1];
  return {
    rows: shown,
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.cursor_at, last.message_id) : null,
  };
}
