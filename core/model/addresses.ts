// Email addresses as the API accepts them, and how a recipient is classified
// (docs/test-recipients.md: test-domain addresses, simulator-domain addresses, real traffic).
import addressparser from 'nodemailer/lib/addressparser';

export interface Mailbox {
  address: string; // as given, with the domain lower-cased
  name: string; // display name, '' when none
}

// Deliberately stricter than RFC 5322: the dot-atom subset every provider accepts.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidAddress(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  return LOCAL_PART.test(address.slice(0, at)) && DOMAIN.test(address.slice(at + 1));
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** A domain name as stored and compared: trimmed, lower-cased, without the root's trailing dot. */
export function normaliseDomainName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

export function localPartOf(address: string): string {
  return address.slice(0, address.lastIndexOf('@'));
}

export function containsLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}

export type MailboxError = 'line_break' | 'empty' | 'several' | 'invalid';

/** Parses `addr` or `Name <addr>`; exactly one mailbox, never a group or a list. */
export function parseMailbox(input: string): Mailbox | { error: MailboxError } {
  if (containsLineBreak(input)) return { error: 'line_break' };
  if (!input.trim()) return { error: 'empty' };
  const parsed = addressparser(input);
  if (parsed.length !== 1) return { error: parsed.length === 0 ? 'invalid' : 'several' };
  const only = parsed[0]!;
  if ('group' in only) return { error: (only.group?.length ?? 0) > 1 ? 'several' : 'invalid' };
  if (!isValidAddress(only.address)) return { error: 'invalid' };
  const at = only.address.lastIndexOf('@');
  return { address: `${only.address.slice(0, at)}@${only.address.slice(at + 1).toLowerCase()}`, name: only.name };
}

/** `delayed`: a delay, then the delivery; `opened`/`clicked`: delivered, then an open (and a click on the first link) recorded as tracking records them. */
export type TestOutcome = 'delivered' | 'bounced' | 'complained' | 'delayed' | 'opened' | 'clicked';

export type RecipientKind =
  { kind: 'test'; outcome: TestOutcome } | { kind: 'unknown_test' } | { kind: 'simulator' } | { kind: 'real' };

// A Map, not an object literal: local parts are client input, and `constructor@` or
// `toString@` must not find Object.prototype members.
const TEST_LOCAL_PARTS: ReadonlyMap<string, TestOutcome> = new Map([
  ['delivered', 'delivered'],
  ['success', 'delivered'],
  ['sent', 'delivered'],
  ['bounce', 'bounced'],
  ['bounced', 'bounced'],
  ['complaint', 'complained'],
  ['complained', 'complained'],
  ['delayed', 'delayed'],
  ['opened', 'opened'],
  ['clicked', 'clicked'],
]);

/** Case-insensitive; a `+label` suffix on a test local part is ignored. */
export function classifyRecipient(
  address: string,
  domains: { testDomain: string; simulatorDomain: string },
): RecipientKind {
  const domain = domainOf(address);
  if (domain === domains.simulatorDomain) return { kind: 'simulator' };
  if (domain !== domains.testDomain) return { kind: 'real' };
  const local = localPartOf(address).toLowerCase().split('+')[0]!;
  const outcome = TEST_LOCAL_PARTS.get(local);
  return outcome ? { kind: 'test', outcome } : { kind: 'unknown_test' };
}

/** Key used for the suppression list: the whole address, lower-cased. */
export function suppressionKey(address: string): string {
  return address.toLowerCase();
}
