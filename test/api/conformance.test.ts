// The API against its own published contract, judged by a third-party tool: Schemathesis (pinned
// in tools/ensure-schemathesis.sh) reads the served /openapi.json and generates requests for every
// operation, valid ones and invalid ones, once with a full_access API key and once with a
// signed-in session (cookie + X-CSRF-Token). A run fails on any 5xx, any status, body,
// Content-Type or header the document does not describe, any request valid by the document that
// the API refuses for a reason the document could have stated, and any method the document does
// not list that is not answered 405 with Allow.
//
// Rules a JSON Schema cannot state are written on their operations; conformance/hooks.py applies
// exactly those to the generated requests (a sender on the account's domain, a future expiry, a
// key scope of the account's domains, a webhook host that resolves, a cursor from a previous page),
// and conformance/schemathesis.toml names the few statuses that count as a documented refusal
// where no generated value can pass (a token that was never issued, a wrong current password).
//
// Seeded and bounded: CONFORMANCE_SEED replays a run, CONFORMANCE_EXAMPLES sets the examples per
// operation of the fuzzing phase.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey } from '../../core/accounts/apiKeys';
import { hashPassword } from '../../core/accounts/passwords';
import { insertMemberUser } from '../../core/accounts/members';
import { createTemplate, publishTemplate, type Template } from '../../core/templates/templates';
import { requireToolPath } from '../../tools/stack/processes';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { createSystemAccount, keyRequest, SYSTEM_EMAIL_ENV, WebClient } from '../management/helpers';

const SEED = Number(process.env.CONFORMANCE_SEED ?? 20);
const EXAMPLES = Number(process.env.CONFORMANCE_EXAMPLES ?? 50);
const PASSWORD = 'conformance password';
const HERE = path.join(__dirname, 'conformance');
// Each run is one to two minutes on an idle machine (83 operations); the bound leaves room for a
// busy one (a loaded 2-core machine took over 290 s for the key run).
const RUN_TIMEOUT_MS = 480_000;

let zone: TestZone;
let stack: ServiceStack;
let sender: SenderFixture;
let fullKey: string;
let fullKeyId: string;
let template: Template;
let workDir: string;
let web: WebClient;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postage-conformance-'));
  zone = await startTestZone();
  stack = await startServiceStack({
    worker: false,
    env: {
      ...SYSTEM_EMAIL_ENV,
      // Generated requests are many and quick: the per-key limit must not be the main answer
      // (429 stays documented on every operation that has it, and is accepted as such).
      RATE_LIMIT_PER_MINUTE: '1000000',
      SIGNIN_FAILURES_PER_IP: '1000000',
      // Everything stays on this machine: local SES identities, a DNS zone that knows nothing, an STS that refuses connections.
      DNS_SERVERS: zone.server,
      STS_ENDPOINT: 'http://127.0.0.1:9',
    },
  });
  await createSystemAccount(stack.db);
  // Growth, verified, with a verified shared domain; the user signs in for the session run.
  sender = await createSender(stack.db, { plan: 'growth' });
  const created = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'conformance', permission: 'full_access' },
    'test',
  );
  fullKey = created.secret;
  fullKeyId = created.apiKey.id;
  await insertMemberUser(stack.db, {
    accountId: sender.account.id,
    email: sender.account.email,
    passwordHash: await hashPassword(PASSWORD),
  });
  // A published template without variables: generated sends name it (hooks.py), since an unknown template is a 400.
  template = await createTemplate(
    stack.db,
    {
      accountId: sender.account.id,
      name: 'Conformance',
      alias: 'conformance',
      content: { subject: 'Hello', html: '<p>Hello</p>', text: null },
    },
    'test',
  );
  await publishTemplate(stack.db, sender.account.id, template.id, 'test');
  // Signed in before any run: the API-key run reads the address from /api/me/ and tries it with
  // made-up passwords until sign-ins for it are locked out (as they should be).
  web = new WebClient(stack.baseUrl);
  expect((await web.signIn(sender.account.email, PASSWORD)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await zone?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

interface RunResult {
  exitCode: number | null;
  output: string;
  operations: number;
  cases: number;
  failures: number;
}

/** `st run` against the served document with the given credentials; its report goes to the test output. */
function runSchemathesis(label: string, headers: Record<string, string>, extra: string[] = []): Promise<RunResult> {
  const args = [
    '--config-file',
    path.join(HERE, 'schemathesis.toml'),
    'run',
    `${stack.baseUrl}/openapi.json`,
    '--url',
    stack.baseUrl,
    '--seed',
    String(SEED),
    '--max-examples',
    String(EXAMPLES),
    '--no-color',
    // Replays come from the seed, not from a database of earlier failures left in the folder.
    '--generation-database',
    'none',
    // The credentials are the run's own (--header), never generated.
    '--generation-with-security-parameters',
    'false',
    '--report',
    'json',
    '--report-json-path',
    path.join(workDir, `${label}.json`),
    ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    ...extra,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(requireToolPath('POSTAGE_SCHEMATHESIS'), args, {
      cwd: workDir,
      env: {
        ...process.env,
        PYTHONPATH: HERE,
        PYTHONDONTWRITEBYTECODE: '1', // nothing written into the test folder
        NO_COLOR: '1',
        POSTAGE_CONFORMANCE_DOMAIN: sender.domain,
        POSTAGE_CONFORMANCE_TEMPLATE: template.id,
        POSTAGE_CONFORMANCE_PROTECTED: [
          fullKeyId,
          fullKey.split('_').slice(0, 2).join('_'),
          sender.domain,
          template.id,
          'conformance',
        ].join(','),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS - 10_000);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      process.stdout.write(`\n--- schemathesis (${label}), seed ${SEED} ---\n${output}\n`);
      resolve({ exitCode, output, ...counts(output) });
    });
  });
}

/** The numbers of the report's summary ("Selected: 37/37", "1982 generated, 1982 passed" or "..., 2 found 2 unique failures"). */
function counts(output: string): Pick<RunResult, 'operations' | 'cases' | 'failures'> {
  return {
    operations: Number(/Selected: (\d+)\//.exec(output)?.[1] ?? NaN),
    cases: Number(/(\d+) generated/.exec(output)?.[1] ?? NaN),
    failures: Number(/(\d+) unique failures?/.exec(output)?.[1] ?? 0),
  };
}

/**
 * Operations in the served document whose security accepts `scheme` (or that need none); with a
 * key, also those the document says no key can succeed at (`x-postage-api-key: false`: the team's
 * changes, the person's own session) in `keyless`.
 */
/**
 * The live events stream answers 200 and then never ends: every valid case would wait for the
 * run's timeout. Its answers (the stream's headers, its refusals) are checked against the document
 * by test/api/liveEvents.test.ts.
 */
const NEVER_ENDS = 'GET /api/events/stream';

async function operationsFor(scheme: string): Promise<{ all: number; others: string[]; keyless: string[] }> {
  const doc = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
    security: Array<Record<string, unknown>>;
    paths: Record<string, Record<string, { security?: Array<Record<string, unknown>>; 'x-postage-api-key'?: boolean }>>;
  };
  const others: string[] = [];
  const keyless: string[] = [];
  let all = 0;
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      all++;
      const security = op.security ?? doc.security;
      if (security.length > 0 && !security.some((s) => scheme in s)) others.push(`${method.toUpperCase()} ${p}`);
      if (op['x-postage-api-key'] === false) keyless.push(`${method.toUpperCase()} ${p}`);
    }
  }
  return { all, others, keyless };
}

