// Production runs the compiled JavaScript that `npm run build` writes to dist/ (tsconfig.build.json),
// not the TypeScript under tsx that every other test runs. So the build is compiled here, and its
// migrations, API and worker are started with plain `node` against the test infrastructure: the
// migrations keep the names the databases recorded, the API answers, the worker bundles the
// compiled workflows, a message sent through the compiled API is delivered by the compiled
// worker, and templates render in the compiled render threads. The compose file and the
// Dockerfile run exactly these files.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import YAML from 'yaml';
import { DASHBOARD_DIST } from '../../api/routes/dashboard';
import { createApiKey } from '../../core/accounts/apiKeys';
import { freePort, startProcess, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { call, send } from '../api/helpers/http';
import { testEnv } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { eventually } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);
const processes: ManagedProcess[] = [];
let database: TestDatabase;
let emptyDb: string;
let out: string;

const logFile = (name: string) => path.join(testInfra().runDir, 'logs', `compiled-${name}.log`);
const admin = async (sql: string) => {
  const client = new Client({ connectionString: `${testInfra().pgServerUrl}/postgres` });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

beforeAll(async () => {
  // Inside the checkout, as dist/ is: the build finds node_modules and the dashboard from there.
  fs.mkdirSync(path.join(ROOT, '.tools'), { recursive: true });
  out = fs.mkdtempSync(path.join(ROOT, '.tools', 'build-check-'));
  // The build's tsc step; `--noCheck` because `npm test` type-checks the same files already.
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck', '--outDir', out], { cwd: ROOT });
  database = await createTestDatabase();
  emptyDb = `postage_build_${path.basename(out).replace(/\W/g, '_').toLowerCase()}`;
  await admin(`CREATE DATABASE ${emptyDb}`);
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.drop();
  if (emptyDb) await admin(`DROP DATABASE IF EXISTS ${emptyDb} WITH (FORCE)`);
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

test('`npm run build` compiles the processes to dist/ with tsconfig.build.json, which the image and compose run', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.build).toContain('build:server');
  expect(pkg.scripts['build:server']).toContain('tsc -p tsconfig.build.json');
  const compose = YAML.parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { build?: string; command?: string[] }>;
  };
  const built = Object.entries(compose.services).filter(([, s]) => s.build);
  for (const [name, service] of built.filter(([, s]) => s.command)) {
    // node dist/….js, and that file is what the build writes (dist/ → this run's output).
    expect({ name, command: service.command }).toEqual({
      name,
      command: ['node', expect.stringMatching(/^dist\/.+\.js$/)],
    });
    expect({ name, exists: fs.existsSync(path.join(out, service.command![1]!.slice('dist/'.length))) }).toEqual({
      name,
      exists: true,
    });
  }
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const instructions = dockerfile.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  // Every stage on the BASE_IMAGE build argument, Node 24's official image unless a local base is given.
  expect(instructions[0]).toMatch(/^ARG BASE_IMAGE=node:24[\w.-]*$/);
  const bases = instructions.filter((line) => line.startsWith('FROM '));
  expect(bases.length).toBeGreaterThan(0);
  for (const base of bases) expect(base).toMatch(/^FROM \$\{BASE_IMAGE\}( AS \w+)?$/);
  expect(instructions).toContain('RUN npm run build && npm prune --omit=dev');
  expect(instructions).toContain('CMD ["node", "dist/api/server.js"]');
  expect(instructions.filter((line) => line.includes('tsx'))).toEqual([]);
});

