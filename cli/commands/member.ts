// member list|add|remove (docs/teams.md): who belongs to an account and with which role. Operators
// act with the owner's reach but not past the one-owner rule: the owner is never removed here (the
// customer transfers ownership first). Customers manage their team in the dashboard or the API.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { addMember, listMembers, removeMember } from '../../core/accounts/members';
import { ROLES } from '../../core/accounts/roles';
import { resetTwoFactor } from '../../core/accounts/twoFactor';
import { findUserByEmail } from '../../core/accounts/users';
import { PostageError } from '../../core/platform/errors';
import { fields, formatDate, table } from '../output';
import type { Run } from '../run';

export function registerMemberCommands(program: Command, run: Run): void {
  const member = program
    .command('member')
    .description("an account's members and their roles (owner, admin, developer, viewer)");

  member
    .command('list')
    .description('list the members of an account, the earliest first')
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const members = await listMembers(ctx.db(), account.id);
        return {
          json: members,
          text: table(
            ['user id', 'email', 'name', 'role', 'two-factor', 'joined'],
            members.map((m) => [
              m.userId,
              m.email,
              m.name,
              m.role,
              m.twoFactorEnabled ? 'on' : 'off',
              formatDate(m.joinedAt),
            ]),
            'The account has no members (an operator-made account gets its owner at the first password reset).',
          ),
        };
      }),
    );

  member
    .command('add')
    .description(
      'add a person to an account with a role; a person without a sign-in chooses a password with "forgot password"',
    )
    .argument('<account>', 'account id or email')
    .argument('<email>', "the person's email address")
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')} (owner only for an account without one)`)
    .action(
      run(async (ctx, accountRef: string, email: string, opts: { role: string }) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const added = await addMember(ctx.db(), account.id, { email, role: opts.role }, ctx.actor);
        return {
          json: added,
          text: fields([
            ['added', added.email],
            ['role', added.role],
            ['account', account.email],
          ]),
        };
      }),
    );

  member
    .command('reset-two-factor')
    .description(
      'turn off the two-factor sign-in of a person who lost their app and their recovery codes (prove who they are first): every session of theirs ends; each of their accounts records it',
    )
    .argument('<email>', "the person's email address")
    .action(
      run(async (ctx, email: string) => {
        const user = await findUserByEmail(ctx.db(), email);
        if (!user) throw new PostageError('member_not_found', `no person ${email}`);
        await resetTwoFactor(ctx.db(), user.id, ctx.actor);
        return {
          json: { email: user.email, twoFactorEnabled: false },
          text: fields([['two-factor reset', user.email]]),
        };
      }),
    );

  member
    .command('remove')
    .description(
      'remove a member: their sessions for the account end and the API keys they made are revoked (unless --keep-keys)',
    )
    .argument('<account>', 'account id or email')
    .argument('<member>', "the member's email address or user id")
    .option('--keep-keys', 'the account keeps the API keys the member made')
    .action(
      run(async (ctx, accountRef: string, ref: string, opts: { keepKeys?: boolean }) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const userId = ref.includes('@') ? (await findUserByEmail(ctx.db(), ref))?.id : ref;
        if (!userId) throw new PostageError('member_not_found', `no member ${ref}`);
        const removed = await removeMember(
          ctx.db(),
          account.id,
          { userId: '', role: 'owner', actor: ctx.actor },
          userId,
          Boolean(opts.keepKeys),
        );
        return {
          json: removed,
          text: fields([
            ['removed', removed.member.email],
            ['revoked keys', removed.revokedKeys.join(', ') || '(none)'],
          ]),
        };
      }),
    );
}
