// The SDKs' generated code is what the current document gives: each SDK's `generate.sh --check`
// regenerates from sdks/openapi.json (itself checked against the served document by
// test/unit/apiTypes.test.ts, which checks the TypeScript types too: the dashboard imports them)
// into a temporary folder and fails on any difference.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

test.each(['typescript', 'python', 'go'])(
  'the %s SDK’s generated code is what sdks/openapi.json gives (npm run generate:sdks)',
  (language) => {
    const run = spawnSync('bash', [path.join(ROOT, 'sdks', language, 'generate.sh'), '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 280_000,
    });
    expect({
      language,
      status: run.status,
      output: run.status === 0 ? '' : `${run.stdout}\n${run.stderr}`.slice(-3000),
    }).toEqual({ language, status: 0, output: '' });
  },
  300_000,
);
