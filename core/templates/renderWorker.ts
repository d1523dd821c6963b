// The render threads' entry: piscina loads it in each thread of the pool (renderPool.ts), which
// sends it the tasks. Parsing, analysing and rendering a template, which a hostile one can make
// take seconds or unbounded memory, happen here, where the pool can terminate the thread. Answers
// are plain data: an Error's class does not cross the thread boundary.
import type { MessagePort } from 'node:worker_threads';
import { renderTemplateContent, type RenderedTemplate } from './renderContent';
import { TemplateRenderError, TemplateSyntaxError, templateVariables, type TemplateField } from './templateLanguage';
import type { TemplateContent } from './templates';

export type RenderTask =
  /** A message from the template's content (a preview or a send). */
  | { kind: 'render'; content: TemplateContent; variables: Record<string, unknown> }
  /** Whether each field parses, and the variables it reads (saving a template, reading its draft). */
  | { kind: 'analyse'; fields: Partial<Record<TemplateField, string>> };

export type FieldAnalysis = { variables: string[] } | { syntaxError: string };

export type RenderAnswer =
  | { ok: true; rendered: RenderedTemplate }
  | { ok: true; analysis: Partial<Record<TemplateField, FieldAnalysis>> }
  | { ok: false; reason: TemplateRenderError['reason']; message: string };

/** `started` tells the pool the task has a thread: its budget runs from then, not from the queue. */
export default async function handle(task: RenderTask & { started: MessagePort }): Promise<RenderAnswer> {
  task.started.postMessage(null);
  task.started.close();
  if (task.kind === 'analyse') return { ok: true, analysis: analyse(task.fields) };
  try {
    return { ok: true, rendered: await renderTemplateContent(task.content, task.variables) };
  } catch (err) {
    if (err instanceof TemplateRenderError) return { ok: false, reason: err.reason, message: err.message };
    throw err;
  }
}

function analyse(fields: Partial<Record<TemplateField, string>>): Partial<Record<TemplateField, FieldAnalysis>> {
  const analysis: Partial<Record<TemplateField, FieldAnalysis>> = {};
  for (const [field, source] of Object.entries(fields) as [TemplateField, string | undefined][]) {
    if (source === undefined) continue;
    try {
      analysis[field] = { variables: templateVariables({ [field]: source }) };
    } catch (err) {
      if (!(err instanceof TemplateSyntaxError)) throw err;
      analysis[field] = { syntaxError: err.message };
    }
  }
  return analysis;
}
