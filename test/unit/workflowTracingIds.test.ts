// Traces must not change what a workflow computes (docs/operations.md, "Traces"): in the sandbox
// `Math.random` is the workflow's seeded PRNG, the one `uuid4()` reads, so a tracer drawing span
// ids from it would give every later uuid4() (an outcome's `recordedBy`, a test provider id) a
// different value on a worker with traces on than on one with them off, and a local activity
// re-run on the other kind of worker would not recognise its own write. The same recorded history
// is replayed with and without the tracing interceptors, and what the workflow scheduled compared.
import path from 'node:path';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { temporal } from '@temporalio/proto';
import { bundleWorkflowCode, Worker, type InjectedSinks } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../../worker/createWorker';
import { bundleHasTracing, WORKFLOW_TRACING_MODULE } from '../../worker/workflowTracing';
import { seededIdGenerator } from '../../worker/workflowTracingInterceptors';
import type { SpySinks } from '../helpers/activityInputSpy';

const SPY = require.resolve('../helpers/activityInputSpy');
const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} };

/** Recorded on the current workflow code: a test-recipient send that bounced (uuid4 for its provider id and outcome). */
const history = temporal.api.history.v1.History.fromObject(
  JSON.parse(
    readFileSync(path.join(__dirname, '../fixtures/histories/sendEmail-test-bounced-lean-bookkeeping.json'), 'utf8'),
  ),
);

/** What the workflow scheduled on replay, and whether the worker's start-up check sees tracing in the bundle. */
async function scheduledOnReplay(modules: string[]): Promise<{ calls: [string, unknown[]][]; traced: boolean }> {
  const workflowBundle = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [...modules, SPY],
    logger: quiet,
  });
  const scheduled: [string, unknown[]][] = [];
  const sinks: InjectedSinks<SpySinks> & Record<string, unknown> = {
    spy: { scheduled: { fn: (_info, type, args) => void scheduled.push([type, args]), callDuringReplay: true } },
    // The tracing interceptors' sink: a replay exports nothing.
    exporter: { export: { fn: () => undefined } },
  };
  await Worker.runReplayHistory({ workflowBundle, sinks }, history);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bundle-')), 'workflows.js');
  writeFileSync(file, workflowBundle.code);
  return { calls: scheduled, traced: bundleHasTracing(file) };
}

test('the workflow schedules the same activities with the same ids with traces on and off', async () => {
  const [plain, traced] = await Promise.all([scheduledOnReplay([]), scheduledOnReplay([WORKFLOW_TRACING_MODULE])]);
  // The worker's warning about a pre-built bundle (WORKFLOW_BUNDLE_PATH) without tracing tells them apart.
  expect([plain.traced, traced.traced]).toEqual([false, true]);
  const [off, on] = [plain.calls, traced.calls];
  // The outcome's `recordedBy` is a uuid4() drawn after the run's span started.
  const recordedBy = (calls: [string, unknown[]][]) =>
    calls
      .filter(([type]) => type === 'recordOutcome')
      .map(([, args]) => (args[0] as { recordedBy?: unknown }).recordedBy);
  expect(recordedBy(off)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  expect(recordedBy(on)).toEqual(recordedBy(off));
  expect(on).toEqual(off);
}, 120_000);

test('span ids come from the run id: the same for the same run, different between runs, never all zeros', () => {
  const a = seededIdGenerator('run-a');
  const again = seededIdGenerator('run-a');
  const b = seededIdGenerator('run-b');
  const ids = Array.from({ length: 50 }, () => a.generateSpanId());
  expect(Array.from({ length: 50 }, () => again.generateSpanId())).toEqual(ids);
  expect(new Set(ids).size).toBe(50);
  expect(ids).not.toContain(b.generateSpanId());
  expect(a.generateTraceId()).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
  expect(ids.every((id) => /^(?!0+$)[0-9a-f]{16}$/.test(id))).toBe(true);
});
