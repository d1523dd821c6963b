// The official SDKs, each tested as its users install it (a packed tarball, a built wheel in a
// fresh virtual environment, a Go module) by its own tests in its own language, against the real
// API of a test stack: sdks/<language>/test.sh, given the fixtures of test/sdks/fixtures.ts
// through the environment. A failing SDK test fails here with its output.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startMxProcess, type MxProcess } from '../helpers/mxListener';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { sdkFixtures, startFlakyProxy } from './fixtures';

const ROOT = path.resolve(__dirname, '..', '..');
const SDK_TIMEOUT_MS = 8 * 60_000;

let stack: ServiceStack;
let proxy: Awaited<ReturnType<typeof startFlakyProxy>>;
let mx: MxProcess;
let env: Record<string, string>;

beforeAll(async () => {
  // Three SDKs' tests share the ready account's keys: room for all of them in one minute.
  stack = await startServiceStack({ env: { RATE_LIMIT_PER_MINUTE: '600' } });
  proxy = await startFlakyProxy(stack.baseUrl);
  // The MX listener, so that each SDK's tests receive a real message (docs/inbound.md).
  mx = await startMxProcess(stack);
  env = {
    ...(await sdkFixtures(stack)),
    POSTAGE_BASE_URL: stack.baseUrl,
    POSTAGE_FLAKY_BASE_URL: proxy.url,
    POSTAGE_MX_HOST: '127.0.0.1',
    POSTAGE_MX_PORT: String(mx.port),
  };
}, 120_000);
afterAll(async () => {
  await mx?.process.stop();
  await proxy?.close();
  await stack?.stop();
});

function runSdkTests(language: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [path.join(ROOT, 'sdks', language, 'test.sh')], {
      cwd: path.join(ROOT, 'sdks', language),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), SDK_TIMEOUT_MS - 10_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      process.stdout.write(`\n--- sdks/${language} ---\n${output.slice(-6000)}\n`);
      resolve({ code, output });
    });
  });
}

test.each(['typescript', 'python', 'go'])(
  'the %s SDK, installed as its users install it, passes its tests against the real API',
  async (language) => {
    const before = proxy.dropped();
    const { code, output } = await runSdkTests(language);
    expect({ language, code, tail: code === 0 ? '' : output.slice(-3000) }).toEqual({ language, code: 0, tail: '' });
    // Its retry test met a lost answer (and, per its own assertion, sent once).
    expect(proxy.dropped()).toBeGreaterThan(before);
  },
  SDK_TIMEOUT_MS,
);
