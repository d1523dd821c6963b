// The SDKs' code samples: regions of each SDK's own test code, between `// sample: <METHOD> <path>`
// (`#` in Python) and `// end sample`, which the SDK's offline tests run against a stand-in and
// check that each calls the operation it is labeled with. One region per SDK is labeled `setup`
// (imports and the client, as a user writes them). This module reads them; tools/docsSamples.ts
// writes them into the API reference's samples (api/openapi/codeSamples.json) and into the
// guides' `<!-- sample: <language> <METHOD> <path> -->` fences.
import fs from 'node:fs';
import path from 'node:path';

export const SDK_LANGUAGES = ['typescript', 'python', 'go'] as const;
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE = /\.(ts|mts|cts|mjs|cjs|py|go)$/;
const SKIP = new Set(['node_modules', 'dist', 'generated', '_generated', '.venv', 'build', '__pycache__']);

export interface SdkSamples {
  setup: string;
  /** By `METHOD /path`, as in /openapi.json. */
  operations: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Removes the lines' common leading whitespace (blank lines do not count). */
export function dedent(lines: string[]): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines
    .map((l) => l.slice(cut).trimEnd())
    .join('\n')
    .trim();
}

/** Every region of one file, by label; a label met twice, or a region left open, is an error. */
export function regionsOf(text: string, file: string): Map<string, string> {
  const regions = new Map<string, string>();
  let label: string | undefined;
  let lines: string[] = [];
  text.split('\n').forEach((line, index) => {
    const start = /^\s*(?:\/\/|#)\s*sample:\s*(.+?)\s*$/.exec(line);
    const end = /^\s*(?:\/\/|#)\s*end sample\s*$/.test(line);
    if (start) {
      if (label !== undefined) throw new Error(`${file}:${index + 1}: sample "${start[1]}" starts inside "${label}"`);
      label = start[1]!;
      lines = [];
    } else if (end) {
      if (label === undefined) throw new Error(`${file}:${index + 1}: "end sample" without a sample`);
      if (regions.has(label)) throw new Error(`${file}: sample "${label}" appears twice`);
      regions.set(label, dedent(lines));
      label = undefined;
    } else if (label !== undefined) {
      lines.push(line);
    }
  });
  if (label !== undefined) throw new Error(`${file}: sample "${label}" is never ended`);
  return regions;
}

export function readSdkSamples(language: SdkLanguage, root = ROOT): SdkSamples {
  const operations: Record<string, string> = {};
  let setup: string | undefined;
  for (const file of sourceFiles(path.join(root, 'sdks', language)).sort()) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/sample:/.test(text)) continue;
    for (const [label, code] of regionsOf(text, path.relative(root, file))) {
      if (label === 'setup') setup = code;
      else if (operations[label] !== undefined)
        throw new Error(`sdks/${language}: sample "${label}" appears in two files`);
      else operations[label] = code;
    }
  }
  if (setup === undefined) throw new Error(`sdks/${language} has no "sample: setup" region`);
  return { setup, operations };
}

/** What a reader copies: the SDK's setup, then the operation's lines. */
export function completeSample(samples: SdkSamples, operation: string): string | undefined {
  const code = samples.operations[operation];
  return code === undefined ? undefined : `${samples.setup}\n\n${code}`;
}
