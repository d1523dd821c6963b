// Text PostgreSQL cannot store never reaches it from a URL. Every query and path parameter of the
// management API passes one gate (api/middleware/parameters.ts) after authentication: a query
// value holding NUL is a 400 naming the parameter (it was a 500: `GET /api/emails?recipient=%00`);
// a path segment that holds NUL, or that does not even decode (percent-escaped bytes that are not
// UTF-8, once a 500 too), names nothing and is 404 not_found. Other control characters are text
// like any other: they filter to nothing.
import { createApiKey } from '../../core/accounts/apiKeys';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { keyRequest } from '../management/helpers';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

let stack: ServiceStack;
let documented: DocumentedCheck;
let sender: SenderFixture;
let api: ReturnType<typeof keyRequest>;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  documented = await loadOpenApiCheck(stack.baseUrl);
  sender = await createSender(stack.db);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  api = keyRequest(stack.baseUrl, secret);
});

afterAll(async () => {
  await stack?.stop();
});

test('a NUL in any query parameter of a listing is a 400 naming that parameter, in the field-error shape', async () => {
  const { endpoint } = await createEndpoint(
    stack.db,
    stack.config.secretKey,
    sender.account.id,
    'http://127.0.0.1:9/hook',
  );
  const deliveries = `/api/webhooks/${endpoint.id}/deliveries`;
  const cases: [string, string, string][] = [
    ['/api/emails', '?recipient=%00', 'recipient'],
    ['/api/emails', '?from=hello%00world&status=sent', 'from'],
    ['/api/emails', '?cursor=%00', 'cursor'],
    ['/api/emails', '?recipient=a&recipient=%00', 'recipient'], // the second of a repeated name too
    ['/api/suppressions', '?search=x%00y', 'search'],
    ['/api/suppressions', '?cursor=abc%00', 'cursor'],
    ['/api/domains', '?anything=%00', 'anything'], // every parameter, read by the route or not
    ['/api/api-keys', '?limit=%00', 'limit'],
    [deliveries, '?limit=1%00', 'limit'],
  ];
  for (const [path, query, field] of cases) {
    const res = await api('GET', `${path}${query}`);
    expect({ path, query, status: res.status, errors: res.json.errors }).toEqual({
      path,
      query,
      status: 400,
      errors: { [field]: ['Must not contain NUL characters.'] },
    });
    expect(res.json).toMatchObject({
      success: false,
      detail: `The request is invalid (${field}); fix it before retrying.`,
    });
    documented(path.startsWith('/api/webhooks/') ? '/api/webhooks/{id}/deliveries' : path, 'get', res);
  }
  // A parameter whose name holds the NUL is reported as the query's.
  const named = await api('GET', '/api/emails?re%00cipient=a');
  expect([named.status, named.json.errors]).toEqual([400, { _query: ['Must not contain NUL characters.'] }]);
});

test('other control characters and bytes that are not UTF-8 are ordinary text: the filter matches nothing', async () => {
  for (const query of ['?recipient=%01%1F%7F', '?from=%FF%FE', '?recipient=%ED%A0%80']) {
    const res = await api('GET', `/api/emails${query}`);
    expect({ query, status: res.status, emails: res.json.emails }).toEqual({ query, status: 200, emails: [] });
  }
  const res = await api('GET', '/api/suppressions?search=%0D%0A');
  expect([res.status, res.json.suppressions]).toEqual([200, []]);
});

test('a path segment that holds NUL or does not decode names nothing: 404 not_found, never a 500', async () => {
  for (const [method, path] of [
    ['GET', '/api/domains/%00'],
    ['DELETE', '/api/suppressions/x%00%40example.org'],
    ['GET', '/api/emails/%00'],
    ['GET', '/api/domains/%ED%A0%80.example'], // an escaped UTF-16 surrogate: not UTF-8
    ['DELETE', '/api/api-keys/%FF'],
    ['POST', '/api/domains/%E0%A4%A/verify'], // a broken escape
    ['GET', '/api/webhooks/%C0%80/deliveries'], // an overlong NUL
  ] as const) {
    const res = await api(method, path);
    expect({ path, status: res.status, error: res.json.error }).toEqual({ path, status: 404, error: 'not_found' });
  }
});

test('without a valid key the answer is 401 first, whatever the parameters hold', async () => {
  const res = await keyRequest(stack.baseUrl, 'pk_0000000000000000_' + '0'.repeat(64))(
    'GET',
    '/api/emails?recipient=%00',
  );
  expect(res.status).toBe(401);
});

test('a parameter the document refuses is refused: an empty date or choice, text outside the Basic Multilingual Plane, a cursor outside its pattern', async () => {
  const cases: [string, string, string][] = [
    ['/api/emails', '?until=', 'until'],
    ['/api/emails', '?since=&recipient=a', 'since'],
    ['/api/emails', '?status=', 'status'],
    ['/api/audit', '?until=', 'until'],
    ['/api/suppressions', `?search=${encodeURIComponent('😀')}`, 'search'],
    ['/api/emails', `?recipient=${encodeURIComponent('a😀b')}`, 'recipient'],
    ['/api/suppressions', '?cursor=a.b', 'cursor'],
    ['/api/templates', `?cursor=${'A'.repeat(401)}`, 'cursor'],
  ];
  for (const [path, query, field] of cases) {
    const res = await api('GET', `${path}${query}`);
    expect({
      path,
      query,
      status: res.status,
      fields: Object.keys((res.json.errors as object | undefined) ?? {}),
    }).toEqual({ path, query, status: 400, fields: [field] });
    documented(path, 'get', res);
  }
  // Empty text is the same as no filter, as the document allows.
  expect((await api('GET', '/api/suppressions?search=&cursor=')).status).toBe(200);
});
