// moto's server (PyPI, installed by tools/ensure-moto.sh): a real local peer for AWS STS/IAM
// (and whatever else of AWS it implements) at the process boundary. `env` passes moto settings,
// for example INITIAL_NO_AUTH_ACTION_COUNT to switch IAM enforcement on after set-up calls.
import { requireToolPath, startProcess, waitFor, type ManagedProcess } from './processes';

export async function startMoto(opts: {
  port: number;
  logFile: string;
  env?: Record<string, string>;
}): Promise<{ process: ManagedProcess; endpoint: string }> {
  const proc = startProcess(
    'moto',
    requireToolPath('POSTAGE_MOTO_SERVER'),
    ['-H', '127.0.0.1', '-p', String(opts.port)],
    {
      logFile: opts.logFile,
      env: { ...process.env, ...opts.env },
    },
  );
  const endpoint = `http://127.0.0.1:${opts.port}`;
  await waitFor('moto', async () => (await fetch(`${endpoint}/moto-api/`)).status < 500, 30_000, proc);
  return { process: proc, endpoint };
}
