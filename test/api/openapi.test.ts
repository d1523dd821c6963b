// /openapi.json: a valid OpenAPI 3.1 document whose request schema is the one ajv validates with,
// listing every error code the API can answer; docs/errors-and-limits.md lists the same codes.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_ERRORS, ERROR_CODES } from '../../api/http/errors';
import type { ErrorAnswer } from '../../core/model/errorCodes';
import { SES_EVENT_ANSWERS, SES_EVENTS_PATH } from '../../api/routes/sesEvents';
import { validationSchema } from '../../api/schemas/checkedInCode';
import { SignupRequest } from '../../api/schemas/management';
import { BYOC_ROLE_ARN, DOMAIN_NAME, EMAIL_ADDRESS, MAILBOX, WEBHOOK_URL } from '../../api/schemas/patterns';
import { buildSendRequestSchema, HEADER_SAFE } from '../../api/schemas/sendRequest';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call } from './helpers/http';

let stack: ServiceStack;
// `any`: a JSON document walked by path in assertions; a wrong path fails the assertion anyway.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: Record<string, any>;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false, env: { MAX_ATTACHMENTS: '7' } });
  const res = await call(`${stack.baseUrl}/openapi.json`, {});
  expect(res.status).toBe(200);
  doc = res.json;
});
afterAll(async () => stack?.stop());

test('it is a valid OpenAPI 3.1 document (checked by an independent validator)', () => {
  // The validator is an ES module; node runs it natively outside jest's module system.
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    console.log(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(doc),
    cwd: path.resolve(__dirname, '..', '..'),
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({ valid: true, version: '3.1', errors: null });
});

test('every schema in it is strict JSON Schema 2020-12 (the dialect of OpenAPI 3.1)', () => {
  // The OpenAPI validator does not look inside schema objects; ajv in strict mode does.
  const ajv = new Ajv2020({ strict: true });
  addFormats(ajv); // the standard formats (date-time...) the document uses
  ajv.addSchema({ $id: 'components', $defs: doc.components.schemas });
  const refsToDefs = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replace(/#\/components\/schemas\//g, 'components#/$defs/')) as object;
  const schemas: unknown[] = [];
  for (const operation of [doc.paths['/api/send/'].post, doc.paths['/api/me/'].get]) {
    for (const response of Object.values(operation.responses) as Array<{
      content: Record<string, { schema: unknown }>;
    }>)
      schemas.push(response.content['application/json']!.schema);
  }
  for (const schema of schemas) expect(() => ajv.compile(refsToDefs(schema))).not.toThrow();
  expect(schemas.length).toBeGreaterThanOrEqual(13);
});

test('the request schema is the one the API validates with, with the configured limits', () => {
  // Published under its name (its `$id`), without the `$id` itself.
  const { $id: name, ...published } = JSON.parse(JSON.stringify(buildSendRequestSchema(stack.config.limits))) as Record<
    string,
    unknown
  >;
  expect(name).toBe('SendRequest');
  expect(doc.components.schemas.SendRequest).toEqual(published);
  expect(doc.components.schemas.SendRequest.properties.attachments.maxItems).toBe(7);
  expect(doc.paths['/api/send/'].post.requestBody.content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/SendRequest',
  });
});

test('the rules the code checks itself are published: addresses, passwords, names, URLs, ARNs, regions, the cross-field rules', () => {
  const { schemas } = doc.components;
  for (const field of ['to', 'from_email', 'from', 'reply_to'])
    expect(schemas.SendRequest.properties[field].pattern).toBe(MAILBOX);
  expect(schemas.SendRequest.allOf[0].oneOf.map((s: { required: string[] }) => s.required)).toEqual([
    ['from_email'],
    ['from'],
  ]);
  expect(schemas.SendRequest.allOf[1].anyOf.map((s: { required: string[] }) => s.required)).toEqual([
    ['message'],
    ['html'],
    ['attachments'],
    ['template'],
  ]);
  // A template replaces subject, html and message.
  expect(schemas.SendRequest.allOf[2]).toEqual({
    not: {
      required: ['template'],
      anyOf: [{ required: ['subject'] }, { required: ['html'] }, { required: ['message'] }],
    },
  });
  expect(schemas.SendRequest.properties.attachments.items.properties.content.pattern).toMatch(/^\^/);
  for (const name of ['SignupRequest', 'PasswordResetRequest'])
    expect(schemas[name].properties.email).toMatchObject({ format: 'email', pattern: EMAIL_ADDRESS, maxLength: 254 });
  expect(schemas.CreateSuppressionRequest.properties.address).toMatchObject({
    format: 'email',
    pattern: EMAIL_ADDRESS,
  });
  for (const name of ['SignupRequest', 'PasswordResetConfirmRequest'])
    expect(schemas[name].properties.password).toMatchObject({ minLength: 10, maxLength: 256 });
  expect(schemas.PasswordChangeRequest.properties.new_password).toMatchObject({ minLength: 10, maxLength: 256 });
  expect(schemas.CreateDomainRequest.properties.name.pattern).toBe(DOMAIN_NAME);
  expect(schemas.CreateApiKeyRequest.properties.domains.items.pattern).toBe(DOMAIN_NAME);
  for (const name of ['CreateWebhookRequest', 'UpdateWebhookRequest'])
    expect(schemas[name].properties.url).toMatchObject({ format: 'uri', pattern: WEBHOOK_URL });
  expect(schemas.ByocRequest.properties.role_arn.pattern).toBe(BYOC_ROLE_ARN);
  expect(new RegExp(schemas.ByocRequest.properties.region.pattern).test('eu-west-1')).toBe(true);
  expect(new RegExp(schemas.ByocRequest.properties.region.pattern).test('moon-north-1')).toBe(false);
  const emailQuery = Object.fromEntries(
    (doc.paths['/api/emails'].get.parameters as Array<{ name: string; schema: unknown }>).map((p) => [
      p.name,
      p.schema,
    ]),
  );
  expect(emailQuery.status).toEqual({
    enum: ['scheduled', 'canceled', 'queued', 'sent', 'delivered', 'bounced', 'complained', 'failed'],
  });
  expect(emailQuery.since).toMatchObject({ anyOf: [{ format: 'date' }, { format: 'date-time' }] });
  // What a schema cannot state is written on the operation.
  expect(schemas.CreateApiKeyRequest.properties.expires_at.oneOf[0].description).toContain('in the future');
  expect(schemas.CreateApiKeyRequest.properties.domains.description).toContain('a domain of this account');
  expect(schemas.CreateDomainRequest.description).toContain('not a subdomain');
  expect(schemas.SendRequest.description).toContain('verified domain of the account');
});

test('the API validates with the published schemas minus the rules the code checks with its own messages', () => {
  const validated = validationSchema(buildSendRequestSchema(stack.config.limits));
  expect(validated).not.toHaveProperty('allOf');
  expect(validated.properties.to).toEqual({
    type: 'string',
    minLength: 1,
    maxLength: 512,
    pattern: HEADER_SAFE,
    description: expect.any(String),
  });
  expect(validationSchema(SignupRequest).properties.email).toEqual({ type: 'string', minLength: 1, maxLength: 254 });
});

test('every error code is documented, with its status, in the document and in the errors guide', () => {
  expect([...doc.components.schemas.Error.properties.error.enum].sort()).toEqual([...ERROR_CODES].sort());
  const sendResponses = doc.paths['/api/send/'].post.responses as Record<string, unknown>;
  for (const status of ['200', '400', '401', '403', '409', '422', '429', '502', '503'])
    expect(sendResponses).toHaveProperty(status);
  const reference = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'errors-and-limits.md'), 'utf8');
  for (const code of ERROR_CODES) expect(reference).toContain(`\`${code}\``);
});

