// postage: the customer CLI over the public API, through the TypeScript SDK (docs/cli.md). Human
// output by default, --json for scripts; exit statuses in src/output.ts.
import { Command, CommanderError } from 'commander';
import { VERSION } from '@postage/sdk';
import { registerAccountCommands } from './commands/account.js';
import { registerDomainsCommands } from './commands/domains.js';
import { registerEmailsCommands } from './commands/emails.js';
import { registerListenCommand } from './commands/listen.js';
import { registerSendCommand } from './commands/send.js';
import { registerTemplatesCommands } from './commands/templates.js';
import { registerTriggerCommand } from './commands/trigger.js';
import { registerWebhooksCommands } from './commands/webhooks.js';
import { registerMcpCommand } from './mcp/register.js';
import { createContext } from './context.js';
import { EXIT } from './output.js';
import { makeRun } from './run.js';

export function buildProgram(ctx = createContext()): Command {
  const program = new Command('postage')
    .description(
      'Postage from your terminal: send and follow email, forward live events to localhost, templates as files.\nUses the key stored by `postage login`, or POSTAGE_API_KEY (and POSTAGE_BASE_URL).',
    )
    .version(VERSION)
    .option('--json', 'print JSON instead of text (for scripts)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      outputError: (message, write) => write(`postage: ${message.trim().replace(/\s*\n\s*/g, ' ')}\n`),
    })
    .hook('preAction', (_root, action) => {
      ctx.json = Boolean(action.optsWithGlobals<{ json?: boolean }>().json);
    });
  const run = makeRun(ctx);
  registerAccountCommands(program, run);
  registerSendCommand(program, run);
  registerEmailsCommands(program, run);
  registerDomainsCommands(program, run);
  registerWebhooksCommands(program, run);
  registerTriggerCommand(program, run);
  registerListenCommand(program, run);
  registerTemplatesCommands(program, run);
  registerMcpCommand(program, run);
  return program;
}

try {
  await buildProgram().parseAsync(process.argv);
} catch (err) {
  // Help and --version end through here with status 0; usage errors have been printed already.
  if (!(err instanceof CommanderError)) throw err;
  process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
}
