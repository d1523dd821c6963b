// The dependency directions are enforced, not just written down: probe files that break them are
// written into the tree, linted with the project's own ESLint configuration, and removed.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const tag = `lintprobe${randomBytes(4).toString('hex')}`;
const probes: Record<string, string> = {
  [`workflows/${tag}Fs.ts`]: `import fs from 'node:fs';\nexport const size = (p: string): number => fs.statSync(p).size;\n`,
  [`workflows/${tag}Db.ts`]: `import type { Db } from '../core/platform/db';\nimport { createDb } from '../core/platform/db';\nexport const open = (url: string): Db => createDb(url);\n`,
  [`core/model/${tag}Io.ts`]: `import { lookup } from 'node:dns/promises';\nexport const resolve = (host: string) => lookup(host);\n`,
  [`core/platform/${tag}A.ts`]: `import { b } from './${tag}B';\nexport const a = (): number => b() + 1;\n`,
  [`core/platform/${tag}B.ts`]: `import { a } from './${tag}A';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`,
  // core/ folders: domains already imports accounts, so accounts importing domains would close a loop.
  [`core/accounts/${tag}Up.ts`]: `import { findDomain } from '../domains/domains';\nexport const found = findDomain;\n`,
  // A type-only import upward counts too (ses once reached core/sending for the content types).
  [`core/ses/${tag}UpType.ts`]: `import type { StagedMessage } from '../sending/staging';\nexport const subjectOf = (m: StagedMessage): string => m.content.subject;\n`,
  [`core/domains/${tag}Down.ts`]: `import { requireAccount } from '../accounts/accounts';\nimport type { SendingMode } from '../model/sendingModes';\nexport const mode: SendingMode = 'shared';\nexport const check = requireAccount;\n`,
  [`core/platform/${tag}ReExport.ts`]: `export { utcDay } from './db';\n`,
  // The SMTP relay is a front end beside the API: what both need lives in core/.
  [`smtp/${tag}Api.ts`]: `import { sendUnauthenticated } from '../api/http/errors';\nexport const refuse = sendUnauthenticated;\n`,
  [`workflows/${tag}Ok.ts`]: `import { sleep } from '@temporalio/workflow';\nimport type { ProviderOutcome } from '../core/model/outcomes';\nexport async function ok(o: ProviderOutcome): Promise<string> {\n  await sleep(1);\n  return o.type;\n}\n`,
};

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

let results: Map<string, LintResult['messages']>;

beforeAll(async () => {
  for (const [file, source] of Object.entries(probes)) fs.writeFileSync(path.join(ROOT, file), source);
  try {
    const run = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', ...Object.keys(probes)],
      {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '[]' }), // eslint exits 1 when it finds problems
    );
    const parsed = JSON.parse(run.stdout) as LintResult[];
    results = new Map(parsed.map((r) => [path.relative(ROOT, r.filePath), r.messages]));
  } finally {
    for (const file of Object.keys(probes)) fs.rmSync(path.join(ROOT, file), { force: true });
  }
}, 120_000);

const problems = (file: string) => (results.get(file) ?? []).map((m) => `${m.ruleId}: ${m.message}`);

test('a workflow importing a Node built-in fails lint', () => {
  expect(problems(`workflows/${tag}Fs.ts`)).toEqual([
    expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*no Node built-ins/),
  ]);
});

test('a workflow importing a core/ I/O module fails lint (type-only imports of it too are refused)', () => {
  const found = problems(`workflows/${tag}Db.ts`);
  expect(found.length).toBeGreaterThanOrEqual(1);
  expect(found.every((p) => /Workflows may import only core\/model/.test(p))).toBe(true);
});

test('core/model importing a Node built-in fails lint: workflows import it', () => {
  expect(problems(`core/model/${tag}Io.ts`)).toEqual([expect.stringMatching(/core\/model is pure/)]);
});

test('an import cycle fails lint', () => {
  expect(problems(`core/platform/${tag}A.ts`)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
});

test('a core/ folder importing a folder above it fails lint: no loop between folders', () => {
  expect(problems(`core/accounts/${tag}Up.ts`)).toEqual([
    expect.stringMatching(/^import-x\/no-restricted-paths: .*core\/accounts imports only the folders below it/),
  ]);
});

test('a type-only import up the core/ folders fails lint too', () => {
  expect(problems(`core/ses/${tag}UpType.ts`)).toEqual([
    expect.stringMatching(/^import-x\/no-restricted-paths: .*core\/ses imports only the folders below it/),
  ]);
});

test('a core/ folder importing the folders below it passes', () => {
  expect(problems(`core/domains/${tag}Down.ts`)).toEqual([]);
});

test('a re-export inside core/ fails lint: every name is imported from where it is defined', () => {
  expect(problems(`core/platform/${tag}ReExport.ts`)).toEqual([
    expect.stringMatching(/^no-restricted-syntax: core\/ re-exports nothing/),
  ]);
});

test('the SMTP relay importing the API fails lint', () => {
  expect(problems(`smtp/${tag}Api.ts`)).toEqual([
    expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*The SMTP relay calls core\//),
  ]);
});

test('every core/ folder has its place in the layer order', async () => {
  const script = `import(${JSON.stringify(path.join(ROOT, 'eslint.config.mjs'))}).then((m) => process.stdout.write(JSON.stringify(m.CORE_LAYERS)))`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
  const layers = JSON.parse(stdout) as string[];
  const folders = fs
    .readdirSync(path.join(ROOT, 'core'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  expect([...layers].sort()).toEqual([...folders].sort());
}, 60_000);

test('a workflow that keeps to @temporalio/workflow and core/model passes', () => {
  expect(problems(`workflows/${tag}Ok.ts`)).toEqual([]);
});
