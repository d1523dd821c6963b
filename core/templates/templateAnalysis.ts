// Whether a template's fields parse, and the variables they read, as saving and reading a template
// need them. Both are worked out in the render threads (renderPool.ts): parsing 256 KB can take a
// second and liquidjs's analysis is quadratic in the number of tags. Results are remembered by
// content, so reading a template does not analyse it again.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { PostageError } from '../platform/errors';
import { analyseInPool } from './renderPool';
import type { FieldAnalysis } from './renderWorker';
import { TemplateRenderError, type TemplateField } from './templateLanguage';
import type { TemplateContent } from './templates';

const FIELDS: TemplateField[] = ['subject', 'html', 'text'];

/** Field analyses by field and content hash (a field's analysis depends on nothing else). */
const analyses = new LRUCache<string, FieldAnalysis>({ max: 2_000 });
const keyOf = (field: TemplateField, source: string) =>
  `${field}:${createHash('sha256').update(source).digest('base64')}`;

type Fields = Partial<Record<TemplateField, string>>;

/** The given fields' analyses, from memory where it can; a TemplateRenderError when one took longer than the budget. */
async function analyse(accountId: string, fields: Fields): Promise<Partial<Record<TemplateField, FieldAnalysis>>> {
  const found: Partial<Record<TemplateField, FieldAnalysis>> = {};
  const missing: Fields = {};
  for (const field of FIELDS) {
    const source = fields[field];
    if (source === undefined) continue;
    const known = analyses.get(keyOf(field, source));
    if (known) found[field] = known;
    else missing[field] = source;
  }
  if (Object.keys(missing).length === 0) return found;
  const fresh = await analyseInPool(accountId, missing);
  for (const [field, analysis] of Object.entries(fresh) as [TemplateField, FieldAnalysis][]) {
    analyses.set(keyOf(field, missing[field]!), analysis);
    found[field] = analysis;
  }
  return found;
}

const fieldsOf = (content: Partial<TemplateContent>): Fields =>
  Object.fromEntries(FIELDS.flatMap((f) => (typeof content[f] === 'string' ? [[f, content[f]]] : [])));

/** Every given field parses, within the budget: otherwise a 400 on the field (`invalid_template`). */
export async function checkTemplateContent(accountId: string, content: Partial<TemplateContent>): Promise<void> {
  const fields = fieldsOf(content);
  let analysed: Partial<Record<TemplateField, FieldAnalysis>>;
  try {
    analysed = await analyse(accountId, fields);
  } catch (err) {
    if (!(err instanceof TemplateRenderError)) throw err;
    const only = Object.keys(fields);
    throw new PostageError('invalid_template', err.message, only.length === 1 ? only[0] : undefined);
  }
  for (const field of FIELDS) {
    const analysis = analysed[field];
    if (analysis && 'syntaxError' in analysis)
      throw new PostageError('invalid_template', `Not a valid Liquid template: ${analysis.syntaxError}`, field);
  }
}

/**
 * The variables a draft reads (top-level names, sorted). `strict` (publishing, which stores them):
 * a draft that cannot be analysed within the bounds is a 400. Otherwise (reading) it lists none:
 * only a draft saved before these bounds existed can be such a one.
 */
export async function draftVariables(accountId: string, content: TemplateContent, strict: boolean): Promise<string[]> {
  if (strict) await checkTemplateContent(accountId, content);
  let analysed: Partial<Record<TemplateField, FieldAnalysis>>;
  try {
    analysed = await analyse(accountId, fieldsOf(content));
  } catch (err) {
    if (err instanceof TemplateRenderError) return [];
    throw err;
  }
  const names = new Set<string>();
  for (const analysis of Object.values(analysed))
    if ('variables' in analysis) for (const name of analysis.variables) names.add(name);
  return [...names].sort();
}
