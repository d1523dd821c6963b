// The tools of `postage mcp` (postage-cli/src/mcp/generated/tools.ts) are generated from the
// contract by postage-cli/scripts/generateTools.mjs: this fails when the committed file is not what
// the current sdks/openapi.json gives (run `npm run generate:api`), and pins how an operation's
// parameters and body become one tool input.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { TOOLS } from '../../postage-cli/src/mcp/generated/tools';

const tool = (name: string) => TOOLS.find((t) => t.name === name)!;

test('postage-cli/src/mcp/generated/tools.ts is what the current sdks/openapi.json generates', () => {
  const run = spawnSync(
    process.execPath,
    [path.join(__dirname, '..', '..', 'postage-cli', 'scripts', 'generateTools.mjs'), '--check'],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

test('a sending key gets the operations any key may call, and no other', () => {
  expect(TOOLS.filter((t) => t.permission === 'sending').map((t) => t.name)).toEqual([
    'send',
    'send_batch',
    'me',
    'me_key',
  ]);
});

test('the tools cover sending, the email log, domains, templates, suppressions and inbound, but not keys or sign-in', () => {
  const names = TOOLS.map((t) => t.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'get_api_emails',
      'get_api_domains',
      'post_api_domains_name_verify',
      'post_api_templates',
      'get_api_suppressions',
      'get_api_inbound',
    ]),
  );
  expect(TOOLS.filter((t) => t.path.startsWith('/api/api-keys') || t.path.startsWith('/api/auth/'))).toEqual([]);
});

test.each([
  ['get_api_domains_name', 'name', 'path', true],
  ['get_api_emails', 'limit', 'query', false],
  ['patch_api_domains_name', 'name', 'path', true],
  ['patch_api_domains_name', 'track_opens', 'body', false],
  ['send', 'to', 'body', true],
])('%s takes %s in the %s (required: %s)', (name, argument, location, required) => {
  const { inputSchema, location: where } = tool(name);
  expect(where[argument]).toBe(location);
  expect(inputSchema.properties[argument]).toBeDefined();
  expect((inputSchema.required ?? []).includes(argument)).toBe(required);
});

test('every input is an object schema with its $refs resolved, valid JSON Schema (2020-12)', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const t of TOOLS) {
    expect({ name: t.name, type: t.inputSchema.type }).toEqual({ name: t.name, type: 'object' });
    expect(JSON.stringify(t.inputSchema)).not.toContain('$ref');
    expect(() => ajv.compile(t.inputSchema)).not.toThrow();
  }
});

test("a send's input accepts what the API accepts and refuses an unknown field, as the body's schema does", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const valid = ajv.compile(tool('send').inputSchema);
  const email = { from_email: 'hello@mail.example.com', to: 'ada@example.org', subject: 'Hi', message: 'Hello.' };
  expect(valid(email)).toBe(true);
  expect(valid({ ...email, colour: 'blue' })).toBe(false);
});
