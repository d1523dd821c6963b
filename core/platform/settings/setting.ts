// How a setting is declared: `setting({...})` for one environment variable, `combine(...)` for a
// field built from several, and the types that turn a table of them into the Config type.
import { KINDS, type AlwaysSetKind, type KindName, type KindOptions, type KindValues, type Mode } from './kinds';

/** The processes, each loading only the settings that name it. `dev` is `npm run dev` itself. */
export const PROCESSES = ['api', 'worker', 'smtp', 'mx', 'cli', 'migrate', 'dev'] as const;
export type ProcessName = (typeof PROCESSES)[number];

/** What a computed default may look at. */
export interface DefaultContext {
  mode: Mode;
  /** The value of another numeric setting this process loads. */
  number(env: string): number;
}

interface Common<V> {
  /** The environment variable. */
  env: string;
  /** The processes that read it, so the ones that load it. */
  processes: readonly ProcessName[];
  /** What the guides show when it is unset and has no default (`AWS default chain`); `none` otherwise. */
  unset?: string;
  /** The default as the guides show it, when it is not a plain value. */
  shownDefault?: string;
  /** Never quoted in a refusal. */
  secret?: boolean;
  /** Production's own rule: required there (the text says how to set it), or refused there (the text says why). */
  inProduction?: { required: string } | { refused: string };
  /** Processes that refuse to start without it (checked when loading for one of them, not when loading every setting). */
  requiredBy?: readonly ProcessName[];
  /** What a production deployment sets it to (docs/deployment.md); only the settings it sets have one. */
  production?: string;
  default?: V | ((ctx: DefaultContext) => V);
  /** A mode's own default, instead of `default`. */
  defaultIn?: Partial<Record<Mode, V>>;
}

/** What it does, as the guides say it; or `docWith`: it shares that variable's row of the guide. */
type Described = { doc: string; docWith?: never } | { docWith: string; doc?: never };

export type SettingSpec = {
  [K in KindName]: { type: K } & KindOptions[K] & Common<KindValues[K]> & Described;
}[KindName];

type SpecValue<S extends SettingSpec> = S extends { type: 'enum'; values: readonly (infer V)[] }
  ? V
  : KindValues[S['type']];

/** Undefined only when it can be unset: no default, and a kind with no empty value. */
export type ValueOf<S extends SettingSpec> = S extends { default: unknown }
  ? SpecValue<S>
  : S['type'] extends AlwaysSetKind
    ? SpecValue<S>
    : SpecValue<S> | undefined;

export interface Setting<S extends SettingSpec = SettingSpec> {
  readonly kind: 'setting';
  readonly spec: S;
}

/** A field built from several settings; `build` is a method so a table can hold fields of every type. */
export interface Combined<T = unknown, I extends SettingsTree = SettingsTree> {
  readonly kind: 'combined';
  readonly inputs: I;
  build(values: ValuesOf<I>): T;
}

export interface SettingsTree {
  readonly [key: string]: Setting | Combined | SettingsTree;
}

export const isSetting = (node: SettingsTree[string]): node is Setting => node.kind === 'setting';
export const isCombined = (node: SettingsTree[string]): node is Combined => node.kind === 'combined';

/** The values a tree of settings loads to: the shape of the tree, each setting its value's type. */
export type ValuesOf<T> =
  T extends Setting<infer S>
    ? ValueOf<S>
    : T extends Combined<infer V>
      ? V
      : { -readonly [K in keyof T]: ValuesOf<T[K]> };

const COMMON_KEYS = new Set([
  'type',
  'env',
  'processes',
  'doc',
  'docWith',
  'unset',
  'shownDefault',
  'secret',
  'inProduction',
  'requiredBy',
  'production',
  'default',
  'defaultIn',
]);

/** An option its type does not take is a type error (a generic parameter alone would accept it). */
type OnlyOwnOptions<S extends SettingSpec> = S &
  Record<Exclude<keyof S, keyof Extract<SettingSpec, { type: S['type'] }>>, never>;

/** One environment variable. Its type must be a known kind; its plain defaults must be what that kind accepts. */
export function setting<const S extends SettingSpec>(spec: OnlyOwnOptions<S>): Setting<S> {
  const kind = Object.hasOwn(KINDS, spec.type) ? KINDS[spec.type] : undefined;
  if (!kind)
    throw new Error(
      `${spec.env}: unknown setting type ${JSON.stringify(spec.type)} (the types are ${Object.keys(KINDS).join(', ')})`,
    );
  const known = new Set<string>([...COMMON_KEYS, ...kind.options.map(String)]);
  const stray = Object.keys(spec).find((key) => !known.has(key));
  if (stray !== undefined) throw new Error(`${spec.env}: a ${spec.type} setting has no option ${stray}`);
  if (spec.processes.length === 0) throw new Error(`${spec.env}: no process reads it`);
  const plain = [spec.default, ...Object.values(spec.defaultIn ?? {})].filter(
    (d) => typeof d === 'string' || typeof d === 'number',
  );
  // The parser's own check, so a default can never be a value the variable would be refused for.
  const parse = kind.parse as (raw: string, spec: S, mode: Mode) => unknown;
  for (const value of plain) parse(String(value), spec, 'development');
  return { kind: 'setting', spec };
}

/** A field built from several settings, read by the same processes. */
export function combine<const I extends SettingsTree, T>(inputs: I, build: (values: ValuesOf<I>) => T): Combined<T, I> {
  const readers = flattenSettings(inputs).map((e) => [...e.spec.processes].sort().join(','));
  if (new Set(readers).size > 1)
    throw new Error(
      `combined settings ${flattenSettings(inputs)
        .map((e) => e.spec.env)
        .join(', ')} must be read by the same processes`,
    );
  return { kind: 'combined', inputs, build };
}

export interface SettingEntry {
  /** Where its value sits in the loaded object (a combined field's inputs sit under the field). */
  path: readonly string[];
  spec: SettingSpec;
}

/** Every setting of a tree, in declaration order (the order of the guides' tables). */
export function flattenSettings(tree: SettingsTree, at: readonly string[] = []): SettingEntry[] {
  return Object.entries(tree).flatMap(([key, node]): SettingEntry[] => {
    const path = [...at, key];
    if (isSetting(node)) return [{ path, spec: node.spec }];
    if (isCombined(node)) return flattenSettings(node.inputs, path);
    return flattenSettings(node, path);
  });
}
