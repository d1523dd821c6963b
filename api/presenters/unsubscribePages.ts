// The pages of /u/{token} (docs/sending.md, "One-click unsubscribe"): plain HTML, no script, no
// external resource, one inline style allowed by its hash. Nothing in them names the recipient:
// a forwarded link shows no address.
import { createHash } from 'node:crypto';
import type { Response } from 'express';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}' +
  'button{font:inherit;padding:.5rem 1rem;cursor:pointer}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Nothing may load, run or frame the page; its form may post only to its own URL. */
const SECURITY_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

const what = (topic: string | null) =>
  topic === null ? 'all emails from this sender' : `emails about “${escapeHtml(topic)}” from this sender`;

/** GET: asks; the button posts the same URL (the form has no action: it posts where it was loaded from). */
export function confirmationPage(topic: string | null): string {
  return page(
    'Unsubscribe?',
    `<p>Stop receiving ${what(topic)}?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(topic: string | null): string {
  return page('You are unsubscribed', `<p>You will no longer receive ${what(topic)}.</p>`);
}

/** A token that is not ours (or whose account is gone): the same page whatever the reason. */
export function notFoundPage(): string {
  return page('Link not valid', '<p>This unsubscribe link is not valid. Nothing was changed.</p>');
}

export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set(SECURITY_HEADERS).type('html').send(html);
}
