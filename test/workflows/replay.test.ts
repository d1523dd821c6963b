// Workflows already running when a new worker version is deployed must replay on it. Which ones
// can is set by the patch lifecycle (docs/deployment.md, "Workflow changes"): bookkeeping became
// local activities behind `patched('local-bookkeeping')`, and this code is step 2 of retiring the
// old branch (`deprecatePatch`), together with the rest of the pre-outbox path (the workflow's
// repeated looks for a commit that came after the start). Histories recorded with the patch
// marker replay; histories recorded before the patch (ordinary activities, no marker), and a run
// that was still looking for its commit, now fail with a nondeterminism error, which is why this
// release is deployed only once no such run is open.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker, type ReplayHistoriesIterable } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { testInfra } from '../helpers/env';

/** Recorded with `patched('local-bookkeeping')`: they must replay on the current code. */
const STILL_REPLAY = ['sendEmail-test-bounced-local-bookkeeping.json'];
/** Recorded before the patch: no longer replayable (no such run may be open when this is deployed). */
const NO_LONGER_REPLAY = [
  'sendEmail-test-bounced-before-local-bookkeeping.json',
  'sendEmail-real-delivered-before-local-bookkeeping.json',
];
/**
 * Recorded with the patch by the code before this release, for a message it did not find: it
 * looked again after timers until the 60 s grace, then ended not_accepted. The current code looks
 * once, so it no longer replays either.
 */
const LOOKED_AGAIN = 'sendEmail-not-accepted-looked-again-local-bookkeeping.json';

/** Recorded on this code: `patched('lean-bookkeeping')` (workflows/activityProxies.ts). */
const LEAN = 'sendEmail-test-bounced-lean-bookkeeping.json';

const ACTIVITY_TASK_SCHEDULED = 10;
const TIMER_STARTED = 17;
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

test.each(STILL_REPLAY)('%s (recorded with the patch marker) replays on the current workflow code', async (file) => {
  // A recorded history must be what it says: local activity markers after the patch's own marker.
  expect(patchMarkers(file)).toEqual([{ id: 'local-bookkeeping', deprecated: false }]);
  expect(eventTypes(file)).toContain(MARKER_RECORDED);
  await expect(replay(file)).resolves.toBeUndefined();
});

test(`${LEAN} (recorded with 'lean-bookkeeping') replays, with fewer steps than the run before it`, async () => {
  expect(patchMarkers(LEAN)).toEqual([
    { id: 'lean-bookkeeping', deprecated: false },
    { id: 'local-bookkeeping', deprecated: true },
  ]);
  // No findWebhookEndpoints or discardStagedAttachments step; webhook deliveries are local
  // activities (no activity task, one workflow task in all).
  expect(localActivities(LEAN)).toEqual([
    'recordQueuedMessage',
    'recordSent',
    'deliverWebhook',
    'recordOutcome',
    'deliverWebhook',
  ]);
  expect(eventTypes(LEAN)).not.toContain(ACTIVITY_TASK_SCHEDULED);
  expect(localActivities(STILL_REPLAY[0]!)).toContain('findWebhookEndpoints');
  await expect(replay(LEAN)).resolves.toBeUndefined();
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

test(`${LOOKED_AGAIN} (waited for a commit after the start) fails to replay with a nondeterminism error`, async () => {
  expect(patchMarkers(LOOKED_AGAIN)).toEqual([{ id: 'local-bookkeeping', deprecated: false }]);
  expect(eventTypes(LOOKED_AGAIN)).toContain(TIMER_STARTED);
  await expect(replay(LOOKED_AGAIN)).rejects.toBeInstanceOf(DeterminismViolationError);
});

test('old and new runs side by side in one worker: each old run fails alone, each new one replays', async () => {
  // Module state is per workflow run: a run that fails must not take the next run on the same
  // worker down with it.
  const files = [NO_LONGER_REPLAY[0]!, STILL_REPLAY[0]!, NO_LONGER_REPLAY[1]!, STILL_REPLAY[0]!];
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
  const verdict = (error: unknown) =>
    error === undefined ? 'replays' : error instanceof DeterminismViolationError ? 'nondeterminism' : String(error);
  expect(results.map((r) => verdict(r.error))).toEqual(['nondeterminism', 'replays', 'nondeterminism', 'replays']);
});
