// No template can stall the API: templates render in worker threads with a wall-clock budget, a
// heap bound and bounds checked before rendering, so a hostile template is refused while /healthz
// and another account's templated send are answered first; a batch has one render budget for
// all its emails; one account's renders in flight are capped; previews and test sends are rate
// limited per account; a preview of a version that does not exist is a 404. Against the in-process
// stack (jest) and, once, an API started as its own process under tsx.
import { performance } from 'node:perf_hooks';
import { createApiKey } from '../../core/accounts/apiKeys';
import { startApiProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, send, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

/**
 * Small enough to reach in a test; the heap bound is the default. The budget per render is twice
 * the default, so the other account's send has room to finish first on a loaded machine (it lost
 * that race under load with 2 s).
 */
const RENDER_BUDGET_MS = 4_000;
const SETTINGS = {
  TEMPLATE_RENDER_BUDGET_MS: String(RENDER_BUDGET_MS),
  TEMPLATE_BATCH_RENDER_MS: '3000',
  TEMPLATE_RENDERS_PER_ACCOUNT: '3',
  TEMPLATE_PREVIEWS_PER_MINUTE: '5',
};

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ env: SETTINGS });
  documented = await loadOpenApiCheck(stack.baseUrl);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

type Api = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;

/** A full_access key's calls to `baseUrl`, each checked against /openapi.json. */
async function admin(sender: SenderFixture, baseUrl = stack.baseUrl): Promise<Api> {
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return async (method, path, body) => {
    const res = await call(`${baseUrl}${path}`, {
      method,
      headers: { 'X-API-Key': secret, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    documented(
      path.replace(/^\/api\/templates\/[^/?]+/, '/api/templates/{id}'),
      method.toLowerCase() as 'get' | 'post',
      res,
    );
    return res;
  };
}

async function publish(api: Api, alias: string, html: string, subject = 'Hi'): Promise<void> {
  const created = await api('POST', '/api/templates', { name: alias, alias, subject, html });
  expect([alias, created.status]).toEqual([alias, 201]);
  expect((await api('POST', `/api/templates/${alias}/publish`)).status).toBe(200);
}

/** The two templates that each held the event loop about 4 s a preview. */
const HOSTILE: Record<string, string> = {
  'past-2-53': '{% for i in (9007199254740992..9007199254740994) %}{{ i }}{% endfor %}',
  'sort-natural': '{% assign a = (1..9900000) %}{% assign b = a | sort_natural %}',
};
/**
 * The same two with their numbers in variables, which no check before rendering sees. The first
 * grows its range until a thread's heap bound or budget stops it; the second sorts for as long as
 * the machine takes (half a second to seconds), liquidjs refusing it after the sort.
 */
const PAST_2_53: [string, string, Record<string, unknown>] = [
  'past-2-53-var',
  '{% for i in (from..to) %}{{ i }}{% endfor %}',
  { from: 9007199254740992, to: 9007199254740994 },
];
const SORT_NATURAL: [string, string, Record<string, unknown>] = [
  'sort-natural-var',
  '{% assign a = (1..n) %}{% assign b = a | sort_natural %}',
  { n: 9900000 },
];

const testTo = () => `delivered@${stack.config.testDomain}`;
const templateSend = (
  sender: SenderFixture,
  id: string,
  variables: Record<string, unknown> = {},
  baseUrl = stack.baseUrl,
) =>
  send({ baseUrl }, sender.apiKey, { from_email: `hello@${sender.domain}`, to: testTo(), template: { id, variables } });
const fieldsOf = (res: ApiResponse) => Object.keys((res.json.errors as object | undefined) ?? {});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `hostile`, then (once it has had time to start spinning) /healthz and `ordinary`: the
 * names in the order they were answered, and the hostile request's answer and duration.
 */
async function whileHostile(
  baseUrl: string,
  hostile: () => Promise<ApiResponse>,
  ordinary: () => Promise<ApiResponse>,
) {
  const order: string[] = [];
  const noted = <T>(name: string, p: Promise<T>) => p.then((v) => (order.push(name), v));
  const started = performance.now();
  const refused = noted('hostile', hostile()).then((res) => ({ res, ms: performance.now() - started }));
  await sleep(300);
  const [health, other] = await Promise.all([
    noted('healthz', fetch(`${baseUrl}/healthz`)),
    noted('ordinary', ordinary()),
  ]);
  expect([health.status, other.status]).toEqual([200, 200]);
  return { order, ...(await refused) };
}

/** A generous ceiling on a refusal: the budget, plus a thread's start and a loaded machine. */
const WITHIN_BUDGET_MS = RENDER_BUDGET_MS + 10_000;

test('the two hostile templates, previewed and sent, are refused within the budget while /healthz and another account’s send are answered first', async () => {
  const [a, b] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
  const [apiA, apiB] = await Promise.all([admin(a), admin(b)]);
  for (const [alias, html] of Object.entries(HOSTILE)) await publish(apiA, alias, html);
  for (const [alias, html] of [PAST_2_53, SORT_NATURAL]) await publish(apiA, alias, html);
  await publish(apiB, 'ordinary', '<p>Hello {{ name }}</p>', 'Hello {{ name }}');
  const ordinary = () => templateSend(b, 'ordinary', { name: 'Ada' });

  // With their numbers in variables they reach a render thread, which is stopped (or, for the
  // sort, refused by liquidjs once the sort is done) while the API answers everyone else.
  for (const [alias, , variables] of [PAST_2_53, SORT_NATURAL]) {
    // Only the range runs long enough on every machine for the order to be certain.
    const order = alias === PAST_2_53[0] ? ['healthz', 'ordinary', 'hostile'] : expect.arrayContaining(['hostile']);
    const preview = await whileHostile(
      stack.baseUrl,
      () => apiA('POST', `/api/templates/${alias}/preview`, { variables }),
      ordinary,
    );
    expect({ alias, order: preview.order, status: preview.res.status, fields: fieldsOf(preview.res) }).toEqual({
      alias,
      order,
      status: 400,
      fields: ['variables'],
    });
    expect((preview.res.json.errors as Record<string, string[]>).variables![0]).toMatch(
      /took longer than 4000 ms|more than 256 MiB|went past a bound/,
    );
    expect(preview.ms).toBeLessThan(WITHIN_BUDGET_MS);

    const sent = await whileHostile(stack.baseUrl, () => templateSend(a, alias, variables), ordinary);
    expect({ alias, order: sent.order, status: sent.res.status, fields: fieldsOf(sent.res) }).toEqual({
      alias,
      order,
      status: 400,
      fields: ['template.variables'],
    });
    documented('/api/send/', 'post', sent.res);
    expect(sent.ms).toBeLessThan(WITHIN_BUDGET_MS);
  }

  // As written, their ranges are refused before anything renders.
  for (const alias of Object.keys(HOSTILE)) {
    const started = performance.now();
    const [preview, sent, health] = await Promise.all([
      apiA('POST', `/api/templates/${alias}/preview`, { variables: {} }),
      templateSend(a, alias),
      fetch(`${stack.baseUrl}/healthz`),
    ]);
    expect({
      alias,
      preview: [preview.status, fieldsOf(preview)],
      sent: [sent.status, fieldsOf(sent)],
      health: health.status,
    }).toEqual({
      alias,
      preview: [400, ['variables']],
      sent: [400, ['template.variables']],
      health: 200,
    });
    expect((preview.json.errors as Record<string, string[]>).variables![0]).toMatch(/the range \(/);
    expect(performance.now() - started).toBeLessThan(WITHIN_BUDGET_MS);
  }
}, 180_000);

test('a batch spends at most TEMPLATE_BATCH_RENDER_MS rendering: then its emails with a template are refused, the others still sent', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const [alias, html, variables] = PAST_2_53;
  await publish(api, alias, html);
  await publish(api, 'ordinary', '<p>Hello {{ name }}</p>');
  const hostile = { from_email: `hello@${s.domain}`, to: testTo(), template: { id: alias, variables } };
  const emails = [
    ...Array.from({ length: 5 }, () => hostile),
    { from_email: `hello@${s.domain}`, to: testTo(), subject: 'Plain', message: 'No template.' },
    { ...hostile, template: { id: 'ordinary', variables: { name: 'Ada' } } },
  ];
  const started = performance.now();
  const res = await call(`${stack.baseUrl}/api/send/batch`, {
    method: 'POST',
    headers: { 'X-API-Key': s.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ emails }),
  });
  const took = performance.now() - started;
  expect(res.status).toBe(200);
  documented('/api/send/batch', 'post', res);
  const data = res.json.data as { index: number; success: boolean; errors?: Record<string, string[]> }[];
  expect(data.map((d) => [d.index, d.success, Object.keys(d.errors ?? {})])).toEqual([
    [0, false, ['template.variables']],
    [1, false, ['template.variables']],
    [2, false, ['template.variables']],
    [3, false, ['template.variables']],
    [4, false, ['template.variables']],
    [5, true, []],
    [6, false, ['template.variables']],
  ]);
  // Each hostile email runs until its thread's heap bound or budget stops it; once the batch's 3 s
  // are spent, the emails still to render (the ordinary one too) are refused without rendering.
  const spent = /This batch spent its 3000 ms of template rendering/;
  expect(data.filter((d) => spent.test(d.errors?.['template.variables']?.[0] ?? '')).length).toBeGreaterThanOrEqual(2);
  expect(data[6]!.errors!['template.variables']![0]).toMatch(spent);
  expect(took).toBeLessThan(3_000 + 10_000);
}, 120_000);

test('an account with TEMPLATE_RENDERS_PER_ACCOUNT renders in flight is refused more at once: a preview 429, a send 503, both with Retry-After', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const [alias, html, variables] = PAST_2_53;
  await publish(api, alias, html);
  const inFlight = [0, 1, 2].map(() => api('POST', `/api/templates/${alias}/preview`, { variables }));
  await sleep(300);
  const [preview, sent] = await Promise.all([
    api('POST', `/api/templates/${alias}/preview`, { variables }),
    templateSend(s, alias, variables),
  ]);
  expect([preview.status, preview.json.error, preview.headers.get('retry-after')]).toEqual([
    429,
    'too_many_requests',
    '1',
  ]);
  expect(preview.json.detail).toMatch(/already has 3 template renders running or waiting/);
  expect([sent.status, sent.json.error, sent.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '1']);
  documented('/api/send/', 'post', sent);
  for (const res of await Promise.all(inFlight)) expect([res.status, fieldsOf(res)]).toEqual([400, ['variables']]);
}, 120_000);

test('previews and test sends share a per-account allowance a minute: past it, 429 too_many_requests with Retry-After', async () => {
  const [s, other] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
  const [api, otherApi] = await Promise.all([admin(s), admin(other)]);
  for (const each of [api, otherApi]) await publish(each, 'ordinary', '<p>Hello {{ name }}</p>', 'Hello {{ name }}');
  for (let i = 0; i < 4; i++)
    expect((await api('POST', '/api/templates/ordinary/preview', { variables: { name: `n${i}` } })).status).toBe(200);
  const testSend = () =>
    api('POST', '/api/templates/ordinary/test-send', {
      from_email: `hello@${s.domain}`,
      recipient: 'delivered',
      variables: { name: 'Ada' },
    });
  expect((await testSend()).status).toBe(200);
  const preview = await api('POST', '/api/templates/ordinary/preview', { variables: { name: 'x' } });
  expect([preview.status, preview.json.error]).toEqual([429, 'too_many_requests']);
  expect(preview.json.detail).toMatch(/At most 5 template previews and test sends a minute per account/);
  expect(Number(preview.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  const refusedSend = await testSend();
  expect([refusedSend.status, refusedSend.json.error, Number(refusedSend.headers.get('retry-after')) >= 1]).toEqual([
    429,
    'too_many_requests',
    true,
  ]);
  // Another account's allowance is its own.
  expect((await otherApi('POST', '/api/templates/ordinary/preview', { variables: { name: 'x' } })).status).toBe(200);
});

test('previewing a version the template does not have is a 404, like a template that does not exist', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  await publish(api, 'receipt', '<p>v1</p>');
  expect((await api('POST', '/api/templates/receipt/preview', { version: 1 })).status).toBe(200);
  const missing = await api('POST', '/api/templates/receipt/preview', { version: 7 });
  expect([missing.status, missing.json.error, missing.json.detail]).toEqual([
    404,
    'not_found',
    'Not found: template receipt has no version 7.',
  ]);
  const noTemplate = await api('POST', '/api/templates/nope/preview', { version: 1 });
  expect([noTemplate.status, noTemplate.json.error]).toEqual([404, 'not_found']);
});

test('an API started as its own process under tsx renders in its threads too: a hostile preview is stopped while /healthz answers first', async () => {
  const api = await startApiProcess(
    testEnv({ DATABASE_URL: stack.database.url, TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue }),
  );
  try {
    const [a, b] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
    const [apiA, apiB] = await Promise.all([admin(a, api.baseUrl), admin(b, api.baseUrl)]);
    const [alias, html, variables] = PAST_2_53;
    await publish(apiA, alias, html);
    await publish(apiB, 'ordinary', '<p>Hello {{ name }}</p>');
    const preview = await whileHostile(
      api.baseUrl,
      () => apiA('POST', `/api/templates/${alias}/preview`, { variables }),
      () => apiB('POST', '/api/templates/ordinary/preview', { variables: { name: 'Ada' } }),
    );
    expect({ order: preview.order, status: preview.res.status, fields: fieldsOf(preview.res) }).toEqual({
      order: ['healthz', 'ordinary', 'hostile'],
      status: 400,
      fields: ['variables'],
    });
    expect(preview.ms).toBeLessThan(WITHIN_BUDGET_MS);
  } finally {
    await api.stop();
  }
}, 120_000);
