// suppression list|add|remove (docs/sending.md, "Suppressions"): bounces, complaints and one-click
// unsubscribes add addresses automatically; operators can add or lift one by hand, for all mail or
// one topic.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { listSuppressions, suppressManually, unsuppress } from '../../core/accounts/suppressions';
import { formatDate, table } from '../output';
import type { Run } from '../run';

export function registerSuppressionCommands(program: Command, run: Run): void {
  const suppression = program
    .command('suppression')
    .description("an account's suppression list (sending to a listed address gives 422 recipient_suppressed)");

  suppression
    .command('list')
    .description('list suppressed addresses')
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const entries = await listSuppressions(ctx.db(), account.id);
        return {
          json: entries,
          text: table(
            ['address', 'reason', 'topic', 'since'],
            entries.map((s) => [s.address, s.reason, s.topic ?? '(all mail)', formatDate(s.createdAt)]),
            'The suppression list is empty.',
          ),
        };
      }),
    );

  suppression
    .command('add')
    .description('suppress an address by hand (reason: manual), for all mail or one topic')
    .argument('<account>', 'account id or email')
    .argument('<address>')
    .option('--topic <topic>', 'only sends with this unsubscribe topic (default: all mail)')
    .action(
      run(async (ctx, accountRef: string, address: string, opts: { topic?: string }) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const topic = opts.topic ?? null;
        const { added } = await suppressManually(ctx.db(), { accountId: account.id, address, topic }, ctx.actor);
        const what = topic === null ? address : `${address} for topic ${topic}`;
        return {
          json: { address: address.toLowerCase(), topic, added },
          text: added ? `Suppressed ${what}.` : `${what} was already suppressed.`,
        };
      }),
    );

  suppression
    .command('remove')
    .description("lift a suppression: the address's all-mail entry, or with --topic that topic's")
    .argument('<account>', 'account id or email')
    .argument('<address>')
    .option('--topic <topic>', 'the entry for this unsubscribe topic (default: the all-mail entry)')
    .action(
      run(async (ctx, accountRef: string, address: string, opts: { topic?: string }) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const topic = opts.topic ?? null;
        // An erased address's entry is its keyed hash (docs/privacy.md): naming the address lifts it too.
        const { removed } = await unsuppress(
          ctx.db(),
          { accountId: account.id, address, topic, secretKey: ctx.config().secretKey },
          ctx.actor,
        );
        const what = topic === null ? address : `${address} (topic ${topic})`;
        return {
          json: { address: address.toLowerCase(), topic, removed },
          text: removed ? `${what} is no longer suppressed.` : `${what} was not on the list.`,
          ...(removed ? {} : { failure: `${what} is not on the suppression list` }),
        };
      }),
    );
}
