// postage-admin account and plan commands, and the CLI's conventions (--help everywhere, --json,
// exit status 1 with a one-line reason), run as an operator runs them.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { cliFor, CLI_BIN, ok, runCli, type Cli } from './cliHarness';

let database: TestDatabase;
let cli: Cli;
const ACTOR = `cli:${os.userInfo().username}`;

beforeAll(async () => {
  database = await createTestDatabase();
  // Pausing and resuming start the owners' notices in Temporal: the run's, on a queue of this file's own.
  cli = cliFor({
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: testInfra().temporalAddress,
    TEMPORAL_TASK_QUEUE: `cli-accounts-${randomUUID()}`,
  });
});

afterAll(async () => {
  await database?.drop();
});

// Each group's --help lists its commands; commander gives every one of them --help the same way,
// so a few leaves stand for the rest (each leaf is run for real in its own test).
const GROUPS: Record<string, string[]> = {
  account: ['create', 'show', 'set', 'announce', 'list'],
  plan: ['set', 'list'],
  domain: ['add', 'verify', 'show', 'list', 'delete', 'mark-verified'],
  key: ['create', 'list', 'revoke'],
  webhook: ['create', 'list', 'set', 'delete', 'deliveries', 'listen'],
  byoc: ['configure', 'validate', 'show', 'policy'],
  suppression: ['list', 'add', 'remove'],
};
const LEAVES = [['log'], ['domain', 'add'], ['byoc', 'configure'], ['webhook', 'listen'], ['key', 'create']];

test('--help answers with the usage and the commands, without touching the database', async () => {
  // An unreachable database: help must not need one.
  const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' };
  const runs = [[], ...Object.keys(GROUPS).map((g) => [g]), ...LEAVES];
  const results = await Promise.all(runs.map((words) => runCli([...words, '--help'], env)));
  results.forEach((r, i) => {
    const words = runs[i]!;
    expect({ words, code: r.code, usage: r.stdout.split('\n')[0] }).toEqual({
      words,
      code: 0,
      usage: expect.stringMatching(new RegExp(`^Usage: postage-admin ${words.join(' ')}`.trim())),
    });
    const listed = [...r.stdout.matchAll(/^ {2}([a-z-]+)\b/gm)].map((m) => m[1]);
    if (words.length === 0) expect(listed).toEqual(expect.arrayContaining([...Object.keys(GROUPS), 'log']));
    else if (GROUPS[words[0]!] && words.length === 1)
      expect(listed).toEqual(expect.arrayContaining(GROUPS[words[0]!]!));
  });
});

test('npx postage-admin runs the linked bin', async () => {
  const { stdout } = await promisify(execFile)('npx', ['--no-install', 'postage-admin', 'plan', '--help'], {
    cwd: path.resolve(__dirname, '..', '..'),
  });
  expect(stdout).toContain('Usage: postage-admin plan');
  expect(CLI_BIN).toMatch(/node_modules\/\.bin\/postage-admin$/);
});

test('plan list shows the seeded plans with the free BYOC allowance of 50; plan set changes and creates plans', async () => {
  const listed = ok(await cli(['plan', 'list'])).json as {
    name: string;
    sharedMonthlyQuota: number;
    byocMonthlyQuota: number;
  }[];
  // Retention bounds: no plan starts with one of its own, the deployment's settings apply (docs/privacy.md).
  const bounds = { maxLogRetentionDays: null, maxContentRetentionDays: null, maxReceivedRetentionDays: null };
  expect(listed.find((p) => p.name === 'free')).toEqual({
    name: 'free',
    sharedMonthlyQuota: 0,
    byocMonthlyQuota: 50,
    ...bounds,
  });
  expect(listed.map((p) => p.name)).toEqual(expect.arrayContaining(['growth', 'pro']));

  expect(ok(await cli(['plan', 'set', 'free', '--byoc-monthly', '75'])).json).toEqual({
    name: 'free',
    sharedMonthlyQuota: 0,
    byocMonthlyQuota: 75,
    ...bounds,
  });
  expect(ok(await cli(['plan', 'set', 'scale', '--shared-monthly', '1000000'])).json).toEqual({
    name: 'scale',
    sharedMonthlyQuota: 1000000,
    byocMonthlyQuota: 0,
    ...bounds,
  });
  const after = ok(await cli(['plan', 'list'])).json as { name: string; byocMonthlyQuota: number }[];
  expect(after.find((p) => p.name === 'free')!.byocMonthlyQuota).toBe(75);
  expect(after.map((p) => p.name)).toContain('scale');

  const refused = await cli(['plan', 'set', 'free', '--shared-monthly', '10']);
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  expect(refused.stderr).toContain('free plan cannot include shared sending');
  const negative = await cli(['plan', 'set', 'pro', '--byoc-monthly', '-3']);
  expect(negative.code).toBe(1);
  expect(negative.stderr).toMatch(/whole number/);
});