test('each error code of each operation is documented under the status the error table gives it', () => {
  // `$ref`s inside the document, followed; oneOf/anyOf/allOf walked: every `error` enum is found.
  const resolve = (node: unknown): unknown => {
    const target = (node as { $ref?: unknown } | undefined)?.$ref;
    if (typeof target !== 'string' || !target.startsWith('#/')) return node;
    return resolve(
      target
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], doc),
    );
  };
  const codesIn = (node: unknown): string[] => {
    // An answer is the shared `Error` narrowed beside its `$ref` to its codes: those are what it may carry.
    const narrowed = node as { properties?: { error?: unknown } } | undefined;
    const schema = (narrowed?.properties?.error ? narrowed : resolve(node)) as Record<string, unknown> | undefined;
    if (!schema || typeof schema !== 'object') return [];
    const error = resolve((schema.properties as Record<string, unknown> | undefined)?.error) as
      { enum?: string[]; const?: string } | undefined;
    const own = error?.enum ?? (error?.const !== undefined ? [error.const] : []);
    return [
      ...own,
      ...(['oneOf', 'anyOf', 'allOf'] as const).flatMap((k) =>
        ((schema[k] as unknown[] | undefined) ?? []).flatMap(codesIn),
      ),
    ];
  };
  let checked = 0;
  for (const [route, methods] of Object.entries(
    doc.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>,
  )) {
    // The SNS endpoint's own codes first (its queue_error is a 503); the generic ones (500, 405) are the API's.
    const table: Record<string, ErrorAnswer> =
      route === SES_EVENTS_PATH ? { ...API_ERRORS, ...SES_EVENT_ANSWERS } : API_ERRORS;
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const content = (resolve(response) as { content?: Record<string, { schema?: unknown }> }).content ?? {};
        for (const { schema } of Object.values(content)) {
          for (const code of codesIn(schema)) {
            expect({ route, method, code, status: Number(status) }).toEqual({
              route,
              method,
              code,
              status: table[code]?.status,
            });
            checked++;
          }
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(50);
});

test("every error answer refers to the one Error schema (or SNS's own), narrowed to its codes; no other error shape is inlined", () => {
  const answers = Object.values(
    doc.paths as Record<
      string,
      // A redirect (GET /t/c/{token}) has no body.
      Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>
    >,
  )
    .flatMap((item) => Object.values(item))
    .flatMap((operation) => Object.values(operation.responses))
    .flatMap((response) => Object.values(response.content ?? {}).map((c) => c.schema))
    .flatMap((schema) => (schema.oneOf as Record<string, unknown>[] | undefined) ?? [schema]);
  const coded = answers.filter((schema) => JSON.stringify(schema).includes('"error"'));
  expect(coded.length).toBeGreaterThan(100);
  for (const schema of coded)
    expect(['#/components/schemas/Error', '#/components/schemas/SesEventError']).toContain(schema.$ref);
});

test('every schema with a name is published once and referred to: no component is inlined in an operation or another component', () => {
  const bodies = Object.entries(doc.components.schemas as Record<string, object>).map(
    ([name, schema]) => [name, JSON.stringify(schema)] as const,
  );
  const text = JSON.stringify(doc);
  for (const [name, body] of bodies) {
    const elsewhere = [
      JSON.stringify(doc.paths),
      ...bodies.filter(([, other]) => other !== body).map(([, other]) => other),
    ].join('\n');
    // A small body (an empty object) may recur by chance; two names may share one shape (ByocSaved, ByocValidation).
    if (body.length > 200) expect({ name, inlined: elsewhere.includes(body) }).toEqual({ name, inlined: false });
    expect(text).toContain(`"#/components/schemas/${name}"`);
  }
});

test('the security scheme is the X-API-Key header', () => {
  expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
});
