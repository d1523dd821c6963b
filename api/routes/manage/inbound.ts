// Receiving email (docs/inbound.md): inbound domains (a verified shared-mode domain or a subdomain
// of one, with the MX record to publish and its check), their rules (which local parts go to which
// webhook endpoints), and the received messages (list, one message, its raw bytes, delete). A
// domain-scoped key reaches only what belongs to its domains: an inbound domain by its parent
// domain, a received message by its inbound domain; the use cases take the scope, and anything
// outside it answers 404 like something that does not exist.
import { createDnsLookup } from '../../../core/domains/dnsLookup';
import {
  createInboundDomain,
  deleteInboundDomain,
  inboundMxRecord,
  listInboundDomains,
  requireInboundDomain,
  verifyInboundDomain,
} from '../../../core/inbound/inboundDomains';
import { createInboundRule, deleteInboundRule, listInboundRules } from '../../../core/inbound/inboundRules';
import {
  deleteInboundMessage,
  getInboundMessage,
  getInboundRaw,
  listInboundMessages,
} from '../../../core/inbound/inboundMessages';
import { PostageError } from '../../../core/platform/errors';
import { ANSWERED, operation } from '../../http/operation';
import { perApp } from '../../http/perApp';
import { presentInboundDomain, presentInboundRule } from '../../presenters/inbound';
import {
  CreateInboundDomainRequest,
  CreateInboundRuleRequest,
  InboundDomain,
  InboundDomainList,
  InboundDomainVerification,
  InboundMessage,
  InboundMessageList,
  InboundRule,
  InboundRuleList,
} from '../../schemas/inbound';
import { Deleted } from '../../schemas/management';
import { page, queryParameters, text, time } from '../../schemas/queryParameters';

const dnsLookup = perApp((deps) => createDnsLookup(deps.config.dns.servers));

