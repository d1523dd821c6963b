// Where the local tools and the dev stack keep their files, and the KEY=value files they write:
// .tools/paths.env (tool paths) and .tools/dev/service.env. `npm run dev` may run its private
// PostgreSQL (and the rest) on non-default ports and writes the service environment there; the
// CLI reads it when DATABASE_URL is not set, so `npx postage-admin ...` works against the running
// dev stack with no exports. Shared by tools/ and cli/, which do not import each other.
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './projectRoot';
import { flattenSettings } from './settings/setting';
import { SETTINGS } from './settings/table';

/** The variables the CLI reads (its entries in the settings table), to act like the service it manages. */
const CLI_VARIABLES = flattenSettings(SETTINGS)
  .filter((e) => e.spec.type === 'mode' || e.spec.processes.includes('cli'))
  .map((e) => e.spec.env);

export function toolsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.POSTAGE_TOOLS_DIR ?? path.join(PROJECT_ROOT, '.tools');
}

/** `NAME=value` lines (comments start with #), as tools/ensure-tools.sh and `npm run dev` write them. */
export function readEnvFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0 && !line.startsWith('#')) values[line.slice(0, eq)] = line.slice(eq + 1).trim();
  }
  return values;
}

export function devDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.POSTAGE_DEV_DIR ?? path.join(toolsDir(env), 'dev');
}

export function devServiceEnvFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(devDirectory(env), 'service.env');
}

/** Written by `npm run dev` once the stack is up; readable by the owner only (it may hold keys). */
export function writeDevServiceEnv(devDir: string, env: NodeJS.ProcessEnv): string {
  const file = path.join(devDir, 'service.env');
  const lines = CLI_VARIABLES.filter((name) => env[name] !== undefined && env[name] !== '').map(
    (name) => `${name}=${env[name]}`,
  );
  fs.writeFileSync(
    file,
    `# Written by npm run dev for postage-admin; regenerated on every start.\n${lines.join('\n')}\n`,
    { mode: 0o600 },
  );
  return file;
}

/** The environment the CLI runs with: its own, completed by the dev stack's when DATABASE_URL is unset. */
export function cliEnvironment(env: NodeJS.ProcessEnv = process.env): {
  env: NodeJS.ProcessEnv;
  source: string | null;
} {
  if (env.DATABASE_URL) return { env, source: null };
  const file = devServiceEnvFile(env);
  const dev = readEnvFile(file);
  if (Object.keys(dev).length === 0) return { env, source: null };
  return {
    env: { ...dev, ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) },
    source: file,
  };
}
