// Builds dist/ with the repository's TypeScript compiler (tsc on PATH: npm scripts put the root's
// node_modules/.bin there). The CLI is compiled against the SDK's declarations, so the SDK's dist/
// is built first when it is missing or older than its sources; the package itself depends on the published @postage/sdk.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sdk = path.resolve(here, '..', 'sdks', 'typescript');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed${result.error ? `: ${result.error.message}` : ''}`);
    process.exit(1);
  }
}

/** The newest modification time under a directory (the SDK's sources), in milliseconds. */
function newest(dir) {
  return Math.max(
    ...fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .map((e) => (e.isFile() ? fs.statSync(path.join(e.parentPath, e.name)).mtimeMs : 0)),
  );
}
const sdkTypes = path.join(sdk, 'dist', 'esm', 'index.d.ts');
if (!fs.existsSync(sdkTypes) || fs.statSync(sdkTypes).mtimeMs < newest(path.join(sdk, 'src')))
  run('node', ['scripts/build.mjs'], sdk);
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
run('tsc', ['-p', path.join(here, 'tsconfig.json')], here);
console.log('built dist/');
