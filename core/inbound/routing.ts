// Which account, inbound domain and rule a received recipient belongs to (docs/inbound.md,
// "Rules"): the rule's match patterns, their precedence, and the monthly allowance. The MX
// listener asks at RCPT TO (so refusals are SMTP answers), SES receiving asks per recipient, and
// the receive use case asks again when it stores the message.
import type { InboundRuleKind } from '../model/inbound';
import { utcMonthStart, type Db } from '../platform/db';
import { PostageError } from '../platform/errors';

/** The characters of a local part a rule may name: lower-cased dot-atom text without `+` (the tag separator) or `*`. */
const MATCH_BASE = /^[a-z0-9!#$%&'*/=?^_`{|}~.-]{1,64}$/;

/**
 * A rule's match as stored (lower-cased, trimmed) and its kind: `support` (address), `reply+*`
 * (tag: `reply` and `reply+anything`), `*` (catch-all). Anything else is refused with
 * `invalid_rule_match`.
 */
export function parseRuleMatch(match: string): { match: string; kind: InboundRuleKind } {
  const text = match.trim().toLowerCase();
  if (text === '*') return { match: text, kind: 'catch_all' };
  const refuse = (why: string) =>
    new PostageError(
      'invalid_rule_match',
      `${JSON.stringify(match)} is not a rule match: ${why}; use a local part (\`support\`), a tag pattern (\`reply+*\`) or \`*\``,
    );
  if (text.endsWith('+*')) {
    const base = text.slice(0, -2);
    if (!isMatchBase(base)) throw refuse('the part before `+*` must be a plain local part');
    return { match: text, kind: 'tag' };
  }
  if (text.includes('+')) throw refuse('`+` belongs only before a final `*` (`reply+*`)');
  if (text.includes('*')) throw refuse('`*` stands alone or ends a tag pattern');
  if (!isMatchBase(text)) throw refuse('not a plain local part of at most 64 characters');
  return { match: text, kind: 'address' };
}

function isMatchBase(text: string): boolean {
  // `*` is in the RFC's set but means a pattern here; dots may not lead, trail or double (dot-atom).
  return (
    MATCH_BASE.test(text) && !text.includes('*') && !text.startsWith('.') && !text.endsWith('.') && !text.includes('..')
  );
}

/**
 * The rule for a local part: an `address` rule equal to it; else a `tag` rule whose base is the
 * part before its first `+` (or the whole local part); else the catch-all; else none. Local parts
 * compare case-insensitively.
 */
export function chooseRule<R extends { match: string; kind: InboundRuleKind }>(
  rules: R[],
  localPart: string,
): R | undefined {
  const local = localPart.toLowerCase();
  const plus = local.indexOf('+');
  const base = plus < 0 ? local : local.slice(0, plus);
  return (
    rules.find((r) => r.kind === 'address' && r.match === local) ??
    rules.find((r) => r.kind === 'tag' && r.match === `${base}+*`) ??
    rules.find((r) => r.kind === 'catch_all')
  );
}

export type RecipientRoute =
  | {
      kind: 'routed';
      accountId: string;
      inboundDomainId: string;
      domain: string;
      ruleId: string;
      /** The rule's endpoints (empty: every endpoint subscribed to email.received), kept with the message. */
      endpointIds: string[];
    }
  | { kind: 'not_inbound' }
  | { kind: 'no_rule' }
  | { kind: 'over_allowance' };

/** `local@domain` split at the last `@`, lower-cased; undefined for anything without both parts. */
export function splitRecipient(address: string): { localPart: string; domain: string } | undefined {
  const text = address.trim().replace(/^<|>$/g, '');
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return undefined;
  return {
    localPart: text.slice(0, at).toLowerCase(),
    domain: text
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.$/, ''),
  };
}

/**
 * Where a recipient goes. `not_inbound` when its domain is no inbound domain whose parent is a
 * verified shared-mode domain of the same account (BYOC domains never receive: their content rule
 * forbids keeping content); `no_rule` when no rule matches; `over_allowance` when the account
 * received its plan's `inbound_monthly_quota` this UTC month already (0: the plan receives
 * nothing). A read only: the count itself is taken when the message is stored.
 */
export async function routeRecipient(db: Db, address: string, now = new Date()): Promise<RecipientRoute> {
  const parts = splitRecipient(address);
  if (!parts) return { kind: 'not_inbound' };
  const found = await db('inbound_domains as i')
    .join('domains as d', 'd.id', 'i.domain_id')
    .join('accounts as a', 'a.id', 'i.account_id')
    .leftJoin('plans as p', 'p.name', db.raw(`coalesce(a.plan, 'free')`))
    .leftJoin('inbound_usage as u', function () {
      this.on('u.account_id', '=', 'i.account_id').andOn('u.month', '=', db.raw('?::date', [utcMonthStart(now)]));
    })
    .where('i.name', parts.domain)
    .whereRaw('d.account_id = i.account_id')
    .where('d.sending_mode', 'shared')
    .whereNotNull('d.ownership_verified_at')
    .whereNull('d.released_at')
    .first<{ id: string; account_id: string; name: string; allowance: number | null; used: number | null } | undefined>(
      'i.id',
      'i.account_id',
      'i.name',
      'p.inbound_monthly_quota as allowance',
      'u.count as used',
    );
  if (!found) return { kind: 'not_inbound' };
  const rules = await db('inbound_rules')
    .where({ inbound_domain_id: found.id })
    .select<{ id: string; match: string; kind: InboundRuleKind; endpoint_ids: string[] }[]>(
      'id',
      'match',
      'kind',
      'endpoint_ids',
    );
  const rule = chooseRule(rules, parts.localPart);
  if (!rule) return { kind: 'no_rule' };
  if ((found.used ?? 0) >= (found.allowance ?? 0)) return { kind: 'over_allowance' };
  return {
    kind: 'routed',
    accountId: found.account_id,
    inboundDomainId: found.id,
    domain: found.name,
    ruleId: rule.id,
    endpointIds: rule.endpoint_ids,
  };
}
