// Rendering a template into a message's subject, HTML and text: for a send (the published
// version, at acceptance) and for a preview (the draft, or a version). What a render produces
// meets the rules of a message written by hand: the subject is one header line (a variable can
// never add a header), no part holds NUL. Text is derived from the HTML (html-to-text) when the
// template has none.
import { convert } from 'html-to-text';
import { HEADER_SAFE, MAX_SUBJECT_LENGTH } from '../model/messageContent';
import type { Db } from '../platform/db';
import { renderField, TemplateRenderError } from './templateLanguage';
import { findTemplateId, templateDraft, templateVersion, type TemplateContent } from './templates';

export interface RenderedTemplate {
  subject: string;
  html: string;
  text: string;
}

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

/** What a subject must be: one line of a mail header, as a hand-written send's is. */
const headerSafe = new RegExp(HEADER_SAFE);

/** Headings as written: html-to-text upper-cases them by default, which reads as shouting in a mail client. */
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/** Text for an email's plain part, from its HTML: links keep their address, images their alt text. */
export function textFromHtml(html: string): string {
  return convert(html, { wordwrap: 78, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }, ...HEADINGS] });
}

/** Renders the three parts with `variables`; a problem is a TemplateRenderError with what to fix. */
export async function renderTemplateContent(content: TemplateContent, variables: Record<string, unknown>): Promise<RenderedTemplate> {
  const subject = (await renderField('subject', content.subject, variables)).trim();
  const html = await renderField('html', content.html, variables);
  const text = content.text !== null ? await renderField('text', content.text, variables) : textFromHtml(html);
  if (!headerSafe.test(subject)) throw new TemplateRenderError('invalid', 'The rendered subject holds a line break or another control character; subject variables must be one line.');
  if (subject.length > MAX_SUBJECT_LENGTH) throw new TemplateRenderError('invalid', `The rendered subject is longer than ${MAX_SUBJECT_LENGTH} characters.`);
  if (html.includes('\0') || text.includes('\0')) throw new TemplateRenderError('invalid', 'The rendered message holds a NUL character.');
  return { subject, html, text };
}

/** `version` null: the draft (a test send). */
export type TemplateSendRender = { ok: true; rendered: RenderedTemplate; template: { id: string; version: number | null } } | { ok: false; errors: TemplateErrors };

/**
 * A send's template, rendered with the published version: an unknown template, one never
 * published, a missing variable or a render past a bound is a 400 on the field to fix.
 */
export async function renderTemplateForSend(db: Db, accountId: string, ref: TemplateReference): Promise<TemplateSendRender> {
  const unknown: TemplateSendRender = { ok: false, errors: { 'template.id': ['No template with this id or alias in the account.'] } };
  const templateId = await findTemplateId(db, accountId, ref.id);
  if (!templateId) return unknown;
  if (ref.draft) {
    const draft = await templateDraft(db, templateId); // undefined: deleted since the lookup
    return draft ? render(draft, ref.variables, { id: templateId, version: null }) : unknown;
  }
  const version = await templateVersion(db, templateId);
  if (!version) return { ok: false, errors: { 'template.id': ['This template has no published version yet: publish it first (POST /api/templates/{id}/publish).'] } };
  return render(version, ref.variables, { id: templateId, version: version.version });
}

async function render(content: TemplateContent, variables: Record<string, unknown>, template: { id: string; version: number | null }): Promise<TemplateSendRender> {
  try {
    return { ok: true, rendered: await renderTemplateContent(content, variables), template };
  } catch (err) {
    if (err instanceof TemplateRenderError) return { ok: false, errors: { 'template.variables': [err.message] } };
    throw err;
  }
}
