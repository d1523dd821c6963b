// Custom headers on a send (docs/sending.md, "Custom headers"): one set of rules for the API's
// `headers` field and the SMTP relay's pass-through (docs/smtp.md, "What a message carries").
// Postage composes every message itself (core/ses/rawMessages.ts), so the headers that say who the
// message is from and to, how its body is encoded, or what the mail system found on its way
// (structural headers) are its own and never taken from a caller.

/** RFC 5322 field name: printable ASCII (33 to 126) except `:`, 1 to 76 characters. */
export const HEADER_NAME = '^[\\x21-\\x39\\x3B-\\x7E]{1,76}$';
export const MAX_HEADER_NAME_LENGTH = 76;
/** One RFC 5322 line; values are unfolded (no CR or LF) and header-safe (HEADER_SAFE). */
export const MAX_HEADER_VALUE_LENGTH = 998;
export const MAX_CUSTOM_HEADERS = 20;
/** Names and values together, in UTF-8 bytes (`name` + `: ` + `value` per header). */
export const MAX_CUSTOM_HEADER_BYTES = 8192;

/** Headers set through the send's `unsubscribe` option (docs/sending.md, "One-click unsubscribe"). */
const UNSUBSCRIBE_HEADERS = ['list-unsubscribe', 'list-unsubscribe-post'];

/** Exact names (lower case) Postage, SES or the mail system sets. */
const STRUCTURAL = [
  'from',
  'sender',
  'reply-to',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'dkim-signature',
  'domainkey-signature',
  'return-path',
  // Bounces must come back to SES's return path, or Postage never learns of them (suppression).
  'bounces-to',
  'errors-to',
  'received',
  'received-spf',
  'authentication-results',
  'feedback-id',
  ...UNSUBSCRIBE_HEADERS,
];
/** Prefixes (lower case): every Content-* header is the composer's, ARC-* and Resent-* are trace headers. */
const STRUCTURAL_PREFIXES = ['content-', 'arc-', 'resent-', 'x-ses-', 'x-postage-'];

const NAME = new RegExp(HEADER_NAME);
// As HEADER_SAFE (core/model/messageContent.ts): no CR, LF or other control characters, TAB allowed.
const VALUE_UNSAFE = /[\x00-\x08\x0A-\x1F\x7F]/;

export function isStructuralHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return STRUCTURAL.includes(lower) || STRUCTURAL_PREFIXES.some((p) => lower.startsWith(p));
}

/**
 * A JSON Schema pattern matching every structural name, case-insensitively (JSON Schema patterns
 * have no flags: each letter becomes `[Aa]`), for /openapi.json to state the rule. Only characters
 * special outside a class are escaped: `\-` is invalid under the `u` flag JSON Schema validators use.
 */
export function structuralHeaderPattern(): string {
  const ci = (s: string) =>
    [...s]
      .map((c) => (/[a-z]/.test(c) ? `[${c.toUpperCase()}${c}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
  return `^(?:${STRUCTURAL.map((n) => `${ci(n)}$`)
    .concat(STRUCTURAL_PREFIXES.map(ci))
    .join('|')})`;
}

/** Why one header may not be sent as given, or undefined. */
export function customHeaderProblem(name: string, value: string): string | undefined {
  if (!NAME.test(name))
    return `A header name is 1 to ${MAX_HEADER_NAME_LENGTH} printable ASCII characters without spaces or \`:\`.`;
  if (UNSUBSCRIBE_HEADERS.includes(name.toLowerCase()))
    return 'List-Unsubscribe headers are set through the `unsubscribe` option of the send.';
  if (isStructuralHeader(name))
    return `${name} is set by Postage (or SES) and cannot be a custom header: see docs/sending.md, "Custom headers".`;
  if (value.length === 0) return 'A header value must not be empty.';
  if (value.length > MAX_HEADER_VALUE_LENGTH) return `A header value is at most ${MAX_HEADER_VALUE_LENGTH} characters.`;
  if (VALUE_UNSAFE.test(value)) return 'Must not contain line breaks or other control characters.';
  return undefined;
}

const utf8 = new TextEncoder();
const headerBytes = (name: string, value: string) => utf8.encode(`${name}: ${value}`).length;

/**
 * The API's check: every problem by header name (a second spelling of a name already given, a
 * structural name, a bad value), and the count and total size; nothing is dropped.
 */
export function checkCustomHeaders(headers: Record<string, string>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  const entries = Object.entries(headers);
  if (entries.length > MAX_CUSTOM_HEADERS)
    problems.push({ field: 'headers', message: `At most ${MAX_CUSTOM_HEADERS} custom headers are allowed.` });
  for (const [name, value] of entries) {
    const problem = customHeaderProblem(name, value);
    if (problem) problems.push({ field: `headers.${name}`, message: problem });
    else if (seen.has(name.toLowerCase()))
      problems.push({
        field: `headers.${name}`,
        message: 'Header names are case-insensitive: this one is given twice.',
      });
    seen.add(name.toLowerCase());
    bytes += headerBytes(name, value);
  }
  if (bytes > MAX_CUSTOM_HEADER_BYTES)
    problems.push({
      field: 'headers',
      message: `Custom headers may total at most ${MAX_CUSTOM_HEADER_BYTES} bytes (name, ": " and value of each; got ${bytes}).`,
    });
  return problems;
}

/**
 * The relay's pass-through: the headers of a submitted message that may travel, in order. Mail
 * clients add structural headers (MIME-Version, Content-*, Received, DKIM-Signature) to every
 * message, so those and any header breaking a rule are left behind rather than refused, as are a
 * second header of a name already kept and whatever comes past the count or size limit
 * (docs/smtp.md, "What a message carries").
 */
export function passThroughHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {};
  const seen = new Set<string>();
  let bytes = 0;
  for (const [name, value] of headers) {
    if (seen.has(name.toLowerCase()) || customHeaderProblem(name, value)) continue;
    if (seen.size >= MAX_CUSTOM_HEADERS || bytes + headerBytes(name, value) > MAX_CUSTOM_HEADER_BYTES) break;
    seen.add(name.toLowerCase());
    bytes += headerBytes(name, value);
    kept[name] = value;
  }
  return kept;
}
