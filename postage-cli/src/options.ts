// Parsing shared by several commands' options.
import { CliError, EXIT } from './output.js';

/** Commander's collector for a repeatable option (`--tag a=1 --tag b=2`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `k=v` pairs into an object; a pair without `=` is a usage error naming the option. */
export function parsePairs(pairs: string[] | undefined, option: string): Record<string, string> | undefined {
  if (!pairs || pairs.length === 0) return undefined;
  const result: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliError(`${option} takes name=value, got "${pair}"`, EXIT.usage);
    result[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return result;
}

/** A positive whole number of an option, or a usage error. */
export function parsePositive(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new CliError(`${option} takes a positive number, got "${value}"`, EXIT.usage);
  return number;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
