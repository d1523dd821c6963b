// Wraps a command handler: hands it the context, prints what it returns in the chosen format, and
// turns any failure into one line on stderr (or a JSON error with --json) and its exit status.
import type { CliContext } from './context.js';
import { describeFailure, printOutput, type CommandOutput } from './output.js';

// Commander passes positional arguments, then the options object, then the command.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers declare their own argument types
export type Run = <A extends any[]>(
  handler: (ctx: CliContext, ...args: A) => Promise<CommandOutput | void>,
) => (...args: A) => Promise<void>;

export function makeRun(ctx: CliContext): Run {
  return (handler) =>
    async (...args) => {
      try {
        const output = await handler(ctx, ...args);
        if (output) printOutput(output, ctx.json);
      } catch (err) {
        const failure = describeFailure(err);
        if (ctx.json) process.stdout.write(`${JSON.stringify(failure.json, null, 2)}\n`);
        process.stderr.write(`postage: ${failure.message}\n`);
        process.exitCode = failure.exitCode;
      }
    };
}
