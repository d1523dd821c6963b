// What the API shows of receiving email (docs/inbound.md): inbound domains with the MX record to
// publish, their rules. Each returns the static type of its published schema (schemas/inbound.ts).
import type { Static } from '@sinclair/typebox';
import { inboundMxRecord, type InboundDomain } from '../../core/inbound/inboundDomains';
import type { InboundRule } from '../../core/inbound/inboundRules';
import type { Config } from '../../core/platform/config';
import type * as View from '../schemas/inbound';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function presentInboundDomain(
  config: Pick<Config, 'inbound'>,
  domain: InboundDomain,
): Static<typeof View.InboundDomain> {
  const status = domain.mxVerifiedAt ? ('verified' as const) : ('pending' as const);
  return {
    name: domain.name,
    domain: domain.parentName,
    status,
    records: [{ ...inboundMxRecord(config, domain), status }],
    rule_count: domain.ruleCount,
    created_at: new Date(domain.createdAt).toISOString(),
    verified_at: iso(domain.mxVerifiedAt),
    checked_at: iso(domain.mxCheckedAt),
  };
}

export function presentInboundRule(rule: InboundRule): Static<typeof View.InboundRule> {
  return {
    id: rule.id,
    domain: rule.domain,
    match: rule.match,
    kind: rule.kind,
    endpoint_ids: rule.endpointIds,
    created_at: new Date(rule.createdAt).toISOString(),
  };
}
