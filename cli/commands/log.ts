// log: an account's shared-mode email log (docs/sending.md, "The email log"), newest first. BYOC sends have no log.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { LOG_STATUSES, listEmailLog } from '../../core/sending/emailLogListing';
import { parsePositive } from '../args';
import { formatDate, table } from '../output';
import type { Run } from '../run';

export function registerLogCommand(program: Command, run: Run): void {
  program
    .command('log')
    .description("an account's shared-mode email log, newest first (rows are purged after 14 days)")
    .argument('<account>', 'account id or email')
    .option('--status <status>', `only this status: ${LOG_STATUSES.join(', ')}`)
    .option('--limit <n>', 'how many rows', parsePositive, 50)
    .action(
      run(async (ctx, accountRef: string, opts: { status?: string; limit: number }) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const rows = await listEmailLog(ctx.db(), account.id, opts);
        return {
          json: rows,
          text: table(
            ['created', 'message id', 'status', 'to', 'from', 'subject', 'detail'],
            rows.map((r) => [
              formatDate(r.created_at),
              r.message_id,
              r.status,
              r.recipient,
              r.from_email,
              r.subject,
              r.bounce_type
                ? `${r.bounce_type}/${r.bounce_subtype ?? '-'}`
                : (r.failure_reason ?? r.smtp_response ?? ''),
            ]),
            'No email log rows.',
          ),
        };
      }),
    );
}
