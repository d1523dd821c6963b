// The customer CLI as its users install it (the packed @postage/cli and @postage/sdk in an empty
// project), driven as a child process by its own tests (postage-cli/test.sh, node --test) against
// the real API of a test stack, with the SDKs' fixtures (test/sdks/fixtures.ts) in the environment.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { sdkFixtures } from '../sdks/fixtures';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI_TIMEOUT_MS = 8 * 60_000;

let stack: ServiceStack;
let env: Record<string, string>;

beforeAll(async () => {
  stack = await startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '600' } });
  env = { ...(await sdkFixtures(stack)), POSTAGE_BASE_URL: stack.baseUrl };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

function runCliTests(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [path.join(ROOT, 'postage-cli', 'test.sh')], {
      cwd: path.join(ROOT, 'postage-cli'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT_MS - 10_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      process.stdout.write(`\n--- postage-cli ---\n${output.slice(-8000)}\n`);
      resolve({ code, output });
    });
  });
}

test(
  'postage, installed from its packed tarball, passes its tests against the real API',
  async () => {
    const { code, output } = await runCliTests();
    expect({ code, tail: code === 0 ? '' : output.slice(-3000) }).toEqual({ code: 0, tail: '' });
  },
  CLI_TIMEOUT_MS,
);
