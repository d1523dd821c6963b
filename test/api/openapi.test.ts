// /openapi.json: a valid OpenAPI 3.1 document whose request schema is the one ajv validates with,
// listing every error code the API can answer; the README lists the same codes.
import Ajv2020 from 'ajv/dist/2020';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '../../api/errors';
import { buildSendRequestSchema } from '../../api/schemas/sendRequest';
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
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(doc), cwd: path.resolve(__dirname, '..', '..'), encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({ valid: true, version: '3.1', errors: null });
});

test('every schema in it is strict JSON Schema 2020-12 (the dialect of OpenAPI 3.1)', () => {
  // The OpenAPI validator does not look inside schema objects; ajv in strict mode does.
  const ajv = new Ajv2020({ strict: true });
  ajv.addSchema({ $id: 'components', $defs: doc.components.schemas });
  const refsToDefs = (schema: unknown) => JSON.parse(JSON.stringify(schema).replace(/#\/components\/schemas\//g, 'components#/$defs/')) as object;
  const schemas: unknown[] = [];
  for (const operation of [doc.paths['/api/send/'].post, doc.paths['/api/me/'].get]) {
    for (const response of Object.values(operation.responses) as Array<{ content: Record<string, { schema: unknown }> }>) schemas.push(response.content['application/json']!.schema);
  }
  for (const schema of schemas) expect(() => ajv.compile(refsToDefs(schema))).not.toThrow();
  expect(schemas.length).toBeGreaterThanOrEqual(13);
});

test('the request schema is the one the API validates with, with the configured limits', () => {
  expect(doc.components.schemas.SendRequest).toEqual(JSON.parse(JSON.stringify(buildSendRequestSchema(stack.config.limits))));
  expect(doc.components.schemas.SendRequest.properties.attachments.maxItems).toBe(7);
  expect(doc.paths['/api/send/'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SendRequest' });
});

test('every error code is documented, with its status, in the document and in the README', () => {
  expect([...doc.components.schemas.Error.properties.error.enum].sort()).toEqual([...ERROR_CODES].sort());
  const sendResponses = doc.paths['/api/send/'].post.responses as Record<string, unknown>;
  for (const status of ['200', '400', '401', '403', '409', '422', '429', '502', '503']) expect(sendResponses).toHaveProperty(status);
  const readme = fs.readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
  const reference = readme.slice(readme.indexOf('## API reference'));
  for (const code of ERROR_CODES) expect(reference).toContain(`\`${code}\``);
});

test('the security scheme is the X-API-Key header', () => {
  expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
});
