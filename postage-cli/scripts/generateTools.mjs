// Writes src/mcp/generated/tools.ts, the tools `postage mcp` offers, from the API's contract
// (sdks/openapi.json), so the server cannot drift from the API: one tool per operation an API key
// may call, named after its operationId, described by its summary and description, its input the
// operation's path and query parameters and JSON body merged into one JSON Schema object (every
// $ref resolved), and where each argument goes. `npm run generate:api` runs it after writing the
// document; `--check` changes nothing and exits 1 when the committed file is not what the
// document gives (test/unit/mcpTools.test.ts runs it).
//
// Left out (docs/decisions.md, "postage mcp offers what a key may call, minus its credentials"):
// sign-in and sessions (a person's, not a key's), the API keys themselves (a tool that mints keys
// would put a new secret in an assistant's conversation), and any answer that is a stream.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENT = path.resolve(here, '..', 'sdks', 'openapi.json');
export const TOOLS_FILE = path.join(here, 'src', 'mcp', 'generated', 'tools.ts');

const LEFT_OUT_PATHS = [/^\/api\/auth\//, /^\/api\/api-keys(\/|$)/];
const SCOPE_NOTE =
  'A key limited to some domains reaches only those: anything of another domain is answered 404, as if it did not exist.';

/** `getApiDomainsName` -> `get_api_domains_name`; `sendBatch` -> `send_batch`. */
export function snakeCase(operationId) {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

/** `sending` for the operations any key may call (no role in the document), else `full_access`. */
function permissionOf(operation) {
  if (operation['x-postage-role'] === undefined) {
    const byKey = (operation.security ?? []).some((s) => 'apiKey' in s);
    return byKey ? 'sending' : undefined;
  }
  return operation['x-postage-api-key'] === true ? 'full_access' : undefined;
}

/** The schema with every `#/components/...` $ref replaced by its target; a cycle is an error. */
function resolved(schema, document, seen = []) {
  if (Array.isArray(schema)) return schema.map((item) => resolved(item, document, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (seen.includes(ref)) throw new Error(`${ref} refers to itself: a tool's schema cannot inline it`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    if (!target) throw new Error(`${ref} is not in the document`);
    const { $ref: _ref, ...siblings } = schema;
    return { ...resolved(target, document, [...seen, ref]), ...resolved(siblings, document, seen) };
  }
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, resolved(value, document, seen)]),
  );
}

/** What the success answer holds, as `Postage.request` reads it. */
function answerOf(operation) {
  const success = Object.entries(operation.responses).find(([s]) => s.startsWith('2'));
  if (!success) return undefined;
  const [status, response] = success;
  const types = Object.keys(response.content ?? {});
  if (types.length === 0) return status === '204' ? 'none' : 'json';
  if (types.includes('application/json')) return 'json';
  if (types.includes('text/event-stream')) return undefined;
  return 'bytes';
}

/** The tool's input: path and query parameters, then the JSON body's fields, in one object schema. */
export function inputSchema(operation, document, label) {
  const properties = {};
  const required = [];
  const location = {};
  for (const parameter of (operation.parameters ?? []).map((p) => resolved(p, document))) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue; // headers: the server sets them
    const { description, schema } = parameter;
    properties[parameter.name] = { ...schema, ...(description ? { description } : {}) };
    location[parameter.name] = parameter.in;
    if (parameter.required) required.push(parameter.name);
  }
  const media = operation.requestBody?.content;
  const extra = {};
  if (media) {
    const bodySchema = media['application/json']?.schema;
    if (!bodySchema) throw new Error(`${label}: a tool takes a JSON body only`);
    const body = resolved(bodySchema, document);
    if (body.type !== 'object') throw new Error(`${label}: the body is not an object`);
    const { type: _type, properties: fields = {}, required: needed = [], description: about, ...rules } = body;
    if (about) extra.description = about;
    for (const [name, field] of Object.entries(fields)) {
      if (name in properties) throw new Error(`${label}: the body field ${name} is also a parameter`);
      properties[name] = field;
      location[name] = 'body';
    }
    required.push(...needed); // an optional body is read as `{}`, whose missing fields are refused
    // The body's own rules (additionalProperties, allOf...) apply to the whole input: its fields
    // are the only others there, and the parameters are among `properties`.
    Object.assign(extra, rules);
  }
  const schema = { type: 'object', properties, ...(required.length ? { required } : {}), ...extra };
  delete schema.description; // the body's description is the tool's (see description())
  return { schema, location, about: extra.description };
}

function description(operation, permission, about) {
  const parts = [operation.summary, operation.description, about].filter(Boolean).map((s) => s.trim());
  if (permission === 'full_access') parts.push(`Needs a full_access key. ${SCOPE_NOTE}`);
  else parts.push('Any key may call it, a sending key too.');
  return parts.join('\n\n');
}

/** The tools of the document, in its order. */
export function toolsOf(document) {
  const tools = [];
  for (const [template, item] of Object.entries(document.paths)) {
    if (LEFT_OUT_PATHS.some((pattern) => pattern.test(template))) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const permission = permissionOf(operation);
      const answer = permission && answerOf(operation);
      if (!answer) continue;
      const label = `${method.toUpperCase()} ${template}`;
      const { schema, location, about } = inputSchema(operation, document, label);
      const idempotent = (operation.parameters ?? []).some(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
      tools.push({
        name: snakeCase(operation.operationId),
        description: description(operation, permission, about),
        permission,
        method,
        path: template,
        location,
        answer,
        ...(idempotent ? { idempotent: true } : {}),
        inputSchema: schema,
      });
    }
  }
  const names = new Set(tools.map((t) => t.name));
  if (names.size !== tools.length) throw new Error('two operations give the same tool name');
  return tools;
}

export async function generated() {
  const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8'));
  const text = `// Generated by scripts/generateTools.mjs from sdks/openapi.json: do not edit (npm run generate:api).
import type { ToolSpec } from '../tool.js';

export const TOOLS: readonly ToolSpec[] = ${JSON.stringify(toolsOf(document))};
`;
  return prettier.format(text, { ...(await prettier.resolveConfig(TOOLS_FILE)), filepath: TOOLS_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await generated();
  const relative = path.relative(process.cwd(), TOOLS_FILE);
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(TOOLS_FILE) ? fs.readFileSync(TOOLS_FILE, 'utf8') : '';
    if (current !== text) {
      console.error(`${relative} is stale: run \`npm run generate:api\` and commit the result`);
      process.exitCode = 1;
    }
  } else {
    fs.mkdirSync(path.dirname(TOOLS_FILE), { recursive: true });
    fs.writeFileSync(TOOLS_FILE, text);
    console.log(`wrote ${relative}`);
  }
}
