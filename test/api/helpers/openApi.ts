// Checks response bodies against the OpenAPI document the API serves at /openapi.json, so a test
// that sees a response also proves the published document describes it.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ApiResponse } from './http';

/** Checks a response against the document's schema for `path` (a template such as `/api/domains/{name}`), method and status. */
export type DocumentedCheck = (
  path: string,
  method: 'post' | 'get' | 'put' | 'patch' | 'delete',
  res: ApiResponse,
) => void;

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface Answer {
  content?: Record<string, unknown>;
}

export async function loadOpenApiCheck(baseUrl: string): Promise<DocumentedCheck> {
  const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Record<string, unknown>;
  // Not strict: the document root carries OpenAPI keywords (info, paths...) that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv); // times are checked as RFC 3339 date-times, as documented
  ajv.addSchema(doc, 'openapi');
  const operations = (doc as { paths: Record<string, Record<string, { responses: Record<string, Answer> }>> }).paths;
  return (path, method, res) => {
    if (res.bytes !== undefined) {
      // An answer without JSON (bytes, or 204's nothing): documented with its own media type, or without content.
      const answer = operations[path]?.[method]?.responses[String(res.status)];
      const media = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const documentedHere = res.status === 204 ? answer !== undefined && !answer.content : !!answer?.content?.[media];
      if (!documentedHere)
        throw new Error(
          `/openapi.json documents no ${res.status} ${media || 'empty'} response for ${method.toUpperCase()} ${path}`,
        );
      return;
    }
    const ref = `openapi#/paths/${pointerEscape(path)}/${method}/responses/${res.status}/content/application~1json/schema`;
    const validate = ajv.getSchema(ref);
    if (!validate)
      throw new Error(`/openapi.json documents no ${res.status} response for ${method.toUpperCase()} ${path}`);
    if (!validate(res.json)) {
      throw new Error(
        `${method.toUpperCase()} ${path} ${res.status} does not match /openapi.json: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.json)}`,
      );
    }
  };
}

/** A response that is an HTML page (the one-click unsubscribe pages): its status, headers and text. */
export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Checks that /openapi.json documents `res` as an HTML page (text/html) of `path`, `method` and its status. */
export type DocumentedPageCheck = (path: string, method: 'get' | 'post', res: PageResponse) => void;

export async function loadOpenApiPageCheck(baseUrl: string): Promise<DocumentedPageCheck> {
  const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  return (path, method, res) => {
    const content = doc.paths[path]?.[method]?.responses[String(res.status)]?.content;
    if (!content?.['text/html'])
      throw new Error(
        `/openapi.json documents no text/html ${res.status} response for ${method.toUpperCase()} ${path}`,
      );
    if (!/^text\/html\b/.test(res.headers.get('content-type') ?? ''))
      throw new Error(`${method.toUpperCase()} ${path} ${res.status} is not text/html`);
  };
}
