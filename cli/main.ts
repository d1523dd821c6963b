// postage-admin: the operator CLI over the management layer in core/ (the same modules the API,
// the worker and the dev seed use). Human-readable output by default, --json for scripts; on
// error a one-line reason on stderr and exit status 1.
import { Command } from 'commander';
import { registerAccountCommands } from './commands/account';
import { registerByocCommands } from './commands/byoc';
import { registerDomainCommands } from './commands/domain';
import { registerInboundCommands } from './commands/inbound';
import { registerKeyCommands } from './commands/key';
import { registerLogCommand } from './commands/log';
import { registerMemberCommands } from './commands/member';
import { registerPlanCommands } from './commands/plan';
import { registerReputationCommand } from './commands/reputation';
import { registerSesCommands } from './commands/ses';
import { registerSesPaceCommand } from './commands/sesPace';
import { registerSuppressionCommands } from './commands/suppression';
import { registerTemplateCommands } from './commands/template';
import { registerWebhookCommands } from './commands/webhook';
import { createContext } from './context';
import { describeError } from './output';
import { makeRun } from './run';

async function main(argv: string[]): Promise<void> {
  const ctx = createContext();
  const program = new Command('postage-admin')
    .description(
      'Manage Postage accounts, members, plans, domains, API keys, webhook endpoints, BYOC and templates (read only); list received email; read the SES pace.\nReads DATABASE_URL and the rest from the environment; without DATABASE_URL it uses the running `npm run dev` stack.',
    )
    .option('--json', 'print JSON instead of text (for scripts)')
    .showSuggestionAfterError(true)
    // Usage errors too are one line: "postage-admin: error: unknown command 'acount' (Did you mean account?)".
    .configureOutput({
      outputError: (message, write) => write(`postage-admin: ${message.trim().replace(/\s*\n\s*/g, ' ')}\n`),
    })
    .hook('preAction', (_root, action) => {
      ctx.json = Boolean(action.optsWithGlobals<{ json?: boolean }>().json);
    });
  const run = makeRun(ctx);
  registerAccountCommands(program, run);
  registerPlanCommands(program, run);
  registerDomainCommands(program, run);
  registerKeyCommands(program, run);
  registerWebhookCommands(program, run);
  registerByocCommands(program, run);
  registerSuppressionCommands(program, run);
  registerTemplateCommands(program, run);
  registerMemberCommands(program, run);
  registerLogCommand(program, run);
  registerInboundCommands(program, run);
  registerSesPaceCommand(program, run);
  registerReputationCommand(program, run);
  registerSesCommands(program, run);

  try {
    await program.parseAsync(argv);
  } catch (err) {
    const { code, message } = describeError(err);
    if (ctx.json) process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
    process.stderr.write(`postage-admin: ${message}\n`);
    process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

void main(process.argv);
