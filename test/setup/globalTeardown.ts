import fs from 'node:fs';
import { stopAll } from '../../tools/stack/processes';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__POSTAGE_TEST_SES_RECORDER__?.close();
  await stopAll(globalThis.__POSTAGE_TEST_PROCESSES__ ?? []);
  const runDir = process.env.POSTAGE_TEST_RUN_DIR;
  // POSTAGE_KEEP_TEST_RUN=1 keeps the run's logs (.tools/test-runs/) for reading after a failure.
  if (runDir && !process.env.POSTAGE_KEEP_TEST_RUN) fs.rmSync(runDir, { recursive: true, force: true });
}
