// The typed bridge between the resources and src/http.ts: `call('get', '/api/emails/{message_id}', ...)`
// takes exactly the parameters and body the document gives that operation and resolves with its
// success body, all read from the generated types.
import type { MethodOf, Path, PathParams, QueryParams, RequestBody, SuccessBody } from './api.js';
import {
  fillPath,
  request,
  type AnswerKind,
  type HttpSettings,
  type RequestOptions,
  type RetryMode,
  type StreamedAnswer,
} from './http.js';

type Slot<Name extends string, T> = [T] extends [never] ? { [K in Name]?: undefined } : { [K in Name]: T };

export type CallArgs<P extends Path, M extends MethodOf<P>> = Slot<'path', PathParams<P, M>> &
  ([QueryParams<P, M>] extends [never] ? { query?: undefined } : { query?: QueryParams<P, M> | undefined }) &
  Slot<'body', RequestBody<P, M>> & {
    headers?: Record<string, string>;
    /** Default: `safe` for GET, `unsent` for writes (see src/http.ts). */
    retry?: RetryMode;
  };

/** One request of `Postage.request`. */
export interface RawRequest {
  /** `get`, `post`, `put`, `patch` or `delete` (any case). */
  method: string;
  /** The path, as the API reference writes it (`/api/domains/{name}`) with `params`, or filled in. */
  path: string;
  /** The values of the path's `{name}` parameters (each URL-encoded). */
  params?: Record<string, string>;
  /** Query parameters; undefined and null ones are left out. */
  query?: Record<string, unknown>;
  /** The JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** What the success answer holds: `json` (default), `bytes` (a received message's raw form) or `none` (a 204). */
  answer?: AnswerKind;
}

export class Caller {
  constructor(readonly settings: HttpSettings) {}

  call<P extends Path, M extends MethodOf<P>>(
    method: M,
    path: P,
    args: CallArgs<P, M>,
    options?: RequestOptions,
  ): Promise<SuccessBody<P, M>> {
    return this.send(method, path, args, 'json', options);
  }

  /** An operation whose success answer is bytes (a received message's raw form), not JSON. */
  bytes<P extends Path, M extends MethodOf<P>>(
    method: M,
    path: P,
    args: CallArgs<P, M>,
    options?: RequestOptions,
  ): Promise<Uint8Array> {
    return this.send(method, path, args, 'bytes', options);
  }

  /** An operation whose success answer is a 204 without a body. */
  noContent<P extends Path, M extends MethodOf<P>>(
    method: M,
    path: P,
    args: CallArgs<P, M>,
    options?: RequestOptions,
  ): Promise<void> {
    return this.send(method, path, args, 'none', options);
  }

  /** An operation whose success answer is read as it comes (server-sent events); the timeout covers the connect. */
  stream<P extends Path, M extends MethodOf<P>>(
    method: M,
    path: P,
    args: CallArgs<P, M>,
    options?: RequestOptions,
  ): Promise<StreamedAnswer> {
    return this.send(method, path, args, 'stream', options);
  }

  /**
   * Any operation, named by its path template (`/api/emails/{message_id}`) or a filled-in path:
   * the untyped way in for what the resources do not cover (`Postage.request`). A write is retried
   * as a send is when it carries an Idempotency-Key, else only when it never left.
   */
  raw<T>(req: RawRequest, options?: RequestOptions): Promise<T> {
    const method = req.method.toLowerCase();
    const headers = { ...req.headers };
    const idempotent = Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
    return request<T>(
      this.settings,
      {
        method,
        path: fillPath(req.path, req.params),
        query: req.query,
        body: req.body,
        headers,
        retry: method === 'get' || idempotent ? 'safe' : 'unsent',
        answer: req.answer ?? 'json',
      },
      options,
    );
  }

  private send<P extends Path, M extends MethodOf<P>, T>(
    method: M,
    path: P,
    args: CallArgs<P, M>,
    answer: AnswerKind,
    options: RequestOptions | undefined,
  ): Promise<T> {
    const {
      path: params,
      query,
      body,
      headers,
      retry,
    } = args as {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, string>;
      retry?: RetryMode;
    };
    return request<T>(
      this.settings,
      {
        method,
        path: fillPath(path, params),
        query,
        body,
        ...(headers ? { headers } : {}),
        retry: retry ?? (method === 'get' ? 'safe' : 'unsent'),
        answer,
      },
      options,
    );
  }
}
