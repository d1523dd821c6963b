// The code an authenticator app shows, computed by PyPI's pyotp (tools/ensure-pyotp.sh installs it)
// rather than by the library the API checks codes with, so a test agrees with the apps, not with itself.
import { spawnSync } from 'node:child_process';
import { requireToolPath } from '../../tools/stack/processes';

/**
 * The code for the base32 `secret`, `offset` seconds from now. A code's 30-second time step is
 * accepted once: a second sign-in soon after the first takes the next step's code (offset 30).
 */
export function totp(secret: string, offset = 0): string {
  const run = spawnSync(
    requireToolPath('POSTAGE_PYOTP_PYTHON'),
    [
      '-c',
      'import sys, time, pyotp; print(pyotp.TOTP(sys.argv[1]).at(time.time() + float(sys.argv[2])))',
      secret,
      String(offset),
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`pyotp failed: ${run.stderr}`);
  return run.stdout.trim();
}
