// `npm run generate:settings`: writes the guides' settings tables from the settings table
// (core/platform/settings/table.ts) between `<!-- settings: <table> -->` and `<!-- end of settings -->`
// in docs/*.md. `--check` changes nothing and exits 1 when a guide is not what the table gives (a
// unit test runs it), so a row edited by hand, or a setting added without its row, fails the tests.
import fs from 'node:fs';
import path from 'node:path';
import { KINDS } from '../core/platform/settings/kinds';
import {
  flattenSettings,
  PROCESSES,
  type ProcessName,
  type SettingEntry,
  type SettingSpec,
} from '../core/platform/settings/setting';
import { SETTINGS } from '../core/platform/settings/table';
import { markdownIn } from './docs/markdown';

const ROOT = path.resolve(__dirname, '..');
const OPEN = /^<!-- settings: ([a-z]+) -->$/;
const CLOSE = '<!-- end of settings -->';

/** Every process but `npm run dev`: a setting they all read is read by "all". */
const SERVICES = PROCESSES.filter((p) => p !== 'dev');

const code = (text: string) => `\`${text}\``;

function readers(processes: readonly ProcessName[]): string {
  if (SERVICES.every((p) => processes.includes(p))) return 'all';
  return PROCESSES.filter((p) => processes.includes(p))
    .map((p) => (p === 'dev' ? code('npm run dev') : p))
    .join(', ');
}

function shown(value: unknown): string {
  return code(String(value));
}

const MODE_NAMES = { development: 'development', test: 'tests', production: 'production' } as const;

/** The Default cell of one setting. */
function shownDefault(spec: SettingSpec): string {
  if (spec.shownDefault !== undefined) return spec.shownDefault;
  if (typeof spec.default === 'function') throw new Error(`${spec.env}: a computed default needs shownDefault`);
  if (spec.requiredBy) return '(required)';
  if (spec.inProduction && 'required' in spec.inProduction)
    return `(required in production; ${shown(spec.default)} in development)`;
  if (spec.default === undefined) {
    const empty = KINDS[spec.type].unset;
    return typeof empty === 'boolean' ? shown(empty) : `(${spec.unset ?? 'none'})`;
  }
  const others = Object.entries(spec.defaultIn ?? {}).map(
    ([mode, value]) => `${shown(value)} in ${MODE_NAMES[mode as keyof typeof MODE_NAMES]}`,
  );
  return others.length ? `${shown(spec.default)} (${others.join(', ')})` : shown(spec.default);
}

/** The guides' rows: a setting with `docWith` joins the row of the setting it names, just before it. */
function rows(entries: SettingEntry[]): SettingSpec[][] {
  const out: SettingSpec[][] = [];
  for (const { spec } of entries) {
    const row = out.at(-1);
    if (spec.docWith === undefined) out.push([spec]);
    else if (row && row[0]!.env === spec.docWith) row.push(spec);
    else throw new Error(`${spec.env} shares the row of ${spec.docWith}, which must come just before it in the table`);
  }
  for (const row of out) {
    if (new Set(row.map((s) => readers(s.processes))).size > 1)
      throw new Error(`the settings of one row are read by the same processes: ${row.map((s) => s.env).join(', ')}`);
  }
  return out;
}

function cells(row: SettingSpec[], column: Column): string {
  const lead = row[0]!;
  switch (column) {
    case 'Variable':
      return row.map((s) => code(s.env)).join(' / ');
    case 'Default': {
      const each = row.map(shownDefault);
      return new Set(each).size === 1 && each[0]!.startsWith('(') ? each[0]! : each.join(' / ');
    }
    case 'Read by':
      return readers(lead.processes);
    case 'Meaning':
      return lead.doc!;
    case 'Value':
      return lead.production!;
  }
}

type Column = 'Variable' | 'Default' | 'Read by' | 'Meaning' | 'Value';

interface GuideTable {
  columns: readonly Column[];
  rows(entries: SettingEntry[]): SettingSpec[][];
}

/** The production view: the settings a deployment sets, consecutive ones with the same value and readers in one row. */
function productionRows(entries: SettingEntry[]): SettingSpec[][] {
  const out: SettingSpec[][] = [];
  for (const { spec } of entries.filter((e) => e.spec.production !== undefined)) {
    const row = out.at(-1);
    if (row && row[0]!.production === spec.production && readers(row[0]!.processes) === readers(spec.processes))
      row.push(spec);
    else out.push([spec]);
  }
  return out;
}

