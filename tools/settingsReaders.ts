// Which settings each process's code reads, found in the code itself (the TypeScript checker), set
// against the processes the settings table names: a process that loads only its own settings
// must not reach code that reads another's. `node --import tsx tools/settingsReaders.ts` prints
// the differences and exits 1 when there are any (a unit test runs it).
//
// What counts as a read, in every file a process's entry point imports (type-only imports aside):
// `config.ses.region` and the like; a section passed whole (`config.db`) reads the fields the
// receiving type names, or all of them; `{ testDomain, simulatorDomain }` taken from the whole
// Config likewise. A file counts wholly, whatever the process calls of it: the few reads that come
// only with code a process imports but never runs are listed in NOT_RUN, with why.
import path from 'node:path';
import ts from 'typescript';
import { flattenSettings, type ProcessName } from '../core/platform/settings/setting';
import { SETTINGS } from '../core/platform/settings/table';

const ROOT = path.resolve(__dirname, '..');
const TABLE = path.join(ROOT, 'core', 'platform', 'settings', 'table.ts');

/** Each process that loads a part of the settings, by its entry point (`npm run dev` loads them all). */
export const ENTRY_POINTS: Partial<Record<ProcessName, string>> = {
  api: 'api/server.ts',
  worker: 'worker/main.ts',
  smtp: 'smtp/main.ts',
  mx: 'mx/main.ts',
  cli: 'cli/main.ts',
  migrate: 'tools/migrate.ts',
};

/** Reads in files a process imports for other functions, which it never calls. */
export const NOT_RUN: readonly { process: ProcessName; file: string; settings: RegExp; why: string }[] = [
  {
    process: 'worker',
    file: 'core/domains/trackingDomain.ts',
    settings: /./,
    why: 'tracked links are chosen at acceptance (API, relay); the worker imports it through sendMessage.ts (system emails are sent by the API) and domainRegistration.ts (it only releases SES identities)',
  },
  {
    process: 'smtp',
    file: 'core/domains/trackingDomain.ts',
    settings: /^TRACKING_CNAME_TARGET$/,
    why: 'the relay reads only the tracking host of a send; the CNAME is listed and checked by the API and the CLI',
  },
  {
    process: 'worker',
    file: 'core/domains/domainRegistration.ts',
    settings: /^DOMAIN_/,
    why: 'the worker releases SES identities; claiming a domain is the API’s and the CLI’s',
  },
  {
    process: 'worker',
    file: 'core/sending/acceptMessage.ts',
    settings: /./,
    why: 'imported through systemEmail.ts for the system account’s reputation; system emails are sent by the API',
  },
  { process: 'worker', file: 'core/sending/sendMessage.ts', settings: /./, why: 'likewise' },
  {
    process: 'worker',
    file: 'core/sending/systemEmail.ts',
    settings: /^(TEST|SIMULATOR)_DOMAIN$/,
    why: 'likewise: only sendSystemEmail classifies recipients',
  },
  {
    process: 'worker',
    file: 'core/templates/renderPool.ts',
    settings: /./,
    why: 'only the API configures the render pool; elsewhere it runs on its defaults',
  },
  { process: 'smtp', file: 'core/templates/renderPool.ts', settings: /./, why: 'likewise' },
  { process: 'cli', file: 'core/templates/renderPool.ts', settings: /./, why: 'likewise' },
];

/** Settings whose default is computed from another (`number(...)` in the table): reading one reads both. */
const DEFAULT_READS: readonly [setting: string, from: string][] = [['BASE_URL', 'API_PORT']];

const LOADER = [
  path.join(ROOT, 'core', 'platform', 'config.ts'),
  path.join(ROOT, 'core', 'platform', 'settings') + path.sep,
];

const entries = flattenSettings(SETTINGS);

/** The settings under a path of the loaded object (`ses`, `ses.region`, `temporal.tls`). */
function settingsUnder(at: readonly string[]): string[] {
  return entries.filter((e) => at.every((key, i) => e.path[i] === key)).map((e) => e.spec.env);
}

/** The loaded object's path of a property the table declares (an entry, a section or a combined field), else undefined. */
function tablePath(symbol: ts.Symbol | undefined, table: ts.ObjectLiteralExpression): string[] | undefined {
  const declaration = symbol?.declarations?.[0];
  if (!declaration || !ts.isPropertyAssignment(declaration) || declaration.getSourceFile() !== table.getSourceFile())
    return undefined;
  const at: string[] = [];
  for (let node: ts.Node = declaration; node !== table; node = node.parent) {
    if (node.kind === ts.SyntaxKind.SourceFile) return undefined;
    if (ts.isPropertyAssignment(node)) at.unshift(node.name.getText());
    // A combined field's inputs are not fields of the loaded object.
    if (ts.isCallExpression(node) && node !== declaration.initializer) return undefined;
  }
  return at;
}

interface Read {
  settings: string[];
  file: string;
}