test('plan set changes a plan’s retention bounds, each a whole number of days from 1 or none', async () => {
  expect(ok(await cli(['plan', 'set', 'archive', '--max-log-retention-days', '7'])).json).toMatchObject({
    name: 'archive',
    maxLogRetentionDays: 7,
    maxContentRetentionDays: null,
  });
  expect(ok(await cli(['plan', 'set', 'archive', '--max-log-retention-days', 'none'])).json).toMatchObject({
    maxLogRetentionDays: null,
  });
  const zero = await cli(['plan', 'set', 'archive', '--max-received-retention-days', '0']);
  expect(zero.code).toBe(1);
  expect(zero.stderr).toMatch(/1 or more/);
});

test('account create, show, set and list; every change is in the audit trail with who and when', async () => {
  const created = ok(
    await cli(['account', 'create', '--email', 'Ops@Example.com', '--name', 'Ops', '--plan', 'growth', '--verified']),
  ).json;
  expect(created).toMatchObject({
    email: 'ops@example.com',
    name: 'Ops',
    plan: 'growth',
    isVerified: true,
    sendingSuspended: false,
  });
  expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

  const free = ok(await cli(['account', 'create', '--email', 'free@example.com'])).json;
  expect(free).toMatchObject({ plan: null, isVerified: false });

  const suspended = ok(
    await cli(['account', 'set', created.id, '--suspended', 'true', '--reason', 'complaints', '--plan', 'pro']),
  ).json;
  expect(suspended).toMatchObject({ sendingSuspended: true, suspendedReason: 'complaints', plan: 'pro' });
  const restored = ok(
    await cli(['account', 'set', 'ops@example.com', '--suspended', 'false', '--verified', 'false', '--plan', 'none']),
  ).json;
  expect(restored).toMatchObject({ sendingSuspended: false, suspendedReason: null, isVerified: false, plan: null });

  const shown = ok(await cli(['account', 'show', created.id])).json;
  expect(shown.account).toMatchObject({ id: created.id, email: 'ops@example.com' });
  expect(shown.usageCurrentMonth).toEqual({ byoc: 0, shared: 0 });
  expect(shown.byocConfigured).toBe(false);
  expect(shown.plan).toMatchObject({ name: 'free', byocMonthlyQuota: expect.any(Number) });
  const audit = shown.audit as {
    actor: string;
    action: string;
    details: Record<string, { from: unknown; to: unknown }>;
    createdAt: string;
  }[];
  expect(audit.map((e) => e.action)).toEqual(['account.update', 'account.update', 'account.create']);
  expect(audit.every((e) => e.actor === ACTOR && !Number.isNaN(Date.parse(e.createdAt)))).toBe(true);
  expect(audit[1]!.details).toMatchObject({
    plan: { from: 'growth', to: 'pro' },
    sending_suspended: { from: false, to: true },
  });
  expect(audit[0]!.details).toMatchObject({ plan: { from: 'pro', to: null }, is_verified: { from: true, to: false } });

  const listed = ok(await cli(['account', 'list'])).json as { email: string }[];
  expect(listed.map((a) => a.email)).toEqual(['ops@example.com', 'free@example.com']);

  // Human-readable by default.
  const text = await runCli(['account', 'show', 'ops@example.com'], { DATABASE_URL: database.url, NODE_ENV: 'test' });
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/email:\s+ops@example\.com/);
  expect(text.stdout).toContain('Recent changes:');
});

test('errors exit 1 with a one-line reason (and a JSON error object with --json)', async () => {
  ok(await cli(['account', 'create', '--email', 'taken@example.com']));
  const cases: [string[], RegExp][] = [
    [['account', 'create', '--email', 'taken@example.com'], /already exists/],
    [['account', 'create', '--email', 'not-an-address'], /not an email address/],
    [['account', 'create', '--email', 'x@example.com', '--plan', 'platinum'], /no plan "platinum"/],
    [['account', 'show', 'nobody@example.com'], /no account nobody@example\.com/],
    [['account', 'show', '00000000-0000-0000-0000-000000000000'], /no account/],
    [['account', 'set', 'taken@example.com'], /nothing to change/],
    [['account', 'set', 'taken@example.com', '--verified', 'maybe'], /expected true or false/],
    [['account', 'create'], /required option '--email <email>' not specified/],
    [['acount', 'list'], /unknown command 'acount'/],
  ];
  const results = await Promise.all(cases.map(([args]) => cli(args)));
  results.forEach((r, i) => {
    const [args, reason] = cases[i]!;
    expect({ args, code: r.code }).toEqual({ args, code: 1 });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
  });
  expect(results[0]!.json).toEqual({
    error: { code: 'account_exists', message: expect.stringContaining('already exists') },
  });
});

test('a database that cannot be reached is named in one line', async () => {
  const r = await cli(['account', 'list'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/postage' });
  expect(r.code).toBe(1);
  expect(r.stderr.trim()).toBe(
    'postage-admin: cannot reach PostgreSQL (ECONNREFUSED): is `npm run dev` running? Otherwise set DATABASE_URL',
  );
});