test('the compiled migrations run on an empty database and find a source-migrated one up to date', async () => {
  const infra = testInfra();
  const migrate = (url: string) =>
    run(process.execPath, [path.join(out, 'tools', 'migrate.js')], {
      cwd: ROOT,
      env: { ...process.env, ...testEnv({ DATABASE_URL: url }) },
    });
  const migrations = fs
    .readdirSync(path.join(ROOT, 'migrations'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  expect((await migrate(`${infra.pgServerUrl}/${emptyDb}`)).stdout.trim()).toBe(
    `applied ${migrations.length} migration(s)`,
  );
  // Under the names that tsx runs recorded, so one database can be migrated either way.
  const client = new Client({ connectionString: `${infra.pgServerUrl}/${emptyDb}` });
  await client.connect();
  const recorded = await client
    .query<{ name: string }>('SELECT name FROM knex_migrations ORDER BY id')
    .finally(() => client.end());
  expect(recorded.rows.map((r) => r.name)).toEqual(migrations);
  // The test databases were migrated from the TypeScript sources (test/setup/globalSetup.ts).
  expect((await migrate(database.url)).stdout.trim()).toBe('database is up to date');
});

test('the compiled API and worker start with plain node, and a message sent through them is delivered', async () => {
  const env = { ...process.env, ...testEnv({ DATABASE_URL: database.url }) };
  const [apiPort, healthPort] = await Promise.all([freePort(), freePort()]);
  const api = startProcess('compiled api', process.execPath, [path.join(out, 'api', 'server.js')], {
    logFile: logFile(`api-${apiPort}`),
    env: { ...env, API_PORT: String(apiPort) },
    cwd: ROOT,
  });
  const worker = startProcess('compiled worker', process.execPath, [path.join(out, 'worker', 'main.js')], {
    logFile: logFile(`worker-${healthPort}`),
    env: { ...env, WORKER_HEALTH_PORT: String(healthPort) },
    cwd: ROOT,
  });
  processes.push(api, worker);
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  await waitFor('the compiled API', async () => (await fetch(`${baseUrl}/healthz`)).status === 200, 60_000, api);
  expect((await fetch(`${baseUrl}/openapi.json`)).status).toBe(200);
  // The dashboard is found from dist/ as from the sources (built by `npm test` before the tests).
  expect((await fetch(`${baseUrl}/`)).status).toBe(fs.existsSync(path.join(DASHBOARD_DIST, 'index.html')) ? 200 : 404);

  // The worker bundles dist/workflows/index.js (WORKFLOWS_PATH in the build) before it polls.
  await waitFor(
    'the compiled worker',
    async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status === 200,
    120_000,
    worker,
  );
  const sender = await createSender(database.db);
  const answer = await send({ baseUrl }, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: 'delivered@test.postage.dev',
    subject: 'Compiled',
    message: 'Hello.',
  });
  expect(answer.status).toBe(200);

  // Templates render in threads running dist/core/templates/renderWorker.js, stopped past their bounds.
  const { secret } = await createApiKey(
    database.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const manage = (path: string, body: unknown) =>
    call(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': secret, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(
    (
      await manage('/api/templates', {
        name: 'Compiled',
        alias: 'compiled',
        subject: 'Hi {{ name }}',
        html: '{% for i in (from..to) %}{{ i }}{% endfor %}{{ name }}',
      })
    ).status,
  ).toBe(201);
  const preview = await manage('/api/templates/compiled/preview', { variables: { name: 'Ada', from: 1, to: 3 } });
  expect([preview.status, preview.json.subject, preview.json.html]).toEqual([200, 'Hi Ada', '123Ada']);
  const hostile = await manage('/api/templates/compiled/preview', {
    variables: { name: 'Ada', from: 9007199254740992, to: 9007199254740994 },
  });
  expect([hostile.status, (hostile.json.errors as Record<string, string[]>).variables]).toEqual([
    400,
    [expect.stringMatching(/stopped/)],
  ]);
  await eventually(
    'the compiled worker to deliver it',
    async () => {
      const metrics = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
      return (
        Number(/^postage_outcomes_total\{status="delivered",process="worker"\} (\d+)$/m.exec(metrics)?.[1] ?? 0) >= 1 ||
        undefined
      );
    },
    60_000,
  );
}, 240_000);
