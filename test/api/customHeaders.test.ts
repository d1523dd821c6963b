// Custom headers on a send (docs/sending.md, "Custom headers"): present in the raw message as SES
// received it (the local stack's recorder, tools/stack/sesRecorder.ts) for a single send, a batch
// item and a template send; refused with a field error on `headers.<Name>` when structural, badly
// named, unsafe or past the limits.
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { MESSAGE_ID_HEADER } from '../../core/ses/rawMessages';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { rawHeaders, sesRawMessageOf } from '../helpers/sesRaw';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

let stack: ServiceStack;
let sender: SenderFixture;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack();
  sender = await createSender(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** A real recipient (SES accepts it; the emulator delivers nowhere). */
const reader = () => `reader-${randomUUID().slice(0, 8)}@example.org`;

test('custom headers reach SES as given, next to our own, threading headers included', async () => {
  const headers = {
    'X-Campaign': 'spring-2026',
    'x-entity-ref-id': randomUUID(),
    'In-Reply-To': '<original-1@mail.example.org>',
    References: '<root@mail.example.org> <original-1@mail.example.org>',
    'X-Greeting': 'Grüße, café',
  };
  const res = await send(stack, sender.apiKey, testSendBody(stack, sender.domain, { to: reader(), headers }));
  expect(res.status).toBe(200);
  const id = String(res.json.message_id);

  const got = rawHeaders(await sesRawMessageOf(stack, id));
  expect(got.get('x-campaign')).toEqual(['spring-2026']);
  expect(got.get('x-entity-ref-id')).toEqual([headers['x-entity-ref-id']]);
  expect(got.get('in-reply-to')).toEqual(['<original-1@mail.example.org>']);
  expect(got.get('references')).toEqual(['<root@mail.example.org> <original-1@mail.example.org>']);
  // Non-ASCII travels RFC 2047-encoded.
  expect(got.get('x-greeting')?.[0]).toMatch(/^=\?UTF-8\?/);
  expect(got.get(MESSAGE_ID_HEADER.toLowerCase())).toEqual([id]);
  expect(got.get('from')).toHaveLength(1);
});

test('a batch item and a template send carry their headers too', async () => {
  const batch = await call(`${stack.baseUrl}/api/send/batch`, {
    method: 'POST',
    headers: { 'X-API-Key': sender.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      emails: [
        testSendBody(stack, sender.domain, { to: reader(), headers: { 'X-Batch-Item': 'first' } }),
        testSendBody(stack, sender.domain, { to: reader() }),
      ],
    }),
  });
  expect(batch.status).toBe(200);
  const [first, second] = (batch.json.data as { message_id: string }[]).map((d) => d.message_id);
  expect(rawHeaders(await sesRawMessageOf(stack, first!)).get('x-batch-item')).toEqual(['first']);
  expect(rawHeaders(await sesRawMessageOf(stack, second!)).has('x-batch-item')).toBe(false);

  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'templates', permission: 'full_access' },
    'test',
  );
  const admin = (path: string, body?: unknown) =>
    call(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': secret, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const created = await admin('/api/templates', {
    name: 'Headers',
    alias: 'headers',
    subject: 'Hi {{ name }}',
    html: '<p>Hi</p>',
  });
  expect(created.status).toBe(201);
  expect((await admin(`/api/templates/${String(created.json.id)}/publish`)).status).toBe(200);
  const templated = await send(stack, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: reader(),
    template: { id: 'headers', variables: { name: 'Ann' } },
    headers: { 'X-From-Template-Send': 'yes' },
  });
  expect(templated.status).toBe(200);
  const got = rawHeaders(await sesRawMessageOf(stack, String(templated.json.message_id)));
  expect(got.get('x-from-template-send')).toEqual(['yes']);
  expect(got.get('subject')).toEqual(['Hi Ann']);
});

describe('refused with a field error on the header', () => {
  const refused = async (headers: unknown, fields: string[]): Promise<ApiResponse> => {
    const res = await send(stack, sender.apiKey, testSendBody(stack, sender.domain, { headers }));
    expect(res.status).toBe(400);
    documented('/api/send/', 'post', res);
    expect(Object.keys(res.json.errors as object).sort()).toEqual([...fields].sort());
    return res;
  };
  test.each([
    ['From', { From: 'eve@example.org' }],
    ['bcc', { bcc: 'victim@example.org' }],
    ['Content-Type', { 'Content-Type': 'text/html' }],
    ['DKIM-Signature', { 'DKIM-Signature': 'v=1' }],
    ['X-SES-CONFIGURATION-SET', { 'X-SES-CONFIGURATION-SET': 'other' }],
    ['X-Postage-Message-Id', { 'X-Postage-Message-Id': 'forged' }],
    ['ARC-Seal', { 'ARC-Seal': 'i=1' }],
    ['Return-Path', { 'Return-Path': '<elsewhere@example.org>' }],
  ])('a structural header: %s', async (name, headers) => {
    await refused(headers, [`headers.${name}`]);
  });

  test('List-Unsubscribe points at the unsubscribe option', async () => {
    const res = await refused({ 'List-Unsubscribe': '<https://example.org/u>' }, ['headers.List-Unsubscribe']);
    expect((res.json.errors as Record<string, string[]>)['headers.List-Unsubscribe']![0]).toContain('`unsubscribe`');
  });

  test('bad names and values', async () => {
    await refused({ 'Bad Name': 'x' }, ['headers.Bad Name']);
    await refused({ 'X-Colon:': 'x' }, ['headers.X-Colon:']);
    await refused({ 'X-Ünicode': 'x' }, ['headers.X-Ünicode']);
    await refused({ ['X-' + 'a'.repeat(80)]: 'x' }, [`headers.X-${'a'.repeat(80)}`]);
    await refused({ 'X-Inject': 'a\r\nBcc: victim@example.org' }, ['headers.X-Inject']);
    await refused({ 'X-Empty': '' }, ['headers.X-Empty']);
    await refused({ 'X-Long': 'a'.repeat(999) }, ['headers.X-Long']);
    await refused({ 'X-Number': 7 }, ['headers.X-Number']);
    await refused({ 'X-Twice': 'a', 'x-twice': 'b' }, ['headers.x-twice']);
  });

  test('the count and total size', async () => {
    await refused(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'x'])), ['headers']);
    await refused(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`X-H${i}`, 'a'.repeat(990)])), ['headers']);
  });
});
