// One typed view of the environment. The settings, their types, defaults and readers are declared
// once in settings/table.ts; Config is that table's shape. Each process loads the settings it
// reads (`loadConfig('worker')`), so it neither needs nor checks another process's; the tests and
// the tools that run every process (`npm run dev`, the benchmarks) load them all.
import { SettingRefused } from './settings/kinds';
import { loadSettings, type Env } from './settings/load';
import type { ProcessName, ValuesOf } from './settings/setting';
import { SETTINGS } from './settings/table';

export type Config = ValuesOf<typeof SETTINGS>;

/** The anonymous operations with limits of their own: sign-up (hashes, sends email), reset requests (send email), token checks (verify email, reset confirmation). */
export type AnonymousOperation = keyof Config['auth']['anonymousLimits'];

/** TLS to the Temporal frontend; Config's `temporal.tls` is undefined for plaintext. */
export type TemporalTls = NonNullable<Config['temporal']['tls']>;

/** A setting that makes the process unable to run safely; the message says what to set. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Every setting (the tests, `npm run dev`, the benchmarks, the API types' generator). */
export function loadConfig(env?: Env): Config;
/** The settings one process reads; reading another's throws, naming the table entry to fix. */
export function loadConfig(process: ProcessName, env?: Env): Config;
export function loadConfig(processOrEnv?: ProcessName | Env, env?: Env): Config {
  const [processName, source] =
    typeof processOrEnv === 'string' ? [processOrEnv, env ?? process.env] : [undefined, processOrEnv ?? process.env];
  try {
    const loaded = loadSettings(SETTINGS, source, processName);
    acrossSettings(loaded.values, loaded.has);
    return loaded.values;
  } catch (err) {
    if (err instanceof SettingRefused) throw new ConfigError(err.message);
    throw err;
  }
}

/** The rules between settings, for those this load read. */
function acrossSettings(config: Config, has: (env: string) => boolean): void {
  // A Temporal Cloud API key means TLS, with the system's CAs unless TEMPORAL_TLS_CA names one.
  if (has('TEMPORAL_API_KEY') && config.temporal.apiKey !== undefined)
    config.temporal.tls ??= { serverCa: undefined, clientCert: undefined, serverName: undefined };
}
