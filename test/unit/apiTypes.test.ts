// The dashboard's API types are generated from the OpenAPI document; this fails when the committed
// file is not what the current document generates (run `npm run generate:api`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

test('dashboard/src/generated/openapi.ts is what the current /openapi.json generates', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', 'tools', 'apiTypes.ts'), '--check'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  expect(run.stderr.split('\n').filter((l) => /stale/.test(l))).toEqual([]);
  expect(run.status).toBe(0);
});
