// The template language: Liquid (liquidjs; docs/decisions.md says why). Two engines with the same
// bounds: HTML outputs are escaped unless a template writes `| raw`; subject and text are not
// escaped. No template reads a file (`include`/`render` find nothing), an unknown filter or a
// missing variable is an error, and every parse and render is bounded in size, time and memory.
// Parsing, analysing and rendering run in the render threads only (renderWorker.ts), never on the
// API's event loop: they can take seconds on a hostile template.
import { Liquid, type Template } from 'liquidjs';
import { staticBoundProblem } from './staticBounds';

/** One template field: its source, and whether its outputs are HTML-escaped. */
export type TemplateField = 'subject' | 'html' | 'text';

/** Bounds on one parse and one render (liquidjs's DoS limits), and on what a render may produce. */
export const TEMPLATE_LIMITS = {
  /** Characters a template field may hold. */
  sourceChars: 256 * 1024,
  /** Milliseconds one render may take. */
  renderMs: 500,
  /** liquidjs's allocation units (string and array growth) for one render. */
  memory: 20_000_000,
  /** Characters a rendered field may hold (the HTML of an email is clipped above 102 KB by Gmail; this is a hard stop). */
  outputChars: 1024 * 1024,
  /** Numbers a range written in the template, `(1..10)`, may hold; its ends must be safe integers. */
  rangeItems: 10_000,
  /** Times the bodies of loops over written ranges, nested in each other, may run in all. */
  loopIterations: 100_000,
} as const;

const options = {
  strictVariables: true,
  // `{% if coupon %}` with no coupon is false, not an error: optional parts stay optional.
  lenientIf: true,
  strictFilters: true,
  ownPropertyOnly: true,
  // An in-memory set of partials, empty: `include` and `render` never touch the file system.
  templates: {},
  parseLimit: TEMPLATE_LIMITS.sourceChars,
  renderLimit: TEMPLATE_LIMITS.renderMs,
  memoryLimit: TEMPLATE_LIMITS.memory,
} as const;

const engines: Record<TemplateField, Liquid> = {
  subject: new Liquid(options),
  html: new Liquid({ ...options, outputEscape: 'escape' }),
  text: new Liquid(options),
};

/** A template field that does not parse: what is wrong, where. */
export class TemplateSyntaxError extends Error {}

/** Why a render was refused: a variable it needs is missing, or it went past a bound. */
export class TemplateRenderError extends Error {
  constructor(
    readonly reason: 'missing_variable' | 'limit' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** Parses one field; a TemplateSyntaxError says what is wrong. */
export function parseTemplate(field: TemplateField, source: string): Template[] {
  try {
    return engines[field].parse(source);
  } catch (err) {
    throw new TemplateSyntaxError(firstLine(err));
  }
}

/** The variables the fields read (top-level names, sorted), found by liquidjs's static analysis. */
export function templateVariables(fields: Partial<Record<TemplateField, string>>): string[] {
  const names = new Set<string>();
  for (const [field, source] of Object.entries(fields) as [TemplateField, string | undefined][]) {
    if (source === undefined) continue;
    for (const name of engines[field].globalVariablesSync(parseTemplate(field, source))) names.add(name);
  }
  return [...names].sort();
}

/** Renders one field with `variables`, within the bounds. */
export async function renderField(
  field: TemplateField,
  source: string,
  variables: Record<string, unknown>,
): Promise<string> {
  const parsed = parseTemplate(field, source);
  const problem = staticBoundProblem(parsed, TEMPLATE_LIMITS);
  if (problem) throw new TemplateRenderError('limit', `The ${field} cannot be rendered: ${problem}.`);
  let out: unknown;
  try {
    out = await engines[field].render(parsed, variables);
  } catch (err) {
    const message = firstLine(err);
    if ((err as { name?: string }).name === 'UndefinedVariableError') {
      const name = /undefined variable: ([^,]+)/.exec(message)?.[1] ?? 'unknown';
      throw new TemplateRenderError('missing_variable', `Missing variable \`${name}\` (used by the ${field}).`);
    }
    if (/limit exceeded/.test(message))
      throw new TemplateRenderError(
        'limit',
        `Rendering the ${field} went past a bound (${TEMPLATE_LIMITS.renderMs} ms, or memory); make it smaller.`,
      );
    throw new TemplateRenderError('invalid', `The ${field} could not be rendered: ${message}`);
  }
  const text = String(out);
  if (text.length > TEMPLATE_LIMITS.outputChars)
    throw new TemplateRenderError(
      'limit',
      `The rendered ${field} is longer than ${TEMPLATE_LIMITS.outputChars} characters.`,
    );
  return text;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
}
