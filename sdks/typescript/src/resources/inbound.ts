// Receiving email (docs/inbound.md): `postage.inbound.domains` (where mail is received),
// `postage.inbound.rules` (which addresses go to which webhook endpoints), and on
// `postage.inbound` itself the received messages (list, get, raw, delete) and their attachments.
import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import { Paginator } from '../pagination.js';
import type {
  CreateInboundDomainRequest,
  CreateInboundRuleRequest,
  Deleted,
  InboundDomain,
  InboundDomainList,
  InboundDomainVerification,
  InboundMessage,
  InboundMessageList,
  InboundMessageListParams,
  InboundMessageSummary,
  InboundRule,
  InboundRuleList,
} from '../types.js';
import type { ReceivedEmailAttachment } from '../webhookVerify.js';

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
   * 409 `inbound_domain_exists` or `inbound_domain_reserved` (the MAIL FROM or tracking name), 422 `byoc_domain`.
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

const ATTACHMENT_PATH = '/inbound/attachments/';

/** The token of an attachment's download link (its `download_url`, or the token itself). */
function attachmentToken(link: string): string {
  const at = link.indexOf(ATTACHMENT_PATH);
  const token = (at < 0 ? link : link.slice(at + ATTACHMENT_PATH.length)).split(/[?#]/)[0]!;
  if (!token || token.includes('/'))
    throw new TypeError(`Postage: ${JSON.stringify(link)} is not an attachment's download_url (nor its token)`);
  // fillPath encodes the token as a path segment: a link's own percent-encoding is undone first.
  try {
    return decodeURIComponent(token);
  } catch {
    throw new TypeError(`Postage: ${JSON.stringify(link)} is not an attachment's download_url (nor its token)`);
  }
}

/**
 * Receiving email (docs/inbound.md): the received messages, newest first, and on `domains` and
 * `rules` where mail is received and where it goes. Reading needs the `viewer` role (any
 * full-access key); a domain-scoped key sees the messages of its domains only.
 */
export class Inbound {
  /** Where mail is received. */
  readonly domains: InboundDomains;
  /** Which addresses go to which endpoints. */
  readonly rules: InboundRules;

  constructor(private readonly caller: Caller) {
    this.domains = new InboundDomains(caller);
    this.rules = new InboundRules(caller);
  }

  /**
   * The received messages, newest first, every page: `for await (const m of postage.inbound.list({ domain: 'reply.example.com' }))`.
   * Filters: `domain`, `from`, `to` (addresses), `since` and `until` (a Date or ISO 8601), `limit` (per page).
   */
  list(
    params: InboundMessageListParams = {},
    options?: RequestOptions,
  ): Paginator<InboundMessageSummary, InboundMessageList> {
    const { cursor, ...filters } = params;
    return new Paginator(
      (next) => this.listPage({ ...filters, ...(next ? { cursor: next } : {}) }, options),
      (page) => page.data,
      cursor,
    );
  }

  /** One page of received messages (`next_cursor` leads to the next). */
  listPage(params: InboundMessageListParams = {}, options?: RequestOptions): Promise<InboundMessageList> {
    const { since, until, ...rest } = params;
    // A Date goes on the wire as ISO 8601 (its toString() is not a time the API reads).
    const iso = (d: string | Date | undefined) => (d instanceof Date ? d.toISOString() : d);
    const query = {
      ...rest,
      ...(since !== undefined ? { since: iso(since) } : {}),
      ...(until !== undefined ? { until: iso(until) } : {}),
    };
    return this.caller.call('get', '/api/inbound', { query }, options);
  }

  /** One received message, whole: the `email.received` payload with `id`, its bodies never cut, fresh attachment links. */
  get(id: string, options?: RequestOptions): Promise<InboundMessage> {
    return this.caller.call('get', '/api/inbound/{id}', { path: { id } }, options);
  }

  /** The message exactly as it was received (`message/rfc822`), as bytes. */
  raw(id: string, options?: RequestOptions): Promise<Uint8Array> {
    return this.caller.bytes('get', '/api/inbound/{id}/raw', { path: { id } }, options);
  }

  /** Deletes the message and its attachments (their links answer 404 from then on). */
  delete(id: string, options?: RequestOptions): Promise<void> {
    return this.caller.noContent('delete', '/api/inbound/{id}', { path: { id } }, options);
  }

  /**
   * An attachment's bytes, from its signed link (`attachment.download_url`, the attachment itself,
   * or the link's token), fetched from this client's API with its timeout and retries. The link
   * needs no key and works until its `expires_at` (then 404 `not_found`: read the message again
   * for a fresh one). The bytes are the sender's: check `sha256`, and never trust the declared type.
   */
  async downloadAttachment(
    attachment: string | Pick<ReceivedEmailAttachment, 'download_url'>,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    const token = attachmentToken(typeof attachment === 'string' ? attachment : attachment.download_url);
    return this.caller.bytes(
      'get',
      '/inbound/attachments/{token}',
      { path: { token }, headers: { Accept: 'application/octet-stream, application/json;q=0.5' } },
      options,
    );
  }
}
