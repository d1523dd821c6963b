// Reads a table of settings from the environment, for one process or for all of them. A setting
// the process does not read is left out: reading it is a programming error that says which entry
// to fix, never a silent default.
import { KINDS, SettingRefused, type Mode } from './kinds';
import {
  flattenSettings,
  isCombined,
  isSetting,
  type DefaultContext,
  type ProcessName,
  type SettingSpec,
  type SettingsTree,
  type ValuesOf,
} from './setting';

export type Env = Record<string, string | undefined>;

export interface LoadedSettings<T> {
  values: ValuesOf<T>;
  /** Whether this load read the variable (false for another process's setting). */
  has(env: string): boolean;
}

/**
 * The tree's values for `processName` (every setting when undefined). Throws SettingRefused at the
 * first value refused, in table order.
 */
export function loadSettings<T extends SettingsTree>(tree: T, env: Env, processName?: ProcessName): LoadedSettings<T> {
  const entries = flattenSettings(tree);
  const byName = new Map(entries.map((e) => [e.spec.env, e.spec]));
  // Every load knows its mode: the defaults and production's rules depend on it.
  const reads = (spec: SettingSpec) =>
    processName === undefined || spec.type === 'mode' || spec.processes.includes(processName);
  const raw = (name: string) => (env[name] === '' ? undefined : env[name]);

  const modeSpecs = entries.filter((e) => e.spec.type === 'mode');
  if (modeSpecs.length !== 1) throw new Error('a settings table has exactly one setting of type mode');
  const modeSpec = modeSpecs[0]!.spec;
  const modeRaw = raw(modeSpec.env);
  const mode = modeRaw === undefined ? KINDS.mode.unset : KINDS.mode.parse(modeRaw, modeSpec, 'production');

  const values = new Map<string, unknown>();
  const context: DefaultContext = {
    mode,
    number(name) {
      const spec = byName.get(name);
      if (!spec) throw new Error(`a default reads ${name}, which is not in the table`);
      // Read even where the process does not load it: a default may derive from another process's
      // setting (the worker's BASE_URL, for unsubscribe links, defaults from API_PORT).
      const value = valueOf(spec);
      if (typeof value !== 'number') throw new Error(`a default reads ${name} as a number`);
      return value;
    },
  };

  function valueOf(spec: SettingSpec): unknown {
    if (values.has(spec.env)) return values.get(spec.env);
    const value = read(spec);
    values.set(spec.env, value);
    return value;
  }

  /** Its row's text in the guides. */
  function describe(spec: SettingSpec): string {
    return spec.doc ?? byName.get(spec.docWith)?.doc ?? '';
  }

  function read(spec: SettingSpec): unknown {
    const given = raw(spec.env);
    const rule = mode === 'production' ? spec.inProduction : undefined;
    if (given !== undefined) {
      if (rule && 'refused' in rule) throw new SettingRefused(`${spec.env} ${rule.refused}`);
      // Each kind's parser takes its own spec; the table pairs them (setting() checked the type).
      const parse = KINDS[spec.type].parse as (raw: string, spec: SettingSpec, mode: Mode) => unknown;
      return parse(given, spec, mode);
    }
    if (rule && 'required' in rule)
      throw new SettingRefused(
        `${spec.env} is required outside development (NODE_ENV=development or test): ${rule.required}`,
      );
    if (processName !== undefined && spec.requiredBy?.includes(processName))
      throw new SettingRefused(`${spec.env} is required by the ${processName} process: ${describe(spec)}`);
    const fallback = spec.defaultIn?.[mode] ?? spec.default;
    if (typeof fallback === 'function') return fallback(context);
    return fallback ?? KINDS[spec.type].unset;
  }

  function build(node: SettingsTree): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      if (isSetting(child)) {
        if (reads(child.spec)) out[key] = valueOf(child.spec);
        else notLoaded(out, key, [child.spec]);
      } else if (isCombined(child)) {
        const specs = flattenSettings(child.inputs).map((e) => e.spec);
        // build() gives the inputs' shape, which is what ValuesOf says of them.
        if (specs.every(reads)) out[key] = child.build(build(child.inputs) as ValuesOf<SettingsTree>);
        else notLoaded(out, key, specs);
      } else out[key] = build(child);
    }
    return out;
  }

  function notLoaded(out: Record<string, unknown>, key: string, specs: SettingSpec[]): void {
    const names = specs.map((s) => s.env).join(', ');
    const what = specs.length > 1 ? 'are not settings' : 'is not a setting';
    // Not enumerable: spreading or logging a section skips it instead of throwing.
    Object.defineProperty(out, key, {
      enumerable: false,
      get() {
        throw new Error(
          `${names} ${what} of the ${processName} process: add '${processName}' to ${specs.length > 1 ? 'their' : 'its'} processes in core/platform/settings/table.ts`,
        );
      },
    });
  }

  // The table's shape is the values' shape (ValuesOf), which build() follows key by key.
  const loaded = build(tree) as ValuesOf<T>;
  return { values: loaded, has: (name) => byName.has(name) && reads(byName.get(name)!) };
}
