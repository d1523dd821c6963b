import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import { Paginator } from '../pagination.js';
import type {
  CreateSuppressionRequest,
  Deleted,
  Suppression,
  SuppressionAdded,
  SuppressionList,
  SuppressionListParams,
} from '../types.js';

/** The suppression list (full-access key). */
export class Suppressions {
  constructor(private readonly caller: Caller) {}

  /** Every suppressed address, newest first, page after page. */
  list(params: SuppressionListParams = {}, options?: RequestOptions): Paginator<Suppression, SuppressionList> {
    const { cursor, ...filters } = params;
    return new Paginator(
      (next) => this.listPage({ ...filters, ...(next ? { cursor: next } : {}) }, options),
      (page) => page.suppressions,
      cursor,
    );
  }

  /** One page of the list. */
  listPage(params: SuppressionListParams = {}, options?: RequestOptions): Promise<SuppressionList> {
    return this.caller.call('get', '/api/suppressions', { query: params }, options);
  }

  /** Suppresses an address by hand (reason `manual`); `added` is false when it already was. */
  create(params: CreateSuppressionRequest, options?: RequestOptions): Promise<SuppressionAdded> {
    return this.caller.call('post', '/api/suppressions', { body: params }, options);
  }

  /** The address's entry; a 404 `not_found` when sends to it are not refused for suppression. */
  get(address: string, options?: RequestOptions): Promise<Suppression> {
    return this.caller.call('get', '/api/suppressions/{address}', { path: { address } }, options);
  }

  /** Lifts a suppression. */
  delete(address: string, options?: RequestOptions): Promise<Deleted> {
    return this.caller.call('delete', '/api/suppressions/{address}', { path: { address } }, options);
  }
}
