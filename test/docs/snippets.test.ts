// Snippets that cannot rot (docs/decisions.md, "Documentation"): every `sh` fence of the README and
// the guides (docs/*.md, but decisions.md, which records choices and has none) runs against a test
// stack seeded exactly as `npm run dev` seeds (tools/demoSeed.ts: the demo account, its sending
// key, the verified domain demo.postage.dev, a webhook endpoint at the demo receiver). The fences
// of one file run in order in one bash session; `http://localhost:3000` becomes the stack's
// address, and every curl gets --fail-with-body, so an HTTP error fails the snippet. A fence the
// reader must not or cannot run here (npm run dev, the AWS CLI) carries `<!-- illustrative:
// <reason> -->` on the line before it. SDK code in the docs is the SDKs' own tested samples
// (test/unit/documentation.test.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey } from '../../core/accounts/apiKeys';
import { DEV_SYSTEM_EMAIL_FROM, seedDemo } from '../../tools/demoSeed';
import { DEMO_WEBHOOK_PATH, startDemoReceiver } from '../../tools/demoReceiver';
import { documentationFiles } from '../../tools/docsSamples';
import { markdownFences } from '../../tools/docs/markdown';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';

const ROOT = path.resolve(__dirname, '..', '..');
const RUNS = new Set(['sh', 'bash', 'shell']);

interface Snippet {
  line: number;
  code: string;
  illustrative?: string;
}

/** The shell fences of a Markdown file, each with its illustrative reason if it has one. */
export function shellSnippets(text: string): Snippet[] {
  return markdownFences(text)
    .filter((f) => RUNS.has(f.language))
    .map((f) => {
      const illustrative = /^<!-- illustrative: (.+?) -->$/.exec(f.before)?.[1];
      return { line: f.open + 1, code: f.code, ...(illustrative ? { illustrative } : {}) };
    });
}

let stack: ServiceStack;
let receiver: Awaited<ReturnType<typeof startDemoReceiver>>;
let env: Record<string, string>;
let work: string;
let accountId: string;

beforeAll(async () => {
  // As under npm run dev: the demo receiver listens on loopback, and Postage's own emails
  // (invitations) go from the seeded system account through the SES emulator.
  stack = await startServiceStack({
    env: {
      WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1,::1',
      SYSTEM_EMAIL_FROM: DEV_SYSTEM_EMAIL_FROM,
      SES_DOMAIN_IDENTITIES: 'local',
    },
  });
  let secret = '';
  receiver = await startDemoReceiver({ port: 0, signingSecret: () => secret, log: () => undefined });
  const port = (receiver.server.address() as { port: number }).port;
  const seed = await seedDemo(stack.db, stack.config, `http://127.0.0.1:${port}${DEMO_WEBHOOK_PATH}`);
  secret = seed.webhookSigningSecret;
  accountId = seed.accountId;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'snippets-'));
  env = {
    PATH: `${path.join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    HOME: work,
    POSTAGE_API_KEY: seed.apiKey,
    POSTAGE_BASE_URL: stack.baseUrl,
  };
}, 120_000);
afterAll(async () => {
  receiver?.server.close();
  await stack?.stop();
});

function runBash(
  script: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd: work,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const files = documentationFiles().filter((f) => path.basename(f) !== 'decisions.md');

test.each(files.map((f) => [path.relative(ROOT, f), f]))(
  'the shell snippets of %s run against the test stack',
  async (name, file) => {
    const snippets = shellSnippets(fs.readFileSync(file, 'utf8'));
    const runnable = snippets.filter((s) => !s.illustrative);
    process.stdout.write(
      `${name}: ${runnable.length} shell snippets run, ${snippets.length - runnable.length} illustrative${snippets
        .filter((s) => s.illustrative)
        .map((s) => `\n  line ${s.line}: ${s.illustrative}`)
        .join('')}\n`,
    );
    if (!runnable.length) return;
    const script = [
      'set -euo pipefail',
      // An HTTP error fails the snippet; no call waits forever.
      'curl() { command curl --fail-with-body --max-time 30 "$@"; }',
      ...runnable.map(
        (s) =>
          `echo "::snippet at ${name}:${s.line}::" >&2\n${s.code.replaceAll('http://localhost:3000', stack.baseUrl)}`,
      ),
    ].join('\n');
    const { code, output } = await runBash(script);
    const failedAt = [...output.matchAll(/::snippet at (\S+)::/g)].pop()?.[1];
    expect({
      code,
      failedAt: code === 0 ? undefined : failedAt,
      output: code === 0 ? '' : output.slice(-3000),
    }).toEqual({ code: 0, failedAt: undefined, output: '' });
  },
  180_000,
);

// The API reference's curl samples (api/openapi/referenceDocument.ts) for every operation an API
// key may call, run as printed with a full_access key of the demo account: each must get past
// the request checks (no 400 field errors, no 401, 405 or 415, no 500). The example ids name
// nothing of the account, so a 404 is an answer too; what is checked is that the command is right.
test('the API reference’s curl samples are requests the API accepts as well formed', async () => {
  const { secret } = await createApiKey(
    stack.db,
    { accountId, name: 'reference samples', permission: 'full_access' },
    'test',
  );
  const reference = (await (await fetch(`${stack.baseUrl}/docs/reference.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-codeSamples'?: { label: string; source: string }[] }>>;
  };
  const samples = Object.entries(reference.paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const curl = op['x-codeSamples']?.find((s) => s.label === 'curl')?.source ?? '';
      return curl.includes('X-API-Key') ? [{ operation: `${method.toUpperCase()} ${template}`, curl }] : [];
    }),
  );
  expect(samples.length).toBeGreaterThanOrEqual(40);
  const answers: { operation: string; status: string; body: string }[] = [];
  for (const { operation, curl } of samples) {
    const { output } = await runBash(`${curl} -sS -w '\\n%{http_code}' --max-time 30`, { POSTAGE_API_KEY: secret });
    const lines = output.trim().split('\n');
    answers.push({ operation, status: lines.pop() ?? '', body: lines.join('\n') });
  }
  // A webhook URL must resolve when it is saved; these machines have no DNS (a reader's resolves).
  const noDns = (a: { status: string; body: string }) =>
    a.status === '400' && /example\.com does not resolve/.test(a.body);
  expect(answers.filter((a) => !/^(2\d\d|403|404|409|422|429|502|503)$/.test(a.status) && !noDns(a))).toEqual([]);
  // And they did something: the sends were queued.
  expect(answers.find((a) => a.operation === 'POST /api/send/')?.status).toBe('200');
}, 180_000);