/** The tables the guides hold, by the name their marker gives. */
export const GUIDE_TABLES: Record<string, GuideTable> = {
  // docs/operations.md: every setting but the SMTP relay's and the MX listener's own.
  configuration: {
    columns: ['Variable', 'Default', 'Read by', 'Meaning'],
    rows: (entries) => rows(entries.filter((e) => e.path[0] !== 'smtp' && e.path[0] !== 'mx')),
  },
  // docs/smtp.md: the relay's own (all read by the relay alone).
  smtp: {
    columns: ['Variable', 'Default', 'Meaning'],
    rows: (entries) => rows(entries.filter((e) => e.path[0] === 'smtp')),
  },
  // docs/inbound.md: the MX listener's own (all read by the listener alone).
  mx: {
    columns: ['Variable', 'Default', 'Meaning'],
    rows: (entries) => rows(entries.filter((e) => e.path[0] === 'mx')),
  },
  // docs/deployment.md: what a production deployment sets, and which processes need it.
  production: { columns: ['Variable', 'Value', 'Read by'], rows: productionRows },
};

export function renderSettingsTable(name: string, entries = flattenSettings(SETTINGS)): string[] {
  const table = GUIDE_TABLES[name];
  if (!table)
    throw new Error(`no settings table named ${name} (the tables are ${Object.keys(GUIDE_TABLES).join(', ')})`);
  const lines = [`| ${table.columns.join(' | ')} |`, `|${table.columns.map(() => '---').join('|')}|`];
  for (const row of table.rows(entries)) {
    const values = table.columns.map((c) => cells(row, c));
    const bad = values.find((v) => v.includes('|') || v.includes('\n'));
    if (bad !== undefined) throw new Error(`${row[0]!.env}: a table cell holds no | or line break: ${bad}`);
    lines.push(`| ${values.join(' | ')} |`);
  }
  return lines;
}

/** The text with each settings marker followed by its table; throws on a marker without its end. */
export function fillSettingsTables(text: string, file: string, found = new Map<string, string>()): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) continue;
    const name = open[1]!;
    const close = lines.indexOf(CLOSE, i + 1);
    if (close < 0) throw new Error(`${file}:${i + 1}: the settings table ${name} has no ${CLOSE}`);
    if (found.has(name))
      throw new Error(`${file}:${i + 1}: the settings table ${name} is already in ${found.get(name)}`);
    found.set(name, file);
    const table = renderSettingsTable(name);
    lines.splice(i + 1, close - i - 1, ...table);
    i += table.length + 1;
  }
  return lines.join('\n');
}

/** Each guide's text as the settings table gives it; every table must be in exactly one guide. */
export function settingsDocs(root = ROOT): [string, string][] {
  const found = new Map<string, string>();
  const outputs = markdownIn(path.join(root, 'docs')).map((file): [string, string] => [
    file,
    fillSettingsTables(fs.readFileSync(file, 'utf8'), path.relative(root, file), found),
  ]);
  const missing = Object.keys(GUIDE_TABLES).filter((name) => !found.has(name));
  if (missing.length)
    throw new Error(
      `no guide holds the settings tables ${missing.join(', ')} (<!-- settings: <name> --> ... ${CLOSE})`,
    );
  return outputs;
}

/** The guides that differ from what the table gives. */
export function staleSettingsDocs(root = ROOT): string[] {
  return settingsDocs(root)
    .filter(([file, text]) => fs.readFileSync(file, 'utf8') !== text)
    .map(([file]) => path.relative(root, file));
}

if (require.main === module) {
  const check = process.argv.includes('--check');
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 && process.argv[rootArg + 1] ? path.resolve(process.argv[rootArg + 1]!) : ROOT;
  if (check) {
    const stale = staleSettingsDocs(root);
    if (stale.length) {
      console.error(
        `Not what core/platform/settings/table.ts gives: ${stale.join(', ')}. Run npm run generate:settings.`,
      );
      process.exit(1);
    }
  } else {
    for (const [file, text] of settingsDocs(root))
      if (fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
}
