// Templates as files: a new folder is created, pulled back, edited, pushed, and the edit is sent.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cliJson, DOMAIN, runCli, tempDir, TEST_DOMAIN } from './helpers.mjs';

const alias = `cli-welcome-${Date.now()}`;

function writeFolder(dir, files) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

async function sendWithTemplate(name) {
  const sent = await cliJson([
    'send',
    '--from',
    `cli@${DOMAIN}`,
    '--to',
    `delivered+templates@${TEST_DOMAIN}`,
    '--template',
    alias,
    '--var',
    `name=${name}`,
  ]);
  return (await cliJson(['emails', 'get', sent.message_id])).email;
}

test('pull, edit html.liquid and subject.liquid, push --publish: the change is shown and the next send renders it', async () => {
  const source = tempDir();
  writeFolder(path.join(source, 'welcome'), {
    'subject.liquid': 'Welcome, {{ name }}',
    'html.liquid': '<p>Hello {{ name }}</p>',
    'template.json': JSON.stringify({ name: 'CLI welcome', alias }),
  });
  const created = await cliJson(['templates', 'push', source, '--publish']);
  assert.deepEqual(
    created.templates.map((t) => [t.state, t.published_version]),
    [['new', 1]],
  );

  const dir = tempDir();
  await cliJson(['templates', 'pull', dir]);
  const folder = path.join(dir, alias);
  assert.equal(fs.readFileSync(path.join(folder, 'html.liquid'), 'utf8'), '<p>Hello {{ name }}</p>');
  assert.equal(fs.existsSync(path.join(folder, 'text.liquid')), false);
  fs.writeFileSync(path.join(folder, 'html.liquid'), '<p>Hello again {{ name }}</p>');
  fs.writeFileSync(path.join(folder, 'subject.liquid'), 'Welcome back, {{ name }}');

  const dryRun = await runCli(['templates', 'push', dir, '--dry-run']);
  assert.equal(dryRun.code, 0, dryRun.stderr);
  assert.match(dryRun.stdout, new RegExp(`${alias}\\s+changed\\s+subject,html`));
  assert.equal((await sendWithTemplate('Ada')).subject, 'Welcome, Ada', 'a dry run writes nothing');

  const pushed = await cliJson(['templates', 'push', dir, '--publish']);
  const mine = pushed.templates.find((t) => t.folder === alias);
  assert.deepEqual([mine.state, mine.changes, mine.published_version], ['changed', ['subject', 'html'], 2]);
  const email = await sendWithTemplate('Ada');
  assert.equal(email.subject, 'Welcome back, Ada');
  assert.deepEqual(email.template, { id: mine.id, version: 2 });
});

test('a pull then a push without edits has nothing to change', async () => {
  const dir = tempDir();
  await cliJson(['templates', 'pull', dir]);
  const result = await runCli(['templates', 'push', dir]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /Nothing to change\./);
  assert.doesNotMatch(result.stdout, /\b(new|changed)\b/);
});
