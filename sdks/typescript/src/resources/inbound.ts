// Receiving email (docs/inbound.md): `postage.inbound.domains` (where mail is received),
// `postage.inbound.rules` (which addresses go to which webhook endpoints).
import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import type {
  CreateInboundDomainRequest,
  CreateInboundRuleRequest,
  Deleted,
  InboundDomain,
  InboundDomainList,
  InboundDomainVerification,
  InboundRule,
  InboundRuleList,
} from '../types.js';

/** Inbound domains: verified shared-mode domains, or subdomains of one, that receive mail (full-access key to change them). */
export class InboundDomains {
  constructor(private readonly caller: Caller) {}

  /** The account's inbound domains, with the MX record each publishes and its state. */
  list(options?: RequestOptions): Promise<InboundDomainList> {
    return this.caller.call('get', '/api/inbound-domains', {}, options);
  }

  /**
   * Receives mail at `name`, a verified shared-mode domain of the account or a subdomain of one
   * (`reply.example.com`); the answer holds the MX record to publish. 404 when no such domain,
   * 409 `inbound_domain_exists`, 422 `byoc_domain`.
   */
  create(params: CreateInboundDomainRequest, options?: RequestOptions): Promise<InboundDomain> {
    return this.caller.call('post', '/api/inbound-domains', { body: params }, options);
  }

  /** One inbound domain and its MX record's state. */
  get(name: string, options?: RequestOptions): Promise<InboundDomain> {
    return this.caller.call('get', '/api/inbound-domains/{name}', { path: { name } }, options);
  }

  /** Checks the MX record now (advice only: mail is received as soon as the record routes it). */
  verify(name: string, options?: RequestOptions): Promise<InboundDomainVerification> {
    return this.caller.call('post', '/api/inbound-domains/{name}/verify', { path: { name } }, options);
  }

  /** Stops receiving at `name`; its rules go with it (the messages received there stay). */
  delete(name: string, options?: RequestOptions): Promise<Deleted> {
    return this.caller.call('delete', '/api/inbound-domains/{name}', { path: { name } }, options);
  }
}

/** The rules of an inbound domain: which local parts go to which webhook endpoints. */
export class InboundRules {
  constructor(private readonly caller: Caller) {}

  /** The domain's rules, in order of precedence (addresses, tags, then `*`). */
  list(domain: string, options?: RequestOptions): Promise<InboundRuleList> {
    return this.caller.call('get', '/api/inbound-domains/{name}/rules', { path: { name: domain } }, options);
  }

  /**
   * Routes addresses of `domain` to webhook endpoints: `match` `support` (one address), `reply+*`
   * (`reply` and its `+tag` forms) or `*` (every other address); `endpoint_ids` empty or absent
   * for every endpoint subscribed to `email.received`. 409 `inbound_rule_exists`, 422
   * `invalid_endpoints`.
   */
  create(domain: string, params: CreateInboundRuleRequest, options?: RequestOptions): Promise<InboundRule> {
    return this.caller.call(
      'post',
      '/api/inbound-domains/{name}/rules',
      { path: { name: domain }, body: params },
      options,
    );
  }

  /** Deletes a rule: mail to the addresses only it matched is refused from then on. */
  delete(domain: string, id: string, options?: RequestOptions): Promise<Deleted> {
    return this.caller.call(
      'delete',
      '/api/inbound-domains/{name}/rules/{id}',
      { path: { name: domain, id } },
      options,
    );
  }
}

/** Receiving email (docs/inbound.md): inbound domains and their rules. */
export class Inbound {
  /** Where mail is received. */
  readonly domains: InboundDomains;
  /** Which addresses go to which endpoints. */
  readonly rules: InboundRules;

  constructor(private readonly caller: Caller) {
    this.domains = new InboundDomains(caller);
    this.rules = new InboundRules(caller);
  }
}
