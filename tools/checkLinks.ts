// Checks every relative link of the project's Markdown (README, docs/, CHANGELOG, the SDKs'
// READMEs): the file it names exists, and an `#anchor` is a heading of that file by GitHub's slug
// rules (github-slugger) or an explicit `<a id>`. External links are not fetched (the machines
// running the tests have no internet). Exits 1 and lists what is broken; a unit test runs it
// (github-slugger is an ES module, which jest's module system cannot require).
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { markdownFences, markdownIn } from './docs/markdown';

const ROOT = path.resolve(__dirname, '..');

export function markdownFiles(root = ROOT): string[] {
  const inDir = (dir: string) => markdownIn(path.join(root, dir));
  return [
    path.join(root, 'README.md'),
    path.join(root, 'CHANGELOG.md'),
    ...inDir('docs'),
    ...inDir('sdks'),
    ...['typescript', 'python', 'go'].flatMap((l) => inDir(path.join('sdks', l))),
  ].filter((f) => fs.existsSync(f));
}

/** The text outside fenced code blocks (a link or heading inside a fence is code, not Markdown). */
function prose(text: string): string {
  const lines = text.split('\n');
  for (const { open, close } of markdownFences(text)) lines.fill('', open, close + 1);
  return lines.join('\n');
}

const anchorCache = new Map<string, Set<string>>();
export function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const text = prose(fs.readFileSync(file, 'utf8'));
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    // The slug is of the heading's text as rendered: no link targets, no emphasis or code marks.
    const plain = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, (c) => (c === '_' ? '_' : ''));
    anchors.add(slugger.slug(plain));
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  anchorCache.set(file, anchors);
  return anchors;
}

export function brokenLinks(files = markdownFiles()): string[] {
  const broken: string[] = [];
  for (const file of files) {
    const text = prose(fs.readFileSync(file, 'utf8')).replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto: and the like
      const [pathPart, anchor] = target!.split('#', 2) as [string, string | undefined];
      const where = `${path.relative(ROOT, file)}: (${target})`;
      const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
      if (!fs.existsSync(resolved)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(decodeURIComponent(anchor)))
        broken.push(`${where}: no heading #${anchor} in ${path.relative(ROOT, resolved)}`);
    }
  }
  return broken;
}

// Arguments: the files to check (default: markdownFiles()).
if (require.main === module) {
  const args = process.argv.slice(2).map((f) => path.resolve(f));
  const files = args.length ? args : markdownFiles();
  const broken = brokenLinks(files);
  if (broken.length) {
    console.error(broken.join('\n'));
    process.exit(1);
  }
  console.log(`${files.length} Markdown files, every relative link and anchor resolves.`);
}