test(
  'with a full_access API key: every operation a key may call, no 5xx, nothing undocumented, no valid request refused, 405 for other methods',
  async () => {
    const { all, others, keyless } = await operationsFor('apiKey');
    expect(others).toEqual([]); // every operation takes a key (or nothing)
    // Left out: what no key may do (the permission test checks each answers 403 insufficient_role or 404); the session run covers them.
    expect(keyless).toEqual(expect.arrayContaining(['POST /api/invitations', 'POST /api/account/transfer-ownership']));
    const run = await runSchemathesis(
      'API key',
      { 'X-API-Key': fullKey },
      [...keyless, NEVER_ENDS].flatMap((name) => ['--exclude-name', name]),
    );
    process.stdout.write(
      `conformance (API key): ${run.operations} operations, ${run.cases} cases, ${run.failures} failures\n`,
    );
    expect(run.failures).toBe(0);
    expect(run.exitCode).toBe(0);
    expect(run.operations).toBe(all - keyless.length - 1);
    expect(run.cases).toBeGreaterThan(1000);
    // The run ends with its key still working: nothing it generated revoked it.
    expect((await keyRequest(stack.baseUrl, fullKey)('GET', '/api/me/')).status).toBe(200);
  },
  RUN_TIMEOUT_MS,
);

test(
  'with a signed-in session (cookie and CSRF token): the same checks',
  async () => {
    // Left out: the operations that take only a key (sending, /api/me/ and /api/me/key), and signing out, which
    // would end the session the run is made with (the API-key run covers all three).
    const { all, others } = await operationsFor('session');
    expect(others.sort()).toEqual(['GET /api/me/', 'GET /api/me/key', 'POST /api/send/', 'POST /api/send/batch']);
    const excluded = [...others, 'POST /api/auth/signout', NEVER_ENDS];
    const run = await runSchemathesis(
      'session',
      { Cookie: web.sessionCookie!, 'X-CSRF-Token': web.csrf! },
      excluded.flatMap((name) => ['--exclude-name', name]),
    );
    process.stdout.write(
      `conformance (session): ${run.operations} operations, ${run.cases} cases, ${run.failures} failures\n`,
    );
    expect(run.failures).toBe(0);
    expect(run.exitCode).toBe(0);
    expect(run.operations).toBe(all - excluded.length);
    expect(run.cases).toBeGreaterThan(1000);
    // The session outlived the run: its answers were the signed-in user's, not 401s.
    expect((await web.request('GET', '/api/auth/session')).status).toBe(200);
  },
  RUN_TIMEOUT_MS,
);
