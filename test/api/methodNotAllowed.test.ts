// Every path of /openapi.json asked with a method the document does not list (TRACE and OPTIONS
// included) answers 405 in the error shape, with `Allow` naming exactly the documented methods,
// before credentials are looked at. Requests go through node:http: fetch refuses TRACE.
import http from 'node:http';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { createSender, type SenderFixture } from '../helpers/fixtures';

let stack: ServiceStack;
let sender: SenderFixture;
let paths: Record<string, Record<string, unknown>>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

interface RawAnswer {
  status: number;
  allow: string | undefined;
  body: string;
}

function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${stack.baseUrl}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A concrete path for a template: each `{parameter}` becomes one segment. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x1');

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  sender = await createSender(stack.db);
  const res = await fetch(`${stack.baseUrl}/openapi.json`);
  paths = ((await res.json()) as { paths: typeof paths }).paths;
}, 60_000);
afterAll(async () => stack?.stop());

test('every documented path answers an undocumented method with 405 and Allow, with or without credentials', async () => {
  const wrong: string[] = [];
  let asked = 0;
  for (const [template, item] of Object.entries(paths)) {
    const documented = Object.keys(item).map((m) => m.toUpperCase());
    for (const method of METHODS.filter((m) => !documented.includes(m))) {
      for (const headers of [{}, { 'X-API-Key': sender.apiKey }] as Record<string, string>[]) {
        asked++;
        const answer = await raw(method, concrete(template), headers);
        const body = answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
        if (
          answer.status !== 405 ||
          answer.allow !== documented.join(', ') ||
          body.error !== 'method_not_allowed' ||
          body.success !== false
        ) {
          wrong.push(
            `${method} ${template}: ${answer.status} Allow=${String(answer.allow)} ${answer.body.slice(0, 80)}`,
          );
        }
      }
    }
  }
  expect(wrong).toEqual([]);
  expect(asked).toBeGreaterThan(200);
});

test('TRACE on the send endpoint is a 405 naming POST, not a 404', async () => {
  const answer = await raw('TRACE', '/api/send/', { 'X-API-Key': sender.apiKey });
  expect(answer.status).toBe(405);
  expect(answer.allow).toBe('POST');
  expect(JSON.parse(answer.body)).toEqual({
    success: false,
    error: 'method_not_allowed',
    detail: 'Use POST on this endpoint.',
  });
});

test('a documented method still reaches its handler, and HEAD is GET without a body', async () => {
  expect((await raw('GET', '/api/domains', { 'X-API-Key': sender.apiKey })).status).toBe(403); // a sending key on management
  expect((await raw('POST', '/api/domains')).status).toBe(401);
  const head = await raw('HEAD', '/api/me/', { 'X-API-Key': sender.apiKey });
  expect(head.status).toBe(200);
  expect((await raw('HEAD', '/api/send/')).status).toBe(405);
});
