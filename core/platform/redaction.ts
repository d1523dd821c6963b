// Provider error text can quote the message it refused ("... failed the check: ann@example.org").
// Reasons we keep (email log, Temporal history, logs) pass through here first, so no recipient,
// subject or body survives in them, for either mode.

/**
 * Runs of characters that can belong to an address. Matching `run@run` directly backtracks from
 * every start position (quadratic on a long run without `@`, and SMTP responses are written by
 * remote servers); scanning each maximal run once and testing it is linear.
 */
const ADDRESS_RUN = /[^\s<>()[\]"',;:]+/g;
/** As ADDRESS_RUN, also split at a URL's separators: an address in a path segment or a query value is a run of its own. */
const URL_ADDRESS_RUN = /[^\s<>()[\]"',;:/?&=]+/g;
/** The run holds an `@` (or `%40`, percent-encoded) with something on both sides: it is (or contains) an address. */
const looksLikeAddress = (run: string) => {
  const at = run.indexOf('@', 1);
  if (at !== -1 && at < run.length - 1) return true;
  const encoded = run.toLowerCase().indexOf('%40', 1);
  return encoded !== -1 && encoded < run.length - 3;
};

/** Replaces every email address in `text` (a URL, an attribute, a message) with `[address]`, in linear time. */
export function replaceAddresses(text: string): string {
  return text.replace(URL_ADDRESS_RUN, (run) => (looksLikeAddress(run) ? '[address]' : run));
}
const MAX_REASON_LENGTH = 500;
/** Shorter fragments are left alone: they would blank ordinary words of the error text. */
const MIN_FRAGMENT_LENGTH = 4;

export interface RedactableContent {
  subject?: string;
  text?: string;
  html?: string;
}

function replaceAll(haystack: string, needle: string, replacement: string): string {
  if (needle.length < MIN_FRAGMENT_LENGTH) return haystack;
  return haystack.split(needle).join(replacement);
}

/** Removes email addresses, and the subject and body when given, from provider error text. */
export function redactProviderText(text: string, content: RedactableContent = {}): string {
  let out = text;
  // Longest first, so a subject quoted inside the body is not left half-replaced.
  const fragments: [string | undefined, string][] = [
    [content.html, '[body]'],
    [content.text, '[body]'],
    [content.subject, '[subject]'],
  ];
  for (const [fragment, label] of fragments.sort((a, b) => (b[0]?.length ?? 0) - (a[0]?.length ?? 0))) {
    if (fragment) out = replaceAll(out, fragment.trim(), label);
  }
  out = out.replace(ADDRESS_RUN, (run) => (looksLikeAddress(run) ? '[address]' : run));
  return out.length > MAX_REASON_LENGTH ? `${out.slice(0, MAX_REASON_LENGTH)}…` : out;
}
