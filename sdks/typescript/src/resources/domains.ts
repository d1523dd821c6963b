import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import type {
  CreateDomainRequest,
  Deleted,
  Domain,
  DomainList,
  DomainVerification,
  UpdateDomainRequest,
} from '../types.js';

/** Sending domains (full-access key). */
export class Domains {
  constructor(private readonly caller: Caller) {}

  /** The account's domains with their DNS records and states. */
  list(options?: RequestOptions): Promise<DomainList> {
    return this.caller.call('get', '/api/domains', {}, options);
  }

  /** Claims a domain; the answer lists the records to publish. */
  create(params: CreateDomainRequest, options?: RequestOptions): Promise<Domain> {
    return this.caller.call('post', '/api/domains', { body: params }, options);
  }

  /** One domain and the state of each record. */
  get(name: string, options?: RequestOptions): Promise<Domain> {
    return this.caller.call('get', '/api/domains/{name}', { path: { name } }, options);
  }

  /**
   * Changes the domain's tracking settings (PATCH /api/domains/{name}): `track_opens` and
   * `track_clicks`, the defaults of sends that do not say (shared mode only), and
   * `tracking_subdomain`, a label whose `<label>.<domain>` CNAME (the `tracking` record) makes
   * tracked links use your domain once `verify` has seen it (null removes it).
   */
  update(name: string, params: UpdateDomainRequest, options?: RequestOptions): Promise<Domain> {
    return this.caller.call('patch', '/api/domains/{name}', { path: { name }, body: params }, options);
  }

  /** Deletes the domain (and its SES identity). */
  delete(name: string, options?: RequestOptions): Promise<Deleted> {
    return this.caller.call('delete', '/api/domains/{name}', { path: { name } }, options);
  }

  /** Checks DNS now: ownership, then DKIM; says which required records are missing. */
  verify(name: string, options?: RequestOptions): Promise<DomainVerification> {
    return this.caller.call('post', '/api/domains/{name}/verify', { path: { name } }, options);
  }
}
