// WORKFLOW_STACK_TRACES (worker/stackTraces.ts, patches/README.md): without it the workflow
// threads skip the SDK's per-promise hook and the Temporal UI's Stack Trace tab says stack traces
// are not enabled; with it the tab shows where the run waits. Fails where the patch did not apply.
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode } from '@temporalio/worker';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTimeSkippingEnv } from '../helpers/timeSkipping';

let env: TestWorkflowEnvironment;
let dir: string;
const bundlePath = () => path.join(dir, 'workflows.js');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-traces-'));
  const [started, bundle] = await Promise.all([
    createTimeSkippingEnv(),
    bundleWorkflowCode({
      workflowsPath: path.join(__dirname, '../fixtures/workflows/stackTraces.ts'),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} },
    }),
  ]);
  env = started;
  fs.writeFileSync(bundlePath(), bundle.code);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the Stack Trace tab shows for a waiting run on a worker process started with the switch as given. */
async function stackTraceTab(on: boolean): Promise<string> {
  const probe = path.join(__dirname, '../fixtures/stackTraceProbe.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', probe, env.address, on ? 'on' : 'off', bundlePath()],
    { timeout: 60_000 },
  );
  return (JSON.parse(stdout) as { answer: string }).answer;
}

test('off (the default): the query is refused, no stack is kept for it', async () => {
  expect(await stackTraceTab(false)).toMatch(/^refused: .*stack traces are not enabled/i);
}, 90_000);

test('on: the stack trace shows where the run waits', async () => {
  expect(await stackTraceTab(true)).toContain('waitsForever');
}, 90_000);
