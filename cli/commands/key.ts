// key create|list|revoke (docs/teams.md, "API keys"): the secret is printed once, at creation, and never again.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import {
  createApiKey,
  keyPrefix,
  KEY_PERMISSIONS,
  listApiKeys,
  revokeApiKey,
  type ApiKey,
  type KeyPermission,
} from '../../core/accounts/apiKeys';
import { parseChoice, parseIsoDate, parseList } from '../args';
import { fields, formatDate, table } from '../output';
import type { Run } from '../run';

function keyState(k: ApiKey, now = new Date()): string {
  if (k.revokedAt) return `revoked ${formatDate(k.revokedAt)}`;
  if (k.expiresAt && k.expiresAt <= now) return `expired ${formatDate(k.expiresAt)}`;
  return 'active';
}

/** What may be shown of a key: everything but the secret, which is not stored anyway. */
const publicKey = (k: ApiKey) => ({ ...k, prefix: keyPrefix(k.lookupId), state: keyState(k) });

export function registerKeyCommands(program: Command, run: Run): void {
  const key = program.command('key').description('API keys: create (secret shown once), list, revoke');

  key
    .command('create')
    .description('create an API key; its secret is printed this once')
    .argument('<account>', 'account id or email')
    .requiredOption('--name <name>', 'what the key is for')
    .option(
      '--domains <list>',
      "comma-separated domains it may send from (default: all the account's domains)",
      parseList,
    )
    .option(
      '--network <cidr>',
      'an IPv4 or IPv6 range (CIDR) or address it may be used from; repeat (or separate with commas) for more (default: anywhere)',
      parseList,
    )
    .option('--expires <iso>', 'expiry, ISO 8601 (default: never)', parseIsoDate)
    .option('--test', 'a test key: its sends are simulated and never reach SES (docs/test-recipients.md, "Test keys")')
    .option(
      '--permission <permission>',
      `${KEY_PERMISSIONS.join(' or ')}: sending keys may only send and read /api/me/; full_access keys may also manage the account`,
      parseChoice(KEY_PERMISSIONS),
      'sending',
    )
    .action(
      run(
        async (
          ctx,
          accountRef: string,
          opts: {
            name: string;
            domains?: string[];
            network?: string[];
            expires?: Date;
            test?: boolean;
            permission: KeyPermission;
          },
        ) => {
          const account = await requireAccount(ctx.db(), accountRef);
          const { apiKey, secret } = await createApiKey(
            ctx.db(),
            {
              accountId: account.id,
              name: opts.name,
              permission: opts.permission,
              domainScope: opts.domains ?? [],
              networks: opts.network ?? [],
              test: opts.test === true,
              expiresAt: opts.expires ?? null,
            },
            ctx.actor,
          );
          return {
            json: { ...publicKey(apiKey), secret },
            text: [
              `Created API key ${keyPrefix(apiKey.lookupId)} (${apiKey.id}) for ${account.email}.`,
              fields([
                ['name', apiKey.name],
                ['permission', apiKey.permission],
                ['domains', apiKey.domainScope.length ? apiKey.domainScope.join(', ') : 'all of the account'],
                ['networks', apiKey.networks.length ? apiKey.networks.join(', ') : 'anywhere'],
                ['mode', apiKey.test ? 'test (sends are simulated)' : 'live'],
                ['expires', apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'never'],
              ]),
              '',
              'Secret (shown once, store it now; send it as the X-API-Key header):',
              secret,
            ].join('\n'),
          };
        },
      ),
    );

  key
    .command('list')
    .description("list an account's API keys (never their secrets)")
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const keys = await listApiKeys(ctx.db(), account.id);
        return {
          json: keys.map((k) => publicKey(k)),
          text: table(
            ['id', 'prefix', 'name', 'permission', 'domains', 'networks', 'expires', 'state', 'last used', 'mode'],
            keys.map((k) => [
              k.id,
              keyPrefix(k.lookupId),
              k.name,
              k.permission,
              k.domainScope.join(',') || 'all',
              k.networks.join(',') || 'anywhere',
              k.expiresAt ? formatDate(k.expiresAt) : 'never',
              keyState(k),
              formatDate(k.lastUsedAt),
              k.test ? 'test' : 'live',
            ]),
            'No API keys.',
          ),
        };
      }),
    );

  key
    .command('revoke')
    .description('revoke an API key; its next request is refused with 401')
    .argument('<key>', 'key id or its pk_... prefix')
    .action(
      run(async (ctx, id: string) => {
        const revoked = await revokeApiKey(ctx.db(), id, ctx.actor);
        return {
          json: publicKey(revoked),
          text: `Revoked ${keyPrefix(revoked.lookupId)} (${revoked.name}) at ${formatDate(revoked.revokedAt)}.`,
        };
      }),
    );
}
