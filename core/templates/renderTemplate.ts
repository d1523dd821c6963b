// A send's template rendered into its subject, HTML and text, at acceptance: the published
// version (or the draft, for a test send), rendered in the render threads (renderPool.ts) like
// every preview. A batch shares one render budget between its emails.
import { performance } from 'node:perf_hooks';
import type { Db } from '../platform/db';
import type { RenderedTemplate } from './renderContent';
import { RenderCapacityError, renderInPool } from './renderPool';
import { TemplateRenderError } from './templateLanguage';
import { findTemplateId, templateDraft, templateVersion, type TemplateContent } from './templates';

/** A send's template reference as the request carries it. */
export interface TemplateReference {
  /** The template's id or alias. */
  id: string;
  variables: Record<string, unknown>;
  /** Render the draft instead of the published version: only a test send from the dashboard does (to a test recipient). */
  draft?: boolean;
}

/** Field errors of a request (`template.id`, `template.variables`), as the API answers them (400). */
export type TemplateErrors = Record<string, string[]>;

/** Milliseconds of rendering a request may spend over all its emails (a batch's), and what it spent. */
export interface RenderBudget {
  totalMs: number;
  spentMs: number;
}

export const renderBudget = (totalMs: number): RenderBudget => ({ totalMs, spentMs: 0 });

/** `version` null: the draft (a test send). `busy`: the account has too many renders in flight; retry. */
export type TemplateSendRender =
  | { ok: true; rendered: RenderedTemplate; template: { id: string; version: number | null } }
  | { ok: false; errors: TemplateErrors }
  | { ok: false; busy: string };

/**
 * A send's template, rendered with the published version: an unknown template, one never
 * published, a missing variable or a render past a bound (its budget, or what is left of its
 * batch's) is a 400 on the field to fix.
 */
export async function renderTemplateForSend(
  db: Db,
  accountId: string,
  ref: TemplateReference,
  budget?: RenderBudget,
): Promise<TemplateSendRender> {
  const unknown: TemplateSendRender = {
    ok: false,
    errors: { 'template.id': ['No template with this id or alias in the account.'] },
  };
  const templateId = await findTemplateId(db, accountId, ref.id);
  if (!templateId) return unknown;
  if (ref.draft) {
    const draft = await templateDraft(db, templateId); // undefined: deleted since the lookup
    return draft ? render(accountId, draft, ref.variables, { id: templateId, version: null }, budget) : unknown;
  }
  const version = await templateVersion(db, templateId);
  if (!version)
    return {
      ok: false,
      errors: {
        'template.id': [
          'This template has no published version yet: publish it first (POST /api/templates/{id}/publish).',
        ],
      },
    };
  return render(accountId, version, ref.variables, { id: templateId, version: version.version }, budget);
}

async function render(
  accountId: string,
  content: TemplateContent,
  variables: Record<string, unknown>,
  template: { id: string; version: number | null },
  budget: RenderBudget | undefined,
): Promise<TemplateSendRender> {
  const spent = () =>
    `This batch spent its ${budget!.totalMs} ms of template rendering; send this email in another request.`;
  if (budget && budget.spentMs >= budget.totalMs) return { ok: false, errors: { 'template.variables': [spent()] } };
  const started = performance.now();
  try {
    return {
      ok: true,
      rendered: await renderInPool(
        accountId,
        content,
        variables,
        budget ? { budgetMs: budget.totalMs - budget.spentMs } : {},
      ),
      template,
    };
  } catch (err) {
    if (err instanceof RenderCapacityError) return { ok: false, busy: err.message };
    if (!(err instanceof TemplateRenderError)) throw err;
    const batchSpent =
      budget !== undefined &&
      budget.spentMs + (performance.now() - started) >= budget.totalMs &&
      err.reason === 'limit';
    return { ok: false, errors: { 'template.variables': [batchSpent ? spent() : err.message] } };
  } finally {
    if (budget) budget.spentMs += performance.now() - started;
  }
}
