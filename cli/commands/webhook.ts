// webhook create|list|set|delete|deliveries|listen (docs/webhooks.md).
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { PostageError } from '../../core/platform/errors';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  parseWebhookEvents,
  setWebhookEndpointActive,
} from '../../core/webhooks/webhookEndpoints';
import { WEBHOOK_EVENT_TYPES } from '../../core/model/webhookEvents';
import { parseBoolean, parseList, parsePositive } from '../args';
import { fields, formatDate, table, yesNo } from '../output';
import type { Run } from '../run';
import { listenForWebhooks } from '../webhookListener';

export function registerWebhookCommands(program: Command, run: Run): void {
  const webhook = program
    .command('webhook')
    .description('webhook endpoints: create (signing secret shown once), list, switch, delete, inspect deliveries');

  webhook
    .command('create')
    .description('create an endpoint; its signing secret is printed this once')
    .argument('<account>', 'account id or email')
    .requiredOption('--url <url>', 'https:// (recommended) or http:// URL that receives the POSTs')
    .requiredOption('--events <list>', `comma-separated event types: ${WEBHOOK_EVENT_TYPES.join(', ')}`, parseList)
    .action(
      run(async (ctx, accountRef: string, opts: { url: string; events: string[] }) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const events = parseWebhookEvents(opts.events);
        const { endpoint, signingSecret } = await createWebhookEndpoint(
          ctx.db(),
          ctx.config().secretKey,
          { accountId: account.id, url: opts.url, events },
          ctx.actor,
          {
            allowedPrivateAddresses: ctx.config().webhooks.allowedPrivateAddresses,
          },
        );
        // The plan rule (Growth and Pro only, docs/webhooks.md) is checked by core, as for the API: plan_required otherwise.
        return {
          json: { ...endpoint, signingSecret },
          text: [
            `Created webhook endpoint ${endpoint.id} for ${account.email}.`,
            fields([
              ['url', endpoint.url],
              ['events', endpoint.events.join(', ')],
            ]),
            '',
            'Signing secret (shown once; it keys the X-Service-Signature HMAC; if lost, delete the endpoint and create a new one):',
            signingSecret,
          ].join('\n'),
        };
      }),
    );

  webhook
    .command('list')
    .description("list an account's endpoints (never their secrets)")
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const endpoints = await listWebhookEndpoints(ctx.db(), account.id);
        return {
          json: endpoints,
          text: table(
            ['id', 'url', 'events', 'active'],
            endpoints.map((e) => [e.id, e.url, e.events.join(','), yesNo(e.active)]),
            'No webhook endpoints.',
          ),
        };
      }),
    );

  webhook
    .command('set')
    .description('switch an endpoint on or off (inactive endpoints receive nothing)')
    .argument('<id>', 'endpoint id')
    .requiredOption('--active <bool>', 'true or false', parseBoolean)
    .action(
      run(async (ctx, id: string, opts: { active: boolean }) => {
        const endpoint = await setWebhookEndpointActive(ctx.db(), id, opts.active, ctx.actor);
        return { json: endpoint, text: `Endpoint ${endpoint.id} is now ${endpoint.active ? 'active' : 'inactive'}.` };
      }),
    );

  webhook
    .command('delete')
    .description('delete an endpoint, its secret and its delivery history (permanent)')
    .argument('<id>', 'endpoint id')
    .action(
      run(async (ctx, id: string) => {
        await deleteWebhookEndpoint(ctx.db(), id, ctx.actor);
        return { json: { deleted: id }, text: `Deleted endpoint ${id}.` };
      }),
    );

  webhook
    .command('deliveries')
    .description("an endpoint's recent delivery attempts, newest first (failed calls are not retried)")
    .argument('<id>', 'endpoint id')
    .option('--limit <n>', 'how many', parsePositive, 20)
    .action(
      run(async (ctx, id: string, opts: { limit: number }) => {
        const endpoint = await getWebhookEndpoint(ctx.db(), id);
        if (!endpoint) throw new PostageError('webhook_not_found', `no webhook endpoint ${id}`);
        const attempts = await listWebhookDeliveries(ctx.db(), endpoint.id, opts.limit);
        return {
          json: attempts,
          text: table(
            ['when', 'event', 'message', 'result', 'ms'],
            attempts.map((a) => [
              formatDate(a.attemptedAt),
              a.eventType,
              a.messageId ?? '-',
              a.succeeded ? `HTTP ${a.statusCode}` : `failed: ${a.error ?? `HTTP ${a.statusCode}`}`,
              a.latencyMs,
            ]),
            `No delivery attempts to ${endpoint.url} yet.`,
          ),
        };
      }),
    );

  webhook
    .command('listen')
    .description(
      'run a local receiver that verifies each delivery (Standard Webhooks signature, timestamp within 5 minutes) and prints its event (development)',
    )
    .requiredOption('--secret <secret>', 'the endpoint signing secret (whsec_...)')
    .option('--port <port>', 'port to listen on (127.0.0.1)', parsePositive, 4000)
    .option('--count <n>', 'exit after this many requests', parsePositive)
    .action(async (opts: { secret: string; port: number; count?: number }, command: Command) => {
      const json = Boolean(command.optsWithGlobals<{ json?: boolean }>().json);
      await listenForWebhooks({ ...opts, json });
    });
}
