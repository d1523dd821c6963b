// The API's TypeScript types (sdks/typescript/src/generated/openapi.ts, the SDK's and the
// dashboard's one file) and sdks/openapi.json, the document they and the other SDKs are generated
// from, are generated from the OpenAPI document; this fails when either committed file is not
// what the current document gives (run `npm run generate:api`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

test('sdks/openapi.json and sdks/typescript/src/generated/openapi.ts are what the current /openapi.json generates', () => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', '..', 'tools', 'apiTypes.ts'), '--check'],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  expect(run.stderr.split('\n').filter((l) => /is stale: run/.test(l))).toEqual([]);
  expect(run.status).toBe(0);
});
