// Workflows already running when a new worker version is deployed must replay on it. Which ones
// can is set by the patch lifecycle (docs/deployment.md, "Workflow changes"). Two patches are at
// play: `local-bookkeeping` (bookkeeping as local activities), now at step 3 (no call left), and
// `lean-bookkeeping` (fewer steps per message), now at step 2 (`deprecatePatch`). Histories recorded
// by the previous release (a `lean-bookkeeping` marker, a deprecated `local-bookkeeping` one) replay,
// for each workflow that took those steps; histories recorded before it (a `local-bookkeeping`
// marker that is not deprecated, or none at all) now fail with a nondeterminism error, which is
// why this release is deployed only once no such run is open.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker, type ReplayHistoriesIterable } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { testInfra } from '../helpers/env';

/** Recorded by the previous release (`patched('lean-bookkeeping')`): they must replay on the current code. */
const STILL_REPLAY = [
  'sendEmail-test-bounced-lean-bookkeeping.json',
  'sendEmail-real-delivered-lean-bookkeeping.json',
  'recordLateOutcome-complained-lean-bookkeeping.json',
  'recordEngagement-clicked-lean-bookkeeping.json',
];
/** Recorded before the patch: ordinary activities, no marker. */
const NO_LONGER_REPLAY = [
  'sendEmail-test-bounced-before-local-bookkeeping.json',
  'sendEmail-real-delivered-before-local-bookkeeping.json',
];
/**
 * Recorded with `patched('local-bookkeeping')` before the lean steps: the marker is not deprecated
 * and this code no longer asks for it (one of them also looked for its commit again after timers).
 */
const LOCAL_ONLY = [
  'sendEmail-test-bounced-local-bookkeeping.json',
  'sendEmail-not-accepted-looked-again-local-bookkeeping.json',
];

const ACTIVITY_TASK_SCHEDULED = 10;
const WORKFLOW_EXECUTION_SIGNALED = 26;
const MARKER_RECORDED = 25;

const load = (file: string) =>
  temporal.api.history.v1.History.fromObject(
    JSON.parse(readFileSync(path.join(__dirname, '../fixtures/histories', file), 'utf8')),
  );
const eventTypes = (file: string) => (load(file).events ?? []).map((e) => e.eventType);
const replay = (file: string) =>
  Worker.runReplayHistory({ workflowBundle: { codePath: testInfra().workflowBundlePath } }, load(file));

/** The patch ids of a history's patch markers (`core_patch`), as recorded. */
function patchMarkers(file: string): unknown[] {
  return (load(file).events ?? [])
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .map(
      (e) =>
        JSON.parse(
          Buffer.from(e.markerRecordedEventAttributes!.details!['patch-data']!.payloads![0]!.data!).toString(),
        ) as unknown,
    );
}

/** The local activities a history recorded, in order. */
function localActivities(file: string): string[] {
  return (load(file).events ?? [])
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity')
    .map(
      (e) =>
        (
          JSON.parse(
            Buffer.from(e.markerRecordedEventAttributes!.details!['data']!.payloads![0]!.data!).toString(),
          ) as { activity_type: string }
        ).activity_type,
    );
}

test.each(STILL_REPLAY)('%s (recorded by the previous release) replays on the current workflow code', async (file) => {
  // A recorded history must be what it says: the lean patch's marker, then local activity markers.
  expect(patchMarkers(file)).toContainEqual({ id: 'lean-bookkeeping', deprecated: false });
  expect(eventTypes(file)).toContain(MARKER_RECORDED);
  await expect(replay(file)).resolves.toBeUndefined();
});

test('the recorded real send is the whole story: SES as an activity, the outcome as a signal, bookkeeping local', async () => {
  const file = 'sendEmail-real-delivered-lean-bookkeeping.json';
  expect(patchMarkers(file)).toEqual([
    { id: 'lean-bookkeeping', deprecated: false },
    { id: 'local-bookkeeping', deprecated: true },
  ]);
  expect(localActivities(file)).toEqual(['recordQueuedMessage', 'deliverWebhook', 'recordOutcome', 'deliverWebhook']);
  expect(eventTypes(file)).toContain(ACTIVITY_TASK_SCHEDULED);
  expect(eventTypes(file)).toContain(WORKFLOW_EXECUTION_SIGNALED);
});

test.each(NO_LONGER_REPLAY)(
  '%s (recorded before the patch) fails to replay with a nondeterminism error',
  async (file) => {
    // Ordinary activities, no marker: the history of a run begun before local bookkeeping.
    expect(eventTypes(file)).toContain(ACTIVITY_TASK_SCHEDULED);
    expect(eventTypes(file)).not.toContain(MARKER_RECORDED);
    await expect(replay(file)).rejects.toBeInstanceOf(DeterminismViolationError);
  },
);

test.each(LOCAL_ONLY)('%s (a local-bookkeeping marker, not deprecated) fails to replay', async (file) => {
  expect(patchMarkers(file)).toEqual([{ id: 'local-bookkeeping', deprecated: false }]);
  // Either a nondeterminism error or a workflow task failure on the older steps' answers (the
  // lean path reads fields they lack): both stop the run's workflow tasks, which is the point.
  await expect(replay(file)).rejects.toThrow();
});

test('old and new runs side by side in one worker: each old run fails alone, each new one replays', async () => {
  // Module state is per workflow run: a run that fails must not take the next run on the same
  // worker down with it.
  const files = [NO_LONGER_REPLAY[0]!, STILL_REPLAY[0]!, LOCAL_ONLY[0]!, STILL_REPLAY[1]!];
  const histories: ReplayHistoriesIterable = files.map((file, i) => ({
    workflowId: `replay-${i}`,
    history: load(file),
  }));
  const results: { error?: unknown }[] = [];
  for await (const result of Worker.runReplayHistories(
    { workflowBundle: { codePath: testInfra().workflowBundlePath } },
    histories,
  ))
    results.push(result);
  expect(results.map((r) => (r.error === undefined ? 'replays' : 'fails'))).toEqual([
    'fails',
    'replays',
    'fails',
    'replays',
  ]);
  expect(results[0]!.error).toBeInstanceOf(DeterminismViolationError);
});
