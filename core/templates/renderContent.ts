// Rendering a template's three parts into a message's subject, HTML and text, in a render thread
// (renderWorker.ts). What a render produces meets the rules of a message written by hand: the
// subject is one header line (a variable can never add a header), no part holds NUL. Text is
// derived from the HTML (html-to-text) when the template has none: that too is tenant-sized work,
// so it runs here and not on the API's event loop.
import { convert } from 'html-to-text';
import { HEADER_SAFE, MAX_SUBJECT_LENGTH } from '../model/messageContent';
import { renderField, TemplateRenderError } from './templateLanguage';
import type { TemplateContent } from './templates';

export interface RenderedTemplate {
  subject: string;
  html: string;
  text: string;
}

/** What a subject must be: one line of a mail header, as a hand-written send's is. */
const headerSafe = new RegExp(HEADER_SAFE);

/** Headings as written: html-to-text upper-cases them by default, which reads as shouting in a mail client. */
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/** Text for an email's plain part, from its HTML: links keep their address, images their alt text. */
export function textFromHtml(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }, ...HEADINGS],
  });
}

/** Renders the three parts with `variables`; a problem is a TemplateRenderError with what to fix. */
export async function renderTemplateContent(
  content: TemplateContent,
  variables: Record<string, unknown>,
): Promise<RenderedTemplate> {
  const subject = (await renderField('subject', content.subject, variables)).trim();
  const html = await renderField('html', content.html, variables);
  const text = content.text !== null ? await renderField('text', content.text, variables) : textFromHtml(html);
  if (!headerSafe.test(subject))
    throw new TemplateRenderError(
      'invalid',
      'The rendered subject holds a line break or another control character; subject variables must be one line.',
    );
  if (subject.length > MAX_SUBJECT_LENGTH)
    throw new TemplateRenderError('invalid', `The rendered subject is longer than ${MAX_SUBJECT_LENGTH} characters.`);
  if (html.includes('\0') || text.includes('\0'))
    throw new TemplateRenderError('invalid', 'The rendered message holds a NUL character.');
  return { subject, html, text };
}
