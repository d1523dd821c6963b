// The rules of an inbound domain (docs/inbound.md, "Rules"): which local parts it receives, and
// which webhook endpoints get them. The match patterns and their precedence are routing.ts's;
// this module stores rules. `endpoint_ids` empty means every active endpoint subscribed to
// `email.received` when the message arrives; a list names up to 10 of the account's endpoints,
// each subscribed to `email.received` when the rule is made.
import type { InboundRuleKind } from '../model/inbound';
import { recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isUuid } from '../platform/ids';
import type { InboundDomain } from './inboundDomains';
import { parseRuleMatch } from './routing';

/** Endpoints one rule may name. */
export const MAX_RULE_ENDPOINTS = 10;
/** The event a rule's endpoints must be subscribed to. */
const RECEIVED_EVENT = 'email.received';

export interface InboundRule {
  id: string;
  inboundDomainId: string;
  domain: string;
  match: string;
  kind: InboundRuleKind;
  endpointIds: string[];
  createdAt: Date;
}

interface InboundRuleRow {
  id: string;
  inbound_domain_id: string;
  match: string;
  kind: InboundRuleKind;
  endpoint_ids: string[];
  created_at: Date;
}

const toRule = (domain: Pick<InboundDomain, 'name'>, r: InboundRuleRow): InboundRule => ({
  id: r.id,
  inboundDomainId: r.inbound_domain_id,
  domain: domain.name,
  match: r.match,
  kind: r.kind,
  endpointIds: r.endpoint_ids,
  createdAt: r.created_at,
});

/** Rules in the order they take precedence (routing.ts chooseRule): addresses, tags, the catch-all; then by match. */
const PRECEDENCE = `CASE kind WHEN 'address' THEN 0 WHEN 'tag' THEN 1 ELSE 2 END`;

/**
 * Checks the endpoints a rule names: the account's, each subscribed to `email.received` (active or
 * not: a paused endpoint gets the messages once switched back on). Anything else is
 * `invalid_endpoints` (422), naming the ids, whether they do not exist, are another account's or
 * are not subscribed: all read alike.
 */
async function checkedEndpointIds(db: Db, accountId: string, endpointIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(endpointIds.map((id) => id.toLowerCase()))];
  if (ids.length > MAX_RULE_ENDPOINTS)
    throw new PostageError(
      'invalid_endpoints',
      `a rule names at most ${MAX_RULE_ENDPOINTS} endpoints (none: every endpoint subscribed to ${RECEIVED_EVENT})`,
    );
  const wellFormed = ids.filter(isUuid);
  const subscribed = new Set(
    wellFormed.length === 0
      ? []
      : await db('webhook_endpoints')
          .where({ account_id: accountId })
          .whereIn('id', wellFormed)
          .whereRaw('? = ANY(events)', [RECEIVED_EVENT])
          .pluck<string[]>('id'),
  );
  const refused = ids.filter((id) => !subscribed.has(id));
  if (refused.length > 0)
    throw new PostageError(
      'invalid_endpoints',
      `${refused.join(', ')}: not ${refused.length === 1 ? 'an endpoint' : 'endpoints'} of this account subscribed to ${RECEIVED_EVENT}; subscribe ${refused.length === 1 ? 'it' : 'them'} first, or leave endpoint_ids empty for every subscribed endpoint`,
    );
  return ids;
}

/**
 * Adds a rule to an inbound domain. Refusals: `invalid_rule_match` (400 on `match`),
 * `invalid_endpoints` (422), `inbound_rule_exists` (409: the domain has a rule with this match).
 */
export async function createInboundRule(
  db: Db,
  domain: InboundDomain,
  input: { match: string; endpointIds?: readonly string[] },
  actor: string,
): Promise<InboundRule> {
  const { match, kind } = parseRuleMatch(input.match);
  const endpointIds = await checkedEndpointIds(db, domain.accountId, input.endpointIds ?? []);
  return db.transaction(async (trx) => {
    const [row] = await trx<InboundRuleRow>('inbound_rules')
      .insert({
        account_id: domain.accountId,
        inbound_domain_id: domain.id,
        match,
        kind,
        endpoint_ids: endpointIds,
      } as Partial<InboundRuleRow>)
      .onConflict(['inbound_domain_id', 'match'])
      .ignore()
      .returning('*');
    if (!row)
      throw new PostageError(
        'inbound_rule_exists',
        `${domain.name} already has a rule matching ${match}: delete it first to change where it goes`,
      );
    await recordAudit(trx, {
      accountId: domain.accountId,
      actor,
      action: 'inbound_rule.add',
      details: { inbound_domain: domain.name, rule_id: row.id, match, endpoint_ids: endpointIds },
    });
    return toRule(domain, row);
  });
}

/** The domain's rules, in precedence order. */
export async function listInboundRules(db: Db, domain: InboundDomain): Promise<InboundRule[]> {
  const rows = await db<InboundRuleRow>('inbound_rules')
    .where({ inbound_domain_id: domain.id })
    .orderByRaw(`${PRECEDENCE}, match`);
  return rows.map((r) => toRule(domain, r));
}

/** Deletes one of the domain's rules; another domain's (or no) rule is `inbound_rule_not_found`. */
export async function deleteInboundRule(db: Db, domain: InboundDomain, ruleId: string, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = isUuid(ruleId)
      ? await trx<InboundRuleRow>('inbound_rules')
          .where({ id: ruleId, inbound_domain_id: domain.id })
          .delete()
          .returning('*')
      : [];
    if (!row) throw new PostageError('inbound_rule_not_found', `no rule ${ruleId} on ${domain.name}`);
    await recordAudit(trx, {
      accountId: domain.accountId,
      actor,
      action: 'inbound_rule.delete',
      details: { inbound_domain: domain.name, rule_id: row.id, match: row.match },
    });
  });
}
