// The documentation cannot rot unseen: every relative link and anchor of the Markdown resolves
// (tools/checkLinks.ts), and the SDK code in the guides and in the API reference's samples is
// what the SDKs' own tested sample regions say (tools/docsSamples.ts --check; run
// `npm run generate:docs` after changing a sample). The shell snippets run against a test stack in
// test/docs/snippets.test.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const tool = (name: string, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', name), ...args], {
    encoding: 'utf8',
    cwd: ROOT,
  });

test('every relative link and anchor in the README, the guides, the changelog and the SDK READMEs resolves', () => {
  const run = tool('checkLinks.ts');
  expect(run.stderr.trim()).toBe('');
  expect(run.status).toBe(0);
});

test('the link check finds a missing file and a missing heading', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
  fs.writeFileSync(
    path.join(dir, 'a.md'),
    '# A guide\n\n## Verifying a `signature`\n\n[ok](#verifying-a-signature) [ok too](b.md#the-end)\n[gone](c.md) [no heading](b.md#the-start)\n',
  );
  fs.writeFileSync(path.join(dir, 'b.md'), '# B\n\n## The end\n');
  const run = tool('checkLinks.ts', [path.join(dir, 'a.md')]);
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/\(c\.md\): no such file$/),
    expect.stringMatching(/\(b\.md#the-start\): no heading #the-start in /),
  ]);
});

test('the SDK samples in the guides and in the API reference are the SDKs’ own tested samples', () => {
  const run = tool('docsSamples.ts', ['--check']);
  expect(run.stderr.trim()).toBe('');
  expect(run.status).toBe(0);
});
