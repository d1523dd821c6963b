// Request bodies (400 with field errors): what is refused, with which field errors, and what is
// accepted. Limits are lowered for this file so they are cheap to cross.
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { NO_TRACES, tracesOf } from './helpers/traces';

// The rate limit is lifted: this file sends more than 60 requests, and test/api/rateLimit.test.ts owns that rule.
const LIMITS = {
  MAX_BODY_BYTES: '65536',
  MAX_ATTACHMENTS: '3',
  MAX_ATTACHMENT_BYTES: '1000',
  RATE_LIMIT_PER_MINUTE: '1000',
};

let stack: ServiceStack;
let sender: SenderFixture;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false, env: LIMITS });
  sender = await createSender(stack.db);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const valid = (extra: Record<string, unknown> = {}) => testSendBody(stack, sender.domain, extra);

function expectFieldErrors(res: ApiResponse, fields: string[]): void {
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ success: false, detail: expect.any(String), errors: expect.any(Object) });
  expect(res.json).not.toHaveProperty('error');
  expect(Object.keys(res.json.errors as object).sort()).toEqual([...fields].sort());
  documented('/api/send/', 'post', res);
}

describe('refused with field errors', () => {
  const cases: Array<[string, () => unknown, string[]]> = [
    ['no recipient', () => ({ ...valid(), to: undefined }), ['to']],
    ['no sender', () => ({ ...valid(), from_email: undefined }), ['from_email']],
    ['no content at all', () => ({ ...valid(), message: undefined }), ['_body']],
    ['only an empty message', () => valid({ message: '' }), ['_body']],
    ['only an empty attachment list', () => ({ ...valid({ attachments: [] }), message: undefined }), ['_body']],
    ['two recipients, comma-separated', () => valid({ to: 'a@example.org, b@example.org' }), ['to']],
    ['two recipients, semicolon-separated', () => valid({ to: 'a@example.org; b@example.org' }), ['to']],
    ['a group of recipients', () => valid({ to: 'friends: a@example.org, b@example.org;' }), ['to']],
    ['an address without a domain', () => valid({ to: 'someone' }), ['to']],
    ['an address with a bad domain', () => valid({ to: 'someone@-bad-.example' }), ['to']],
    ['a bad sender address', () => valid({ from_email: 'hello at example' }), ['from_email']],
    ['a bad reply-to address', () => valid({ reply_to: 'nobody' }), ['reply_to']],
    ['CRLF in the subject', () => valid({ subject: 'Hi\r\nBcc: victim@example.org' }), ['subject']],
    ['LF in the sender name', () => valid({ from_name: 'Eve\nBcc: victim@example.org' }), ['from_name']],
    ['CR in the recipient', () => valid({ to: 'a@example.org\rBcc: b@example.org' }), ['to']],
    ['LF in the reply-to', () => valid({ reply_to: 'a@example.org\nX: y' }), ['reply_to']],
    [
      'LF in an attachment file name',
      () => valid({ attachments: [{ filename: 'a\n.txt', content: b64('x') }] }),
      ['attachments[0].filename'],
    ],
    ['NUL in the message', () => valid({ message: 'a\u0000b' }), ['message']],
    ['a number as recipient', () => valid({ to: 42 }), ['to']],
    ['an object as subject', () => valid({ subject: { text: 'hi' } }), ['subject']],
    [
      'attachments as an object',
      () => valid({ attachments: { filename: 'a.txt', content: b64('x') } }),
      ['attachments'],
    ],
    [
      'base64 with a line break',
      () => valid({ attachments: [{ filename: 'a.txt', content: `${b64('hello world')}\n` }] }),
      ['attachments[0].content'],
    ],
    [
      'base64 without padding',
      () => valid({ attachments: [{ filename: 'a.txt', content: 'aGk' }] }),
      ['attachments[0].content'],
    ],
    [
      'base64url instead of base64',
      () =>
        valid({
          attachments: [
            {
              filename: 'a.bin',
              content: b64(Buffer.from([0xfb, 0xff]))
                .replace('+', '-')
                .replace('/', '_'),
            },
          ],
        }),
      ['attachments[0].content'],
    ],
    [
      'an attachment without content',
      () => valid({ attachments: [{ filename: 'a.txt' }] }),
      ['attachments[0].content'],
    ],
    [
      'an attachment without a name',
      () => valid({ attachments: [{ content: b64('x') }] }),
      ['attachments[0].filename'],
    ],
    [
      'an attachment with an unknown field',
      () => valid({ attachments: [{ filename: 'a.txt', content: b64('x'), size: 1 }] }),
      ['attachments[0].size'],
    ],
    [
      'a bad content type',
      () => valid({ attachments: [{ filename: 'a.txt', content: b64('x'), content_type: 'text plain' }] }),
      ['attachments[0].content_type'],
    ],
    [
      'too many attachments',
      () => valid({ attachments: Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.txt`, content: b64('x') })) }),
      ['attachments'],
    ],
    [
      'attachments over the total size',
      () =>
        valid({
          attachments: [
            { filename: 'a.bin', content: b64(Buffer.alloc(600)) },
            { filename: 'b.bin', content: b64(Buffer.alloc(600)) },
          ],
        }),
      ['attachments'],
    ],
    ['an unknown field', () => valid({ cc: 'b@example.org' }), ['cc']],
    ['from and from_email disagreeing', () => valid({ from: `other@${sender.domain}` }), ['from_email']],
    ['an unknown test address', () => valid({ to: `nobody@${stack.config.testDomain}` }), ['to']],
    ['an empty idempotency key', () => valid({ idempotency_key: '' }), ['idempotency_key']],
    ['an idempotency key with spaces', () => valid({ idempotency_key: 'order 12' }), ['idempotency_key']],
    // Field names that are Object.prototype members once got a 500 for a well-formed JSON body.
    ['an unknown field named constructor', () => valid({ constructor: 1 }), ['constructor']],
    [
      'an unknown field named toString, in an attachment',
      () => valid({ attachments: [{ filename: 'a.txt', content: b64('x'), toString: 'x' }] }),
      ['attachments[0].toString'],
    ],
    [
      'an unknown field named __proto__',
      () => `{"__proto__":{"x":1},${JSON.stringify(valid()).slice(1)}`,
      ['__proto__'],
    ],
    [
      'a test address whose local part is an Object.prototype member',
      () => valid({ to: `constructor@${stack.config.testDomain}` }),
      ['to'],
    ],
    ['a JSON array', () => [valid()], ['_body']],
    ['a JSON string', () => 'hello', ['_body']],
  ];

  test.each(cases)('%s', async (_name, body, fields) => {
    expectFieldErrors(await send(stack, sender.apiKey, body()), fields);
  });

  test('several problems are reported together', async () => {
    const res = await send(stack, sender.apiKey, {
      to: 7,
      subject: 'a\nb',
      attachments: [{ filename: 'x', content: '!' }],
      extra: true,
    });
    expectFieldErrors(res, ['to', 'subject', 'attachments[0].content', 'extra']);
  });

  test('an Idempotency-Key header that disagrees with the body field, or is malformed', async () => {
    expectFieldErrors(
      await send(stack, sender.apiKey, valid({ idempotency_key: 'one' }), { 'Idempotency-Key': 'two' }),
      ['idempotency_key'],
    );
    expectFieldErrors(await send(stack, sender.apiKey, valid(), { 'Idempotency-Key': 'x'.repeat(256) }), [
      'Idempotency-Key',
    ]);
  });
});

describe('refused before parsing', () => {
  const raw = (body: string | undefined, headers: Record<string, string>) =>
    call(`${stack.baseUrl}/api/send/`, {
      method: 'POST',
      headers: { 'X-API-Key': sender.apiKey, ...headers },
      ...(body !== undefined ? { body } : {}),
    });

  test.each<[string, string | undefined, Record<string, string>]>([
    ['non-JSON', 'to=a@example.org', { 'Content-Type': 'application/json' }],
    ['truncated JSON', '{"to": "a@example.org"', { 'Content-Type': 'application/json' }],
    ['no Content-Type', JSON.stringify({ to: 'a@example.org' }), {}],
    ['a wrong Content-Type', JSON.stringify({ to: 'a@example.org' }), { 'Content-Type': 'text/plain' }],
    ['form encoding', 'to=a%40example.org', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    [
      'a non-UTF-8 charset',
      JSON.stringify({ to: 'a@example.org' }),
      { 'Content-Type': 'application/json; charset=latin1' },
    ],
    ['no body', undefined, { 'Content-Type': 'application/json' }],
  ])('%s', async (_name, body, headers) => {
    expectFieldErrors(await raw(body, headers), ['_body']);
  });

  test('a body over the size limit', async () => {
    const res = await send(stack, sender.apiKey, valid({ message: 'x'.repeat(70_000) }));
    expectFieldErrors(res, ['_body']);
    expect((res.json.errors as Record<string, string[]>)._body![0]).toContain('65536');
  });
});

test('nothing is queued or counted for refused bodies', async () => {
  expect(await tracesOf(stack, sender.account.id)).toEqual(NO_TRACES);
});

describe('accepted forms', () => {
  test.each<[string, Record<string, unknown>]>([
    ['the display-name form for a test address', { to: 'Dana Tester <Delivered@TEST.postage.dev>' }],
    ['`from` instead of `from_email`', { from_email: undefined, from: `Billing <billing@${'DOMAIN'}>` }],
    ['both spellings when they agree', { from: 'hello@DOMAIN' }],
    ['html with message', { html: '<p>Hi</p>' }],
    ['html alone', { message: undefined, html: '<p>Hi</p>' }],
    [
      'attachments alone, content type guessed',
      { message: undefined, attachments: [{ filename: 'report.pdf', content: b64('%PDF-1.4') }] },
    ],
    ['an empty file', { attachments: [{ filename: 'empty.txt', content: '', content_type: 'text/plain' }] }],
    [
      'a tab in the subject and non-ASCII text',
      { subject: 'Größe\tüber alles ✓', from_name: 'Zoë', message: 'Ça marche' },
    ],
    ['a reply-to with a name', { reply_to: 'Support <support@example.org>' }],
  ])('%s', async (_name, extra) => {
    const body = JSON.parse(JSON.stringify(valid(extra)).replace(/DOMAIN/g, sender.domain)) as Record<string, unknown>;
    if (typeof body.to === 'string')
      body.to = body.to.replace('TEST.postage.dev', stack.config.testDomain.toUpperCase());
    const res = await send(stack, sender.apiKey, body);
    expect(res.status).toBe(200);
    documented('/api/send/', 'post', res);
  });
});

test('the published schema carries the configured limits', async () => {
  const doc = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
    components: { schemas: { SendRequest: { properties: { attachments: { maxItems: number } } } } };
  };
  expect(doc.components.schemas.SendRequest.properties.attachments.maxItems).toBe(3);
});
