// The checkout's root (the directory of the root package.json), from the TypeScript sources
// (tsx, jest) and from the compiled build in dist/ alike: compiled files sit one directory deeper
// (dist/api/… for api/…), so a fixed number of `..` from __dirname cannot serve both.
import fs from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(__dirname);
