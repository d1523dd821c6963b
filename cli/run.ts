// Wraps a command handler: hands it the context, prints what it returns in the chosen format.
import type { CliContext } from './context';
import { printOutput, type CommandOutput } from './output';

// Commander passes positional arguments, then the options object, then the command.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers declare their own argument types
export type Run = <A extends any[]>(
  handler: (ctx: CliContext, ...args: A) => Promise<CommandOutput>,
) => (...args: A) => Promise<void>;

export function makeRun(ctx: CliContext): Run {
  return (handler) =>
    async (...args) => {
      const output = await handler(ctx, ...args);
      printOutput(output, ctx.json);
      if (output.failure) {
        process.stderr.write(`postage-admin: ${output.failure}\n`);
        process.exitCode = 1;
      }
    };
}
