// One row of the route table (api/routes/operationTable.ts): method, path, who may call and how
// (a session, an API key, SNS's signature), the gates it passes (limits, the per-key rate limit),
// the request (body, query parameters, headers) and answer schemas, the documentation, and the
// handler, whose input and output types are those of the schemas. The Express routes
// (mountOperations.ts), /openapi.json (openapi/operationPaths.ts) and the scoped-key rules
// (middleware/keyScope.ts) are all read from these rows, so an operation is written once.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import type { ApiKey } from '../../core/accounts/apiKeys';
import type { AnonymousOperation, Config } from '../../core/platform/config';
import type { ScopedKeyAccess } from '../middleware/keyScope';
import type { LimitOwner } from '../middleware/authLimits';
import type { Role } from '../../core/accounts/roles';
import type { RouteDeps } from './deps';
import type { API_ERRORS, ErrorCode } from './errors';
import type { Caller } from './locals';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What the document's texts and the rows' limits may depend on: the deployment's limits. */
export type DocumentConfig = Pick<Config, 'api' | 'limits' | 'webhooks'>;
/** A value of the row, fixed or read from the deployment's settings. */
export type FromConfig<T> = T | ((config: DocumentConfig) => T);
/** A text of the document. */
export type Text = FromConfig<string>;

export function fromConfig<T>(value: FromConfig<T>, config: DocumentConfig): T {
  return typeof value === 'function' ? (value as (config: DocumentConfig) => T)(config) : value;
}

export type StatusOf<C extends ErrorCode> = (typeof API_ERRORS)[C]['status'];
/** The codes the error table (api/http/errors.ts) answers with status `S`. */
export type CodesAt<S extends number> = { [C in ErrorCode]: StatusOf<C> extends S ? C : never }[ErrorCode];
/** Every status an operation may answer with. */
export type AnswerStatus = 200 | 201 | 202 | 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503;

/**
 * An answer besides the success, or one of the shared gates' described for this operation: under
 * its status, error codes (each must be one the error table gives that status: a code under
 * another status does not compile), a schema, one of the shared error shapes, or only the words
 * describing the gates' answer. Codes join the gates' codes of the status; a schema replaces them.
 */
export type OtherAnswer<S extends number> =
  | Text
  | readonly [
      shape: { readonly codes: readonly CodesAt<S>[] } | TSchema | 'ValidationError' | 'PlainError',
      description: Text,
    ];
export type Answers = { readonly [S in AnswerStatus]?: OtherAnswer<S> };

/** The error codes an operation's answers list. */
export type CodesOf<M> = {
  [S in keyof M]-?: M[S] extends readonly [{ readonly codes: readonly (infer C extends ErrorCode)[] }, unknown]
    ? C
    : never;
}[keyof M];

/** The handler sent the answer itself (a session's cookie, a 202 before the work): nothing more to send. */
export const ANSWERED = Symbol('answered');

/** An answer with a status other than the operation's success status (documented in `more`). */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
  /** The stored answer of an earlier request with the same idempotency key (`Idempotent-Replayed: true`). */
  readonly replayed?: true;
}
const REPLY = Symbol('reply');
export function reply<T>(status: number, body: T): Reply {
  return { status, body, [REPLY]: true } as Reply;
}
/** The answer an `idempotent` operation gave an earlier request with this key, sent again as it was stored. */
export function replayed(body: unknown): Reply {
  return { status: 200, body, replayed: true, [REPLY]: true } as Reply;
}
export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/** A refusal in the error shape: its status is the error table's; the mount sends it. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly detail: string;
  /** Seconds to wait before trying again (`Retry-After`). */
  readonly retryAfter?: number;
}
const REFUSAL = Symbol('refusal');
/** The handler's way to refuse: only with a code its row documents (or the gates do). */
export type Refuse<C extends ErrorCode> = (code: C, detail: string, options?: { retryAfter?: number }) => Refusal;
export const refusal: Refuse<ErrorCode> = (code, detail, options = {}) =>
  ({ code, detail, ...options, [REFUSAL]: true }) as Refusal;
export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && REFUSAL in value;
}

/**
 * - `anyone`: no credentials (sign-up, sign-in, reset; `limit` names its anonymous limit); the
 *   session, when there is one, is read.
 * - `caller`: a signed-in session (with its CSRF token on changes) or a full_access API key;
 *   `scopedKey` says what a domain-scoped key may do here (middleware/keyScope.ts).
 * - `apiKey`: an API key of either permission (X-API-Key), checked before anything else.
 * - `sns`: Amazon SNS, whose signature the handler checks; no key, no session.
 */
export type Who = 'anyone' | 'caller' | 'apiKey' | 'sns';

