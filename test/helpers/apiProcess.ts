// The API and the worker as their own processes (`tsx api/server.ts`, `tsx worker/main.ts`), for
// tests that need process-level settings the in-process stack cannot have (NODE_EXTRA_CA_CERTS is
// read once, at process start), or that kill and restart them.
import path from 'node:path';
import { freePort, startProcess, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { testInfra } from './env';

const ROOT = path.resolve(__dirname, '..', '..');

export async function startApiProcess(
  env: Record<string, string>,
): Promise<{ baseUrl: string; process: ManagedProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = startProcess('api', process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'server.ts')], {
    logFile: path.join(testInfra().runDir, 'logs', `api-${port}.log`),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, API_PORT: String(port) },
    cwd: ROOT,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor('the API process', async () => (await fetch(`${baseUrl}/healthz`)).ok, 60_000, proc);
  return { baseUrl, process: proc, stop: () => proc.stop() };
}

/** The worker as its own process (`tsx worker/main.ts`), logging to `logFile`; not waited for. */
export function startWorkerProcess(env: Record<string, string>, logFile: string): ManagedProcess {
  return startProcess('worker', process.execPath, ['--import', 'tsx', path.join(ROOT, 'worker', 'main.ts')], {
    logFile,
    env: { ...process.env, ...env },
    cwd: ROOT,
  });
}
