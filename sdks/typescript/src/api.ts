// The API as the generated types describe it (src/generated/openapi.ts, from sdks/openapi.json):
// for a path and a method, its path and query parameters, its JSON body and its success body.
// The resources call the API only through these, so an operation that changes in the document
// (a renamed field, a new required parameter, another answer) breaks the type-check here.
import type { paths } from './generated/openapi.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Path = keyof paths;

/** The methods the document lists for a path. */
export type MethodOf<P extends Path> = { [M in Method]: paths[P][M] extends undefined ? never : M }[Method];

export type Operation<P extends Path, M extends MethodOf<P>> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the operation's success answer (200 or 201). */
export type SuccessBody<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: infer R }
    ? { [S in Extract<keyof R, 200 | 201>]: JsonOf<R[S]> }[Extract<keyof R, 200 | 201>]
    : never;

/** The operation's JSON request body (never when it takes none). */
export type RequestBody<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The operation's path parameters (never when it has none). */
export type PathParams<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { parameters: { path: infer X } } ? X : never;

/** The operation's query parameters (never when it has none). */
export type QueryParams<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