function readsOf(
  file: ts.SourceFile,
  checker: ts.TypeChecker,
  table: ts.ObjectLiteralExpression,
  configType: ts.Type,
): Read[] {
  const found: Read[] = [];
  const rel = path.relative(ROOT, file.fileName);
  const add = (settings: string[]) => settings.length > 0 && found.push({ settings, file: rel });
  const pathOf = (expr: ts.Expression): string[] | undefined => {
    if (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) return pathOf(expr.expression);
    if (checker.getTypeAtLocation(expr) === configType) return [];
    if (ts.isPropertyAccessExpression(expr)) return tablePath(checker.getSymbolAtLocation(expr.name), table);
    return undefined;
  };
  /** The fields a receiving type names, when it is not the table's own (a structural type such as DbTimeouts). */
  const narrowedBy = (expr: ts.Expression, at: string[]): string[] | undefined => {
    const receiving = checker.getContextualType(expr)?.getNonNullableType(); // an optional parameter or field names the same fields
    if (!receiving || receiving.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) || receiving === configType)
      return undefined;
    if (entries.some((e) => e.path.join('.') === at.join('.'))) return undefined; // one setting: read whole
    const named = receiving
      .getProperties()
      .filter((p) => tablePath(p, table) === undefined)
      .flatMap((p) => settingsUnder([...at, p.name]));
    return named.length ? named : undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isExpression(node)) {
      const at = pathOf(node);
      // The deepest access that is still the table's counts (`config.ses.region`, not `config.ses`).
      const deeper =
        ts.isPropertyAccessExpression(node.parent) &&
        node.parent.expression === node &&
        pathOf(node.parent) !== undefined;
      if (at !== undefined && !deeper) {
        const bound =
          ts.isVariableDeclaration(node.parent) &&
          node.parent.initializer === node &&
          ts.isObjectBindingPattern(node.parent.name);
        if (bound)
          add(
            (node.parent.name as ts.ObjectBindingPattern).elements.flatMap((e) =>
              settingsUnder([...at, (e.propertyName ?? e.name).getText()]),
            ),
          );
        else if (at.length > 0 || narrowedBy(node, at)) add(narrowedBy(node, at) ?? settingsUnder(at));
      }
    }
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && ts.isParameter(node.parent.parent)) {
      const at = tablePath(
        checker.getTypeAtLocation(node.parent).getProperty((node.propertyName ?? node.name).getText()),
        table,
      );
      if (at) add(settingsUnder(at));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The project files a file runs (its imports, type-only ones aside). */
function importsOf(file: ts.SourceFile, options: ts.CompilerOptions): string[] {
  const out: string[] = [];
  const add = (specifier: string) => {
    const resolved = ts.resolveModuleName(specifier, file.fileName, options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.includes('node_modules'))
      out.push(resolved.resolvedFileName);
  };
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) add(statement.moduleSpecifier.text);
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      add(statement.moduleSpecifier.text);
  }
  return out;
}

export interface Mismatch {
  process: ProcessName;
  setting: string;
  /** `unlisted`: the code reads it and the table does not name the process; `unread`: the reverse. */
  problem: 'unlisted' | 'unread';
  files: string[];
}

export function settingsReaders(): Mismatch[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!parsed) throw new Error('tsconfig.json does not parse');
  const roots = Object.values(ENTRY_POINTS).map((f) => path.join(ROOT, f));
  const program = ts.createProgram(roots, parsed.options);
  const checker = program.getTypeChecker();
  const tableFile = program.getSourceFile(TABLE)!;
  let table: ts.ObjectLiteralExpression | undefined;
  tableFile.forEachChild((n) => {
    if (ts.isVariableStatement(n))
      for (const d of n.declarationList.declarations)
        if (d.name.getText() === 'SETTINGS' && d.initializer && ts.isObjectLiteralExpression(d.initializer))
          table = d.initializer;
  });
  const configFile = program.getSourceFile(path.join(ROOT, 'core', 'platform', 'config.ts'))!;
  const configAlias = configFile.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'Config',
  );
  if (!table || !configAlias) throw new Error('SETTINGS (settings/table.ts) or Config (config.ts) not found');
  const configType = checker.getTypeAtLocation(configAlias.name);

  const mismatches: Mismatch[] = [];
  for (const [reader, entry] of Object.entries(ENTRY_POINTS) as [ProcessName, string][]) {
    const seen = new Set([path.join(ROOT, entry)]);
    for (const file of seen) {
      const source = program.getSourceFile(file);
      if (source) for (const next of importsOf(source, parsed.options)) seen.add(next);
    }
    const readers = new Map<string, Set<string>>();
    for (const file of seen) {
      const source = program.getSourceFile(file);
      // The loader reads what it loads, and its rules between settings check what this load read.
      if (!source || LOADER.some((f) => file.startsWith(f))) continue;
      for (const read of readsOf(source, checker, table, configType)) {
        for (const setting of read.settings) {
          if (NOT_RUN.some((n) => n.process === reader && n.file === read.file && n.settings.test(setting))) continue;
          readers.set(setting, (readers.get(setting) ?? new Set()).add(read.file));
        }
      }
    }
    // A computed default reads the setting it is computed from, wherever its own setting is read.
    for (const [setting, from] of DEFAULT_READS) {
      const files = readers.get(setting);
      if (files) readers.set(from, new Set([...(readers.get(from) ?? []), ...files]));
    }
    for (const { spec } of entries) {
      if (spec.type === 'mode') continue; // every load reads the mode
      const listed = spec.processes.includes(reader);
      const files = [...(readers.get(spec.env) ?? [])].sort();
      if (files.length > 0 && !listed)
        mismatches.push({ process: reader, setting: spec.env, problem: 'unlisted', files });
      if (files.length === 0 && listed)
        mismatches.push({ process: reader, setting: spec.env, problem: 'unread', files });
    }
  }
  return mismatches;
}

if (require.main === module) {
  const mismatches = settingsReaders();
  for (const m of mismatches) {
    console.error(
      m.problem === 'unlisted'
        ? `${m.setting}: read by the ${m.process} process (${m.files.join(', ')}) but its entry does not name ${m.process}`
        : `${m.setting}: its entry names ${m.process}, whose code never reads it`,
    );
  }
  process.exit(mismatches.length ? 1 : 0);
}
