// What the documentation tools read of Markdown: the files of a folder, and the fenced code
// blocks of a file. One reading for the link check (tools/checkLinks.ts), the SDK sample fences
// (tools/docsSamples.ts) and the snippet run (test/docs/snippets.test.ts).
import fs from 'node:fs';
import path from 'node:path';

/** The `.md` files directly in `dir` (none when it does not exist). */
export function markdownIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(dir, f));
}

export interface Fence {
  /** Line indexes (0-based) of the opening and closing fence lines; `close` is the line count when the fence is never closed. */
  open: number;
  close: number;
  /** The info string's first word (`sh`, `ts`...), or ''. */
  language: string;
  /** The opener's indentation (a fence inside a list item is indented). */
  indent: string;
  /** The nearest non-blank line above the opener, trimmed (where a marker comment sits). */
  before: string;
  /** The lines inside, without the opener's indentation. */
  code: string;
}

/** Every fenced code block (``` or ~~~) of a Markdown text, in order. */
export function markdownFences(text: string): Fence[] {
  const lines = text.split('\n');
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```|~~~)\s*(\S*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, mark, language] = open as unknown as [string, string, string, string];
    const found = lines.findIndex((l, j) => j > i && l.trim() === mark);
    const close = found < 0 ? lines.length : found;
    const before =
      lines
        .slice(0, i)
        .reverse()
        .find((l) => l.trim() !== '') ?? '';
    fences.push({
      open: i,
      close,
      language,
      indent,
      before: before.trim(),
      code: lines
        .slice(i + 1, close)
        .map((l) => l.slice(indent.length))
        .join('\n'),
    });
    i = close;
  }
  return fences;
}
