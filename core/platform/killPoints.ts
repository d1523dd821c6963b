// Test-only crash switch (docs/operations.md, "Fault tolerance"): POSTAGE_KILL_AT names points
// (`before:recordOutcome`, `ses:answered`, ...) at which this process kills itself with SIGKILL,
// the way a machine dies: no finally blocks, no shutdown, nothing flushed. The kill-point suite
// (test/faults/killPoints) walks every point of a message's story with it. Refused when
// NODE_ENV=production, and costs one Set lookup when unarmed.
import { writeSync } from 'node:fs';
import { ConfigError } from './config';

export const KILL_AT_ENV = 'POSTAGE_KILL_AT';
let armed: ReadonlySet<string> = new Set();

/** Reads POSTAGE_KILL_AT (comma-separated point names); a process started with it in production refuses to start. */
export function armKillPoints(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env[KILL_AT_ENV]?.trim();
  if (!raw) return false;
  if (env.NODE_ENV === 'production')
    throw new ConfigError(`${KILL_AT_ENV} is a test switch and is refused when NODE_ENV=production`);
  armed = new Set(raw.split(',').map((p) => p.trim()));
  return true;
}

/** Dies here, at once, when this point is armed. */
export function killPoint(name: string): void {
  if (!armed.has(name)) return;
  writeSync(2, `postage: killed at ${name} (${KILL_AT_ENV})\n`);
  process.kill(process.pid, 'SIGKILL');
  // Nothing may run after the point while the signal lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
