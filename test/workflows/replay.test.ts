// Workflows already running when a new worker version is deployed must replay on it. These
// histories were recorded with the code before bookkeeping became local activities (ordinary
// activities, no patch marker): the current workflow code must replay them without a
// nondeterminism error, taking the same path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { testInfra } from '../helpers/env';

const HISTORIES = ['sendEmail-test-bounced-before-local-bookkeeping.json', 'sendEmail-real-delivered-before-local-bookkeeping.json'];

test.each(HISTORIES)('%s replays on the current workflow code', async (file) => {
  const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(path.join(__dirname, '../fixtures/histories', file), 'utf8')));
  // A recorded history must be what it says: ordinary activities, no local activity markers.
  const types = (history.events ?? []).map((e) => e.eventType);
  expect(types).toContain(10); // ACTIVITY_TASK_SCHEDULED
  expect(types).not.toContain(25); // MARKER_RECORDED
  await expect(Worker.runReplayHistory({ workflowBundle: { codePath: testInfra().workflowBundlePath } }, history)).resolves.toBeUndefined();
});