/** When an operation was deprecated, when it may go, and the changelog entry saying what replaces it. */
export interface Deprecation {
  /** ISO date of the announcement. */
  since: string;
  /** ISO date after which it may be removed (at least 6 months later). */
  sunset: string;
  /** The CHANGELOG.md entry (a URL). */
  link: string;
}

/** The answer headers of a deprecated operation: RFC 9745's Deprecation, RFC 8594's Sunset, and the changelog link. */
export function deprecationHeaders(d: Deprecation): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(Date.parse(d.since) / 1000)}`,
    Sunset: new Date(d.sunset).toUTCString(),
    Link: `<${d.link}>; rel="deprecation"; type="text/html"`,
  };
}

/**
 * A body the handler checks itself (its own messages, rules across fields and headers, its own
 * error shape): read within `limit` and published as `schema`, but not validated before the
 * handler. JSON that cannot be read is a 400 with field errors before the handler; text is read
 * whatever its Content-Type (SNS posts JSON as text/plain) and judged by the handler.
 */
export interface OwnBody {
  /** A form body is read as text, like text/plain (its handler reads no field of it, or parses it). */
  media: 'application/json' | 'text/plain' | 'application/x-www-form-urlencoded';
  schema: FromConfig<object>;
  /** Largest body, in bytes. */
  limit: FromConfig<number>;
}

/** A text body that could not be read (too large, not UTF-8): why, in words. */
export interface UnreadableBody {
  unreadable: string;
}

/** `{ name: string }` for `/api/domains/{name}`: the handler reads exactly the parameters its path has. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

type BodyOf<B, O> = [B] extends [TSchema]
  ? Static<B>
  : [O] extends [{ media: 'text/plain' | 'application/x-www-form-urlencoded' }]
    ? string | UnreadableBody
    : [O] extends [OwnBody]
      ? unknown
      : undefined;
// Without `query`, reading any parameter does not compile.
type QueryOf<Q> = Q extends TObject ? Static<Q> : Record<never, never>;
type ResultOf<R> = R extends TSchema ? Static<R> : unknown;

/** The codes of a management 403 (the caller's gates: permission, CSRF, role) and 404: every `caller` operation documents them. */
export type CallerGateCode =
  | 'not_found'
  | {
      [C in ErrorCode]: (typeof API_ERRORS)[C] extends { status: 403; endpoints: 'management' } ? C : never;
    }[ErrorCode];
/** What any operation may refuse with besides its own codes: the store being unavailable, and a caller's gates' codes. */
type GateCode<W extends Who> = 'service_unavailable' | (W extends 'caller' ? CallerGateCode : never);

export interface HandlerContext<
  B,
  W extends Who,
  P extends string = string,
  Q = Record<string, never>,
  C extends ErrorCode = ErrorCode,
> {
  deps: RouteDeps;
  req: Request;
  res: Response;
  /** The validated request body (defaults applied), or for an `ownBody` the body as read. */
  body: B;
  /** Path parameters by their name in the path template. */
  params: PathParams<P>;
  /** The query parameters the row declares, read and checked (outside production, reading another throws). */
  query: Q;
  /** Who is acting: set for `caller` operations (a session, or a full_access key within its scope). */
  caller: W extends 'caller' ? Caller : Caller | undefined;
  /** The API key of an `apiKey` operation. */
  key: W extends 'apiKey' ? ApiKey : undefined;
  refuse: Refuse<C>;
}

interface OperationFields<
  B extends TSchema | undefined,
  R,
  W extends Who,
  P extends string,
  Q extends TObject | undefined,
  O extends OwnBody | undefined,
  M extends Answers,
> {
  method: HttpMethod;
  /** The path as /openapi.json writes it: `/api/domains/{name}`. */
  path: P;
  /** The document's name of the operation; by default made from the method and path. */
  operationId?: string;
  summary: string;
  description?: Text;
  who: W;
  limit?: AnonymousOperation;
  /** With `limit`: whose windows a request takes (read from its path, before the body); null for a token that is not ours, which takes only its client's (api/middleware/authLimits.ts). */
  limitOwner?: (req: Request, config: Config) => LimitOwner | null;
  /** Only a signed-in person may call it (their session, password, membership): a key is answered 404. */
  sessionOnly?: true;
  /**
   * Reachable by a member whose account requires two-factor sign-in before they turn it on (the
   * setup itself, signing out, switching accounts); every other `caller` operation answers them 403
   * `two_factor_setup_required`.
   */
  beforeTwoFactor?: true;
  /** Announced for removal (docs/compatibility.md): `deprecated: true` in the document, Deprecation and Sunset headers on every answer. */
  deprecated?: Deprecation;
  /** A JSON body validated against this schema before the handler (400 field errors), within its group's limit. */
  body?: B;
  ownBody?: O;
  /** The query parameters (api/schemas/queryParameters.ts), validated before the handler. */
  query?: Q;
  /**
   * Retries are safe with the `Idempotency-Key` header (described so): the handler answers a
   * repeat with `replayed(body)`, sent with `Idempotent-Replayed: true`.
   */
  idempotent?: { header: string };
  ok: [status: number, schema: R, description: Text];
  /**
   * A success that is not JSON (the handler sends it itself and returns ANSWERED): its media type
   * (none: no body, as a redirect) and the headers it carries, each described.
   */
  okAnswer?: OkAnswer;
  /** `anyone` operations that never look at a session (public tracking links): no session store read or write before answering. */
  noSession?: true;
  /** An `anyone` operation of no use to an API key (its link comes from an operation no key may call): `x-postage-api-key: false`, no SDK method. */
  notForKeys?: true;
  more?: M;
  /** Statuses the handler answers with an HTML page (a string schema) instead of JSON. */
  htmlAnswers?: readonly number[];
  handler: (
    ctx: HandlerContext<BodyOf<B, O>, W, P, QueryOf<Q>, CodesOf<M> | GateCode<W>>,
  ) => Promise<ResultOf<R> | Reply | Refusal | typeof ANSWERED>;
}

/**
 * A `caller` operation says the least role that may call it (core/accounts/roles.ts; a full_access
 * key acts as a developer) and what a domain-scoped key may do there; an `apiKey` one whether it
 * is a send (`keyCache`: the key is read through the sends' cache, where the use case checks it
 * again, and on the sending store, with the staging deadline) and whether the per-key rate limit
 * applies (X-RateLimit-* on its answers); a `caller` one may take the per-key rate limit too, for
 * a key (a session takes none).
 */
type WhoFields<W extends Who> = W extends 'caller'
  ? { role: Role; scopedKey: ScopedKeyAccess; keyCache?: undefined; rateLimit?: 'perKey' }
  : W extends 'apiKey'
    ? { role?: undefined; scopedKey?: undefined; keyCache?: true; rateLimit?: 'perKey' }
    : { role?: undefined; scopedKey?: undefined; keyCache?: undefined; rateLimit?: undefined };

/** A row of the table, type-checked against its own schemas, path and answers, then stored without them. */
export function operation<
  P extends string,
  W extends Who,
  B extends TSchema | undefined = undefined,
  R = unknown,
  Q extends TObject | undefined = undefined,
  const O extends OwnBody | undefined = undefined,
  const M extends Answers = Record<never, never>,
>(op: OperationFields<B, R, W, P, Q, O, M> & WhoFields<W>): AnyOperation {
  // The handler's parameter is checked above; the table only passes it what the row declares.
  return op as unknown as AnyOperation;
}

export interface OkAnswer {
  media?: string;
  headers: Record<string, string>;
}

export interface AnyOperation {
  method: HttpMethod;
  path: string;
  operationId?: string;
  summary: string;
  description?: Text;
  who: Who;
  limit?: AnonymousOperation;
  limitOwner?: (req: Request, config: Config) => LimitOwner | null;
  sessionOnly?: true;
  beforeTwoFactor?: true;
  deprecated?: Deprecation;
  role?: Role;
  scopedKey?: ScopedKeyAccess;
  keyCache?: true;
  rateLimit?: 'perKey';
  body?: TSchema;
  ownBody?: OwnBody;
  query?: TObject;
  idempotent?: { header: string };
  ok: [number, object, Text];
  okAnswer?: OkAnswer;
  noSession?: true;
  notForKeys?: true;
  more?: Answers;
  htmlAnswers?: readonly number[];
  handler: (ctx: HandlerContext<unknown, Who, string, Record<string, unknown>>) => Promise<unknown>;
}

/** A part of the API whose operations share a tag in the document and how their bodies and parameters are read. */
export interface OperationGroup {
  /** The document's tag; none for the sending endpoints, as they always were. */
  tag?: string;
  /** Largest `body` accepted, in bytes (operations with an `ownBody` give their own). */
  bodyLimit?: number;
  /** true: a request without a body is read as `{}` (then validated); false: a JSON body is required. */
  bodyOptional?: boolean;
  /**
   * `refuse`: any path segment or query value PostgreSQL cannot store is refused before the
   * handler (404, or 400 naming the parameter: middleware/parameters.ts), whether the operation
   * reads it or not. `ignore`: operations that read no parameters take the request as it is.
   */
  unstorableParameters: 'refuse' | 'ignore';
  operations: AnyOperation[];
}
