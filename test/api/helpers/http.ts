// HTTP calls against a running API, as a client would make them.
import { request as httpRequest } from 'node:http';
import type { ServiceStack } from '../../helpers/serviceStack';

export interface ApiResponse {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
  /** The body of an answer that is not JSON by its nature: bytes (a raw message, an attachment), or none (204, or a stream not read). */
  bytes?: Buffer;
}

/** Answers whose body is bytes, not JSON (documented as such): a received message, an attachment. */
const BINARY = /^(message\/rfc822|application\/octet-stream)\b/;

export async function call(url: string, init: RequestInit): Promise<ApiResponse> {
  const res = await fetch(url, init);
  // A stream that never ends on its own (the live events stream): its status and headers are the
  // answer, and the connection is closed rather than read to an end that never comes.
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, json: {}, bytes: Buffer.alloc(0) };
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status === 204 || BINARY.test(res.headers.get('content-type') ?? ''))
    return { status: res.status, headers: res.headers, json: {}, bytes: body };
  const text = body.toString('utf8');
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(
      `${init.method ?? 'GET'} ${url} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`,
    );
  }
  return { status: res.status, headers: res.headers, json };
}

/** POST /api/send/ with a JSON body (or a raw string body) and the given key. */
export function send(
  stack: Pick<ServiceStack, 'baseUrl'>,
  apiKey: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return call(`${stack.baseUrl}/api/send/`, {
    method: 'POST',
    headers: {
      ...(apiKey !== undefined ? { 'X-API-Key': apiKey } : {}),
      'Content-Type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function me(stack: Pick<ServiceStack, 'baseUrl'>, apiKey: string | undefined): Promise<ApiResponse> {
  return call(`${stack.baseUrl}/api/me/`, { headers: apiKey !== undefined ? { 'X-API-Key': apiKey } : {} });
}

/** A minimal valid shared-mode body from `domain` to the test domain's `delivered` address. */
export function testSendBody(
  stack: Pick<ServiceStack, 'config'>,
  domain: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    from_email: `hello@${domain}`,
    to: `delivered@${stack.config.testDomain}`,
    subject: 'Hello',
    message: 'Hi there.',
    ...extra,
  };
}

/** Fires `count` requests at once (real parallel HTTP requests). */
export function inParallel<T>(count: number, request: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => request(i)));
}

/**
 * A request for `link` sent to the test API, naming `link`'s host in the Host header, as a browser
 * that followed the link through DNS would (fetch cannot set Host). The body is JSON when it parses.
 */
export function atHost(
  stack: Pick<ServiceStack, 'baseUrl'>,
  link: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse & { body: Buffer }> {
  const target = new URL(link);
  const server = new URL(stack.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: server.hostname,
        port: server.port,
        method: init.method ?? 'GET',
        path: `${target.pathname}${target.search}`,
        headers: { ...init.headers, Host: target.host },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          } catch {
            // Not JSON (the GIF, an empty redirect): `body` is what there is.
          }
          resolve({ status: res.statusCode ?? 0, headers, json, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${link}: no answer in 10 s`)));
    req.on('error', reject);
    req.end();
  });
}
