// The test-only crash switch (core/platform/killPoints.ts) cannot be armed in production, and an
// unarmed or other point does nothing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { armKillPoints, killPoint } from '../../core/platform/killPoints';

const ROOT = path.resolve(__dirname, '..', '..');

test('POSTAGE_KILL_AT is refused when NODE_ENV=production', () => {
  expect(() => armKillPoints({ NODE_ENV: 'production', POSTAGE_KILL_AT: 'before:sendViaSes' })).toThrow(
    /refused when NODE_ENV=production/,
  );
  expect(armKillPoints({ NODE_ENV: 'production' })).toBe(false);
});

test('an armed point kills the process with SIGKILL at once; other points pass', () => {
  const script = `
    const { armKillPoints, killPoint } = require('./core/platform/killPoints');
    armKillPoints({ POSTAGE_KILL_AT: 'here' });
    killPoint('elsewhere');
    console.log('passed elsewhere');
    killPoint('here');
    console.log('still alive');`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(run.signal).toBe('SIGKILL');
  expect(run.stdout).toBe('passed elsewhere\n');
  expect(run.stderr).toContain('killed at here');
  killPoint('here'); // not armed in this process
});