export const inboundDomainOperations = [
  operation({
    method: 'get',
    path: '/api/inbound-domains',
    summary: 'The account’s inbound domains, with the MX record each publishes and its state.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'filtered',
    ok: [200, InboundDomainList, 'The inbound domains, by name.'],
    async handler({ deps, caller }) {
      const domains = await listInboundDomains(deps.db, caller.accountId, caller.domainScope);
      return { inbound_domains: domains.map((d) => presentInboundDomain(deps.config, d)) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/inbound-domains',
    summary:
      'Receive mail at a verified shared-mode domain of the account, or at a subdomain of one; answers with the MX record to publish. Add rules to say where its addresses go.',
    description:
      'Receiving starts as soon as the MX record routes mail to Postage and a rule matches; `POST /api/inbound-domains/{name}/verify` only reports whether DNS shows the record. A domain-scoped key may add names under the domains of its scope only (others answer 404). BYOC domains never receive.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'in_scope',
    body: CreateInboundDomainRequest,
    ok: [201, InboundDomain, 'Added: publish its MX record.'],
    more: {
      404: 'No verified shared-mode domain of the account (within a domain-scoped key’s scope) is the name or a parent of it.',
      409: [
        { codes: ['inbound_domain_exists', 'inbound_domain_reserved'] },
        'The name already receives mail, in this account or another; or it is the MAIL FROM domain or the tracking subdomain of one of the account’s domains, whose DNS records sending needs.',
      ],
      422: [{ codes: ['byoc_domain'] }, 'The name is (under) a BYOC domain: BYOC domains never receive.'],
    },
    async handler({ deps, res, caller, body }) {
      const created = await createInboundDomain(
        deps.db,
        { accountId: caller.accountId, name: body.name, domainScope: caller.domainScope },
        caller.actor,
      );
      res.locals.outcome = 'inbound_domain_added';
      return presentInboundDomain(deps.config, created);
    },
  }),
  operation({
    method: 'get',
    path: '/api/inbound-domains/{name}',
    summary: 'One inbound domain, with its MX record and state.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'in_scope',
    ok: [200, InboundDomain, 'The inbound domain.'],
    async handler({ deps, caller, params }) {
      const domain = await requireInboundDomain(deps.db, caller.accountId, params.name, caller.domainScope);
      return presentInboundDomain(deps.config, domain);
    },
  }),
  operation({
    method: 'delete',
    path: '/api/inbound-domains/{name}',
    summary:
      'Stop receiving at the name: its rules are deleted with it. Messages received there stay until they are deleted or expire.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'in_scope',
    ok: [200, Deleted, 'Deleted.'],
    async handler({ deps, res, caller, params }) {
      const domain = await requireInboundDomain(deps.db, caller.accountId, params.name, caller.domainScope);
      await deleteInboundDomain(deps.db, domain, caller.actor);
      res.locals.outcome = 'inbound_domain_deleted';
      return { success: true as const, warnings: [] };
    },
  }),
  operation({
    method: 'post',
    path: '/api/inbound-domains/{name}/verify',
    summary:
      'Check the MX record: verified when one of the name’s MX records names the receiving host. The state follows DNS at each check.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'in_scope',
    ok: [200, InboundDomainVerification, 'Checked.'],
    more: { 502: [{ codes: ['provider_error'] }, 'DNS could not answer; try again.'] },
    async handler({ deps, res, caller, params }) {
      const domain = await requireInboundDomain(deps.db, caller.accountId, params.name, caller.domainScope);
      const check = await verifyInboundDomain(deps.db, deps.config, dnsLookup(deps), domain, caller.actor);
      res.locals.outcome = check.ok ? 'inbound_domain_verified' : 'inbound_domain_pending';
      return {
        inbound_domain: presentInboundDomain(deps.config, check.domain),
        ok: check.ok,
        expected: inboundMxRecord(deps.config, domain).value,
        found: check.found,
      };
    },
  }),
  operation({
    method: 'get',
    path: '/api/inbound-domains/{name}/rules',
    summary: 'The inbound domain’s rules, in order of precedence.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'in_scope',
    ok: [200, InboundRuleList, 'The rules.'],
    async handler({ deps, caller, params }) {
      const domain = await requireInboundDomain(deps.db, caller.accountId, params.name, caller.domainScope);
      return { rules: (await listInboundRules(deps.db, domain)).map(presentInboundRule) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/inbound-domains/{name}/rules',
    summary:
      'Route addresses of the inbound domain to webhook endpoints: `support` (one address), `reply+*` (`reply` and its `+tag` forms) or `*` (every other address).',
    description:
      'A recipient no rule matches is refused at the MX (`550 5.1.1`). Each received message goes, as `email.received`, to the rule’s endpoints that are still active and subscribed when it arrives.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'in_scope',
    body: CreateInboundRuleRequest,
    ok: [201, InboundRule, 'Added.'],
    more: {
      409: [{ codes: ['inbound_rule_exists'] }, 'The inbound domain already has a rule with this match.'],
      422: [
        { codes: ['invalid_endpoints'] },
        'An endpoint is not one of the account’s, or is not subscribed to `email.received`.',
      ],
    },
    async handler({ deps, res, caller, params, body }) {
      const domain = await requireInboundDomain(deps.db, caller.accountId, params.name, caller.domainScope);
      const rule = await createInboundRule(
        deps.db,
        domain,
        { match: body.match, ...(body.endpoint_ids ? { endpointIds: body.endpoint_ids } : {}) },
        caller.actor,
      );
      res.locals.outcome = 'inbound_rule_added';
      return presentInboundRule(rule);
    },
  }),
  operation({
    method: 'delete',
    path: '/api/inbound-domains/{name}/rules/{id}',
    summary: 'Delete a rule: its addresses are refused from then on (unless another rule matches them).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'in_scope',
    ok: [200, Deleted, 'Deleted.'],
    async handler({ deps, res, caller, params }) {
      const domain = await requireInboundDomain(deps.db, caller.accountId, params.name, caller.domainScope);
      await deleteInboundRule(deps.db, domain, params.id, caller.actor);
      res.locals.outcome = 'inbound_rule_deleted';
      return { success: true as const, warnings: [] };
    },
  }),
];

/** The text of every "no such received message" answer: missing, another account's, outside the scope or deleted alike. */
const messageNotFound = (id: string) =>
  new PostageError('inbound_message_not_found', `no received message ${id} in this account`);

export const inboundMessageOperations = [
  operation({
    method: 'get',
    path: '/api/inbound',
    summary:
      'Received messages, newest first: who sent them, to which address, the sender checks. Kept for the content retention (CONTENT_RETENTION_DAYS).',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'filtered',
    query: queryParameters({
      domain: text(253, 'Only messages received for this inbound domain (the whole name).'),
      from: text(320, 'Part of the sender address (the From header or MAIL FROM).'),
      to: text(320, 'Part of the recipient address.'),
      since: time('ISO 8601; received at or after.'),
      until: time('ISO 8601; received before.'),
      ...page(),
    }),
    ok: [200, InboundMessageList, 'A page of received messages.'],
    async handler({ deps, caller, query }) {
      const { domain, from, to, since, until, cursor, limit } = query;
      const page = await listInboundMessages(deps.db, deps.config, {
        accountId: caller.accountId,
        domainScope: caller.domainScope,
        limit,
        ...(cursor ? { cursor } : {}),
        ...(domain ? { domain } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(since ? { since } : {}),
        ...(until ? { until } : {}),
      });
      return { data: page.data, next_cursor: page.nextCursor };
    },
  }),
  operation({
    method: 'get',
    path: '/api/inbound/{id}',
    summary: 'One received message as `email.received` carries it, with its bodies whole and fresh attachment links.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'in_scope',
    ok: [200, InboundMessage, 'The message.'],
    more: {
      404: 'No such received message in this account (also once deleted, or past the content retention).',
    },
    async handler({ deps, caller, params }) {
      const message = await getInboundMessage(deps.db, deps.config, caller.accountId, params.id, caller.domainScope);
      if (!message) throw messageNotFound(params.id);
      return message;
    },
  }),
  operation({
    method: 'get',
    path: '/api/inbound/{id}/raw',
    summary: 'The received message’s bytes exactly as they arrived (RFC 5322), headers included.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'in_scope',
    ok: [200, { type: 'string', format: 'binary', description: 'The message as received.' }, 'The message.'],
    okAnswer: {
      media: 'message/rfc822',
      headers: {
        'Content-Disposition': '`attachment; filename="<id>.eml"`.',
        'X-Content-Type-Options': '`nosniff`.',
      },
    },
    more: { 404: 'No such received message in this account (also once deleted, or past the content retention).' },
    async handler({ deps, res, caller, params }) {
      const raw = await getInboundRaw(deps.db, caller.accountId, params.id, caller.domainScope);
      if (!raw) throw messageNotFound(params.id);
      res
        .status(200)
        .set({
          'Content-Type': 'message/rfc822',
          'Content-Disposition': `attachment; filename="${params.id.toLowerCase()}.eml"`,
          'X-Content-Type-Options': 'nosniff',
          'Content-Length': String(raw.length),
        })
        .end(raw);
      return ANSWERED;
    },
  }),
  operation({
    method: 'delete',
    path: '/api/inbound/{id}',
    summary:
      "Delete a received message now (its attachment links stop working). Its bytes, parsed content and attachments are deleted with it, unless the same message received at another of the account's addresses still has them: they go with the last.",
    who: 'caller',
    role: 'developer',
    scopedKey: 'in_scope',
    ok: [204, { type: 'null' }, 'Deleted.'],
    okAnswer: { headers: {} },
    async handler({ deps, res, caller, params }) {
      const deleted = await deleteInboundMessage(
        deps.db,
        caller.accountId,
        params.id,
        caller.domainScope,
        caller.actor,
      );
      if (!deleted) throw messageNotFound(params.id);
      res.locals.outcome = 'inbound_message_deleted';
      res.status(204).end();
      return ANSWERED;
    },
  }),
];
