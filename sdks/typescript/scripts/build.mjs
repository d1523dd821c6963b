// Builds dist/: dist/esm (ES modules) and dist/cjs (CommonJS, with a package.json saying so), each
// with its .d.ts files, by the TypeScript compiler of the repository (tsc on PATH: npm scripts put
// the root's node_modules/.bin there).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
for (const config of ['tsconfig.esm.json', 'tsconfig.cjs.json']) {
  const result = spawnSync('tsc', ['-p', path.join(here, config)], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`tsc -p ${config} failed${result.error ? `: ${result.error.message}` : ''}`);
    process.exit(1);
  }
}
fs.writeFileSync(path.join(dist, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
console.log('built dist/esm and dist/cjs');
