// postage-admin template list|show against the real PostgreSQL: an account's templates with their
// publishing state, one template's draft variables and versions; another account's is not found.
import { createTemplate, publishTemplate, updateTemplate } from '../../core/templates/templates';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { cliFor, ok, runCli, type Cli } from './cliHarness';

let database: TestDatabase;
let cli: Cli;

beforeAll(async () => {
  database = await createTestDatabase();
  cli = cliFor({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await database?.drop();
});

test('template list shows the publishing state; template show the variables and every version; another account’s is not found', async () => {
  const accountId = ok(
    await cli(['account', 'create', '--email', 'templates@example.com', '--plan', 'growth', '--verified']),
  ).json.id as string;
  const other = ok(
    await cli(['account', 'create', '--email', 'other-templates@example.com', '--plan', 'growth', '--verified']),
  ).json.id as string;
  const t = await createTemplate(
    database.db,
    {
      accountId,
      name: 'Welcome',
      alias: 'welcome',
      content: { subject: 'Hi {{ name }}', html: '<p>{{ body }}</p>', text: null },
    },
    'test',
  );
  await publishTemplate(database.db, accountId, t.id, 'test');
  await updateTemplate(database.db, accountId, 'welcome', { subject: 'Hello {{ name }}' }, 'test');
  await publishTemplate(database.db, accountId, t.id, 'test');
  await createTemplate(
    database.db,
    { accountId, name: 'Draft', content: { subject: 'Draft', html: '<p>x</p>', text: null } },
    'test',
  );

  const listed = ok(await cli(['template', 'list', 'templates@example.com'])).json as {
    name: string;
    alias: string | null;
    publishedVersion: number | null;
    hasUnpublishedChanges: boolean;
  }[];
  expect(listed.map((x) => [x.name, x.alias, x.publishedVersion, x.hasUnpublishedChanges])).toEqual([
    ['Draft', null, null, true],
    ['Welcome', 'welcome', 2, false],
  ]);
  const shown = ok(await cli(['template', 'show', accountId, 'welcome'])).json as {
    id: string;
    draft: { variables: string[] };
    versions: { version: number; subject: string }[];
  };
  expect(shown.id).toBe(t.id);
  expect(shown.draft.variables).toEqual(['body', 'name']);
  expect(shown.versions.map((v) => [v.version, v.subject])).toEqual([
    [2, 'Hello {{ name }}'],
    [1, 'Hi {{ name }}'],
  ]);
  const text = await runCli(['template', 'show', accountId, t.id], { DATABASE_URL: database.url, NODE_ENV: 'test' });
  expect(text.stdout).toMatch(/draft variables:\s+body, name/);

  const elsewhere = await cli(['template', 'show', other, t.id]);
  expect([elsewhere.code, elsewhere.stderr]).toEqual([
    1,
    expect.stringContaining(`no template ${t.id} in this account`),
  ]);
});
