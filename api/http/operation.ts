// One row of the route table (api/routes/operationTable.ts): method, path, who may call, the
// request and answer schemas, the documentation, and the handler, whose input and output types
// are those of the schemas. The Express routes (mountOperations.ts), /openapi.json
// (openapi/managementPaths.ts) and the scoped-key rules (middleware/keyScope.ts) are all read
// from these rows, so an operation is written once.
import type { Static, TSchema } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import type { AnonymousOperation } from '../../core/platform/config';
import type { ScopedKeyAccess } from '../middleware/keyScope';
import type { Role } from '../../core/accounts/roles';
import type { RouteDeps } from './deps';
import type { Caller } from './locals';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A documented answer besides the success: a schema, the error codes it may carry, or one of the shared error shapes. */
export type OtherAnswer = TSchema | { codes: string[] } | 'ValidationError' | 'PlainError';
/** An operation's answers besides the success, by status (`more`). */
export type Answers = Record<number, [OtherAnswer, string]>;

export interface QueryParameter {
  name: string;
  description: string;
  schema: object;
}

/** The handler sent the answer itself (an error with headers, say): nothing more to send. */
export const ANSWERED = Symbol('answered');

/** An answer with a status other than the operation's success status (documented in `more`). */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
}
const REPLY = Symbol('reply');
export function reply<T>(status: number, body: T): Reply {
  return { status, body, [REPLY]: true } as Reply;
}
export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

type Who = 'anyone' | 'caller';

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

/** `{ name: string }` for `/api/domains/{name}`: the handler reads exactly the parameters its path has. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name]: string } & PathParams<Rest> : unknown;

export interface HandlerContext<B, W extends Who, P extends string = string> {
  deps: RouteDeps;
  req: Request;
  res: Response;
  /** The validated request body (defaults applied). */
  body: B;
  /** Path parameters by their name in the path template. */
  params: PathParams<P>;
  /** Who is acting: set for `caller` operations (a session, or a full_access key within its scope). */
  caller: W extends 'caller' ? Caller : Caller | undefined;
}

interface OperationFields<B extends TSchema | undefined, R extends TSchema, W extends Who, P extends string> {
  method: HttpMethod;
  /** The path as /openapi.json writes it: `/api/domains/{name}`. */
  path: P;
  summary: string;
  /**
   * `anyone`: no credentials (sign-up, sign-in, reset; `limit` names its anonymous limit).
   * `caller`: a signed-in session (with its CSRF token on changes) or a full_access API key;
   * `scopedKey` says what a domain-scoped key may do here (middleware/keyScope.ts).
   */
  who: W;
  limit?: AnonymousOperation;
  /** Only a signed-in person may call it (their session, password, membership): a key is answered 404. */
  sessionOnly?: true;
  /** Announced for removal (docs/compatibility.md): `deprecated: true` in the document, Deprecation and Sunset headers on every answer. */
  deprecated?: Deprecation;
  body?: B;
  query?: QueryParameter[];
  ok: [status: number, schema: R, description: string];
  more?: Answers;
  handler: (ctx: HandlerContext<B extends TSchema ? Static<B> : undefined, W, P>) => Promise<Static<R> | Reply | typeof ANSWERED>;
}

/**
 * A `caller` operation says the least role that may call it (core/accounts/roles.ts; a full_access
 * key acts as a developer) and what a domain-scoped key may do there; an `anyone` one says neither.
 */
type ScopedKeyField<W extends Who> = W extends 'caller' ? { role: Role; scopedKey: ScopedKeyAccess } : { role?: undefined; scopedKey?: undefined };

/** A row of the table, type-checked against its own schemas and path, then stored without them. */
export function operation<B extends TSchema | undefined, R extends TSchema, P extends string, W extends Who>(op: OperationFields<B, R, W, P> & ScopedKeyField<W>): AnyOperation {
  // The handler's parameter is checked above; the table only passes it the validated body.
  return op as unknown as AnyOperation;
}

export interface AnyOperation {
  method: HttpMethod;
  path: string;
  summary: string;
  who: Who;
  limit?: AnonymousOperation;
  sessionOnly?: true;
  deprecated?: Deprecation;
  role?: Role;
  scopedKey?: ScopedKeyAccess;
  body?: TSchema;
  query?: QueryParameter[];
  ok: [number, TSchema, string];
  more?: Answers;
  handler: (ctx: HandlerContext<unknown, Who, string>) => Promise<unknown>;
}

/** A part of the API whose operations share a tag in the document and how their bodies are read. */
export interface OperationGroup {
  tag: string;
  /** Largest body accepted, in bytes. */
  bodyLimit: number;
  /** true: a request without a body is read as `{}` (then validated); false: a JSON body is required. */
  bodyOptional: boolean;
  operations: AnyOperation[];
}
