// `postage mcp`: registered beside the other commands (src/main.ts); the server is in server.ts.
import type { Command } from 'commander';
import type { Run } from '../run.js';
import { serveMcp } from './server.js';

export function registerMcpCommand(program: Command, run: Run): void {
  program
    .command('mcp')
    .description(
      'serve the account to an AI assistant as Model Context Protocol tools over stdio (the tools the key may use)',
    )
    .action(run(serveMcp));
}
