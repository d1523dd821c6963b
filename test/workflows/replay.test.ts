// Workflows already running when a new worker version is deployed must replay on it. These
// histories were recorded with the code before bookkeeping became local activities (ordinary
// activities, no patch marker): the current workflow code must replay them without a
// nondeterminism error, taking the same path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker, type ReplayHistoriesIterable } from '@temporalio/worker';
import { testInfra } from '../helpers/env';

const HISTORIES = ['sendEmail-test-bounced-before-local-bookkeeping.json', 'sendEmail-real-delivered-before-local-bookkeeping.json'];

const load = (file: string) => temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(path.join(__dirname, '../fixtures/histories', file), 'utf8')));

test.each(HISTORIES)('%s replays on the current workflow code', async (file) => {
  const history = load(file);
  // A recorded history must be what it says: ordinary activities, no local activity markers.
  const types = (history.events ?? []).map((e) => e.eventType);
  expect(types).toContain(10); // ACTIVITY_TASK_SCHEDULED
  expect(types).not.toContain(25); // MARKER_RECORDED
  await expect(Worker.runReplayHistory({ workflowBundle: { codePath: testInfra().workflowBundlePath } }, history)).resolves.toBeUndefined();
});

test('old and new runs replay side by side in one worker: each run keeps its own choice of bookkeeping', async () => {
  // The choice is module state, which the SDK keeps per workflow run: a run without the patch
  // marker must not hand ordinary activities to the next run on the same worker, nor the reverse.
  const files = [HISTORIES[0]!, 'sendEmail-test-bounced-local-bookkeeping.json', HISTORIES[1]!, 'sendEmail-test-bounced-local-bookkeeping.json'];
  const histories: ReplayHistoriesIterable = files.map((file, i) => ({ workflowId: `replay-${i}`, history: load(file) }));
  const results: { error?: unknown }[] = [];
  for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath: testInfra().workflowBundlePath } }, histories)) results.push(result);
  expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined, undefined]);
  expect(load(files[1]!).events!.map((e) => e.eventType)).toContain(25); // the new one has markers
});
