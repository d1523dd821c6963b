// Bounds liquidjs does not enforce, checked on a parsed template before it renders. A range
// `(a..b)` becomes an array in one step, with no render limit checked while it grows (and past
// 2^53 `i += 1` stops moving, so it never ends): a literal range's ends must be safe integers and
// it may hold a bounded count of numbers. Loops over literal ranges nested in each other multiply:
// their bodies may run a bounded count of times in all. Ends that come from variables are known
// only while rendering; the render's wall-clock budget (renderPool.ts) bounds those.
import {
  ForTag,
  TablerowTag,
  toValueSync,
  TypeGuards,
  Value,
  type RangeToken,
  type Template,
  type Token,
} from 'liquidjs';

export interface StaticLimits {
  rangeItems: number;
  loopIterations: number;
}

/** What a filter argument may be: a value, or `key: value`. */
type FilterArgument = Token | [string?, Token?];

function* rangesInArguments(args: FilterArgument[]): Generator<RangeToken> {
  for (const arg of args) {
    const token = Array.isArray(arg) ? arg[1] : arg;
    if (token) yield* rangesIn(token);
  }
}

/** Every range in an argument of a tag or output, however deep in its expression and filters. */
function* rangesIn(node: unknown): Generator<RangeToken> {
  if (TypeGuards.isRangeToken(node)) {
    yield node;
    yield* rangesIn(node.lhs);
    yield* rangesIn(node.rhs);
  } else if (node instanceof Value || TypeGuards.isFilteredValueToken(node)) {
    for (const token of node.initial.postfix) yield* rangesIn(token);
    for (const filter of node.filters) yield* rangesInArguments(filter.args as FilterArgument[]);
  }
}

/** A range end written in the template (a number or a quoted number), or undefined for one that comes from a variable. */
function literal(token: Token): number | undefined {
  if (TypeGuards.isNumberToken(token)) return token.content;
  if (TypeGuards.isQuotedToken(token)) return Number(token.content);
  return undefined;
}

/** Numbers a range holds, when both ends are literal; a problem when they are not safe integers or too many. */
function rangeSize(range: RangeToken, limits: StaticLimits): { size?: number; problem?: string } {
  const [low, high] = [literal(range.lhs), literal(range.rhs)];
  const text = range.getText().slice(0, 80);
  for (const end of [low, high]) {
    if (end !== undefined && !Number.isSafeInteger(end))
      return { problem: `the range ${text} has an end that is not a whole number between -(2^53 - 1) and 2^53 - 1` };
  }
  if (low === undefined || high === undefined) return {};
  const size = Math.max(0, high - low + 1);
  if (size > limits.rangeItems)
    return { problem: `the range ${text} holds ${size} numbers (at most ${limits.rangeItems})` };
  return { size };
}

/** The first bound the parsed template breaks, in words, or undefined. */
export function staticBoundProblem(templates: Template[], limits: StaticLimits): string | undefined {
  // Iterative: a deeply nested template must not overflow the stack here.
  const pending: { template: Template; runs: number }[] = templates.map((template) => ({ template, runs: 1 }));
  while (pending.length > 0) {
    const { template, runs } = pending.pop()!;
    let bodyRuns = runs;
    for (const argument of template.arguments?.() ?? []) {
      for (const range of rangesIn(argument)) {
        const { size, problem } = rangeSize(range, limits);
        if (problem) return problem;
        const isLoopCollection =
          (template instanceof ForTag || template instanceof TablerowTag) && template.collection === range;
        if (isLoopCollection && size !== undefined) bodyRuns = runs * size;
      }
    }
    if (bodyRuns > limits.loopIterations)
      return `loops over literal ranges would run their bodies ${bodyRuns} times (at most ${limits.loopIterations})`;
    const children = template.children ? toValueSync(template.children(false, true)) : [];
    for (const child of children) pending.push({ template: child, runs: bodyRuns });
  }
  return undefined;
}
