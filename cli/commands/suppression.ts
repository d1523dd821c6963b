// suppression list|add|remove (docs/sending.md, "Suppressions"): bounces and complaints add
// addresses automatically; operators can add or lift one by hand.
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
            ['address', 'reason', 'since'],
            entries.map((s) => [s.address, s.reason, formatDate(s.createdAt)]),
            'The suppression list is empty.',
          ),
        };
      }),
    );

  suppression
    .command('add')
    .description('suppress an address by hand (reason: manual)')
    .argument('<account>', 'account id or email')
    .argument('<address>')
    .action(
      run(async (ctx, accountRef: string, address: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const { added } = await suppressManually(ctx.db(), { accountId: account.id, address }, ctx.actor);
        return {
          json: { address: address.toLowerCase(), added },
          text: added ? `Suppressed ${address}.` : `${address} was already suppressed.`,
        };
      }),
    );

  suppression
    .command('remove')
    .description('lift a suppression')
    .argument('<account>', 'account id or email')
    .argument('<address>')
    .action(
      run(async (ctx, accountRef: string, address: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const { removed } = await unsuppress(ctx.db(), { accountId: account.id, address }, ctx.actor);
        return {
          json: { address: address.toLowerCase(), removed },
          text: removed ? `${address} is no longer suppressed.` : `${address} was not on the list.`,
          ...(removed ? {} : { failure: `${address} is not on the suppression list` }),
        };
      }),
    );
}
