// Where `postage login` keeps the key: one JSON file in the user's config directory, readable by
// the user alone (mode 0600, its directory 0700). POSTAGE_API_KEY and POSTAGE_BASE_URL win over it,
// so CI and one-off commands never need a login.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_BASE_URL = 'https://api.postage.dev';

export interface StoredConfig {
  api_key?: string;
  base_url?: string;
}

export interface Credentials {
  apiKey: string;
  baseUrl: string;
  /** Where the key came from, for `whoami` and for errors that say what to change. */
  source: 'environment' | 'config file';
}

/** `$XDG_CONFIG_HOME/postage` (else `~/.config/postage`); `%APPDATA%\postage` on Windows. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'postage');
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'postage');
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDirectory(env), 'config.json');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StoredConfig {
  let text: string;
  try {
    text = fs.readFileSync(configPath(env), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' ? (parsed as StoredConfig) : {};
}

/** Writes the whole file at once, created with mode 0600 (a rename, so no reader sees half a file). */
export function writeConfig(config: StoredConfig, env: NodeJS.ProcessEnv = process.env): string {
  const file = configPath(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  fs.chmodSync(file, 0o600); // an older file keeps its mode across the rename otherwise on some systems
  return file;
}

export function removeConfig(env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    fs.unlinkSync(configPath(env));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** The key and address to use, or undefined when neither the environment nor a login gives a key. */
export function resolveCredentials(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const stored = readConfig(env);
  const baseUrl = env.POSTAGE_BASE_URL || stored.base_url || DEFAULT_BASE_URL;
  if (env.POSTAGE_API_KEY) return { apiKey: env.POSTAGE_API_KEY, baseUrl, source: 'environment' };
  if (stored.api_key) return { apiKey: stored.api_key, baseUrl, source: 'config file' };
  return undefined;
}
