// Reading an account's shared-mode email log (spec 2.9), newest first, for operators.
import type { Db } from '../platform/db';
import type { EmailLogRow } from './emailLog';
import { PostageError } from '../platform/errors';
import type { MessageStatus } from '../model/outcomes';

export const LOG_STATUSES: readonly MessageStatus[] = ['queued', 'sent', 'delivered', 'bounced', 'complained', 'failed'];
export const MAX_LOG_LIMIT = 1000;

export async function listEmailLog(db: Db, accountId: string, opts: { status?: string; limit?: number } = {}): Promise<EmailLogRow[]> {
  const limit = opts.limit ?? 50;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LOG_LIMIT) throw new PostageError('invalid_limit', `the limit must be a whole number from 1 to ${MAX_LOG_LIMIT}`);
  if (opts.status !== undefined && !(LOG_STATUSES as readonly string[]).includes(opts.status)) {
    throw new PostageError('invalid_status', `unknown status ${JSON.stringify(opts.status)}; choose from ${LOG_STATUSES.join(', ')}`);
  }
  const query = db<EmailLogRow>('email_log').where({ account_id: accountId });
  if (opts.status) query.andWhere({ status: opts.status as MessageStatus });
  return query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'message_id', order: 'asc' }]).limit(limit);
}
