import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import { Paginator } from '../pagination.js';
import type {
  CreateSuppressionRequest,
  Deleted,
  Suppression,
  SuppressionAdded,
  SuppressionEntryParams,
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

  /** Suppresses an address by hand (reason `manual`), for all mail or, with `topic`, for that one-click unsubscribe topic; `added` is false when it already was. */
  create(params: CreateSuppressionRequest, options?: RequestOptions): Promise<SuppressionAdded> {
    return this.caller.call('post', '/api/suppressions', { body: params }, options);
  }

  /**
   * The address's all-mail entry (or, with `{ topic }`, its entry for that topic); a 404 `not_found`
   * when there is none. The second argument also takes the request options, as before 0.2.0
   * (`get(address, { timeoutMs })`); a third argument, if given, overrides them.
   */
  get(
    address: string,
    params: SuppressionEntryParams & RequestOptions = {},
    options?: RequestOptions,
  ): Promise<Suppression> {
    const [query, merged] = splitEntryArgs(params, options);
    return this.caller.call('get', '/api/suppressions/{address}', { path: { address }, query }, merged);
  }

  /** Lifts a suppression: the all-mail entry, or with `{ topic }` the entry for that topic. Arguments as `get`. */
  delete(
    address: string,
    params: SuppressionEntryParams & RequestOptions = {},
    options?: RequestOptions,
  ): Promise<Deleted> {
    const [query, merged] = splitEntryArgs(params, options);
    return this.caller.call('delete', '/api/suppressions/{address}', { path: { address }, query }, merged);
  }
}

/** The request options callers passed second before `topic` existed: never sent as query parameters. */
const REQUEST_OPTION_KEYS = ['timeoutMs', 'maxRetries', 'signal', 'headers'] as const;

function splitEntryArgs(
  params: SuppressionEntryParams & RequestOptions,
  options: RequestOptions | undefined,
): [SuppressionEntryParams, RequestOptions | undefined] {
  const query: Record<string, unknown> = { ...params };
  const fromParams: Record<string, unknown> = {};
  for (const key of REQUEST_OPTION_KEYS)
    if (key in query) {
      fromParams[key] = query[key];
      delete query[key];
    }
  const merged = { ...(fromParams as RequestOptions), ...options };
  return [query as SuppressionEntryParams, Object.keys(merged).length > 0 ? merged : undefined];
}
