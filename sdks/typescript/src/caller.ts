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
