// ESLint (flat config) with type information. Besides the promise and import-style rules, it
// encodes which way dependencies point (README, "How it fits together"):
//   api/, worker/, smtp/, mx/, cli/ -> core/ and workflows/ (never each other);  workflows/ -> @temporalio/workflow and core/model;
//   core/ never reaches up into api/, workflows/, worker/, smtp/, mx/, cli/ or tools/;
//   core/model is pure (no Node built-ins, no I/O); core/'s folders import only the folders below
//   them (CORE_LAYERS); tools/ and cli/ do not import each other;
//   and no file imports itself back through a cycle.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules.filter((m) => !m.startsWith('_')), ...builtinModules.map((m) => `node:${m}`)];

/** Modules that do I/O or keep process state: never inside a workflow or core/model. */
const IO_MODULES = [
  'pg',
  'knex',
  'ioredis',
  'express',
  'pino',
  'pino-http',
  '@aws-sdk/*',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
  'rate-limiter-flexible',
  'lru-cache',
  'async-mutex',
  'request-filtering-agent',
];

const restricted = (patterns, paths = []) => [
  'error',
  { paths, patterns: patterns.map((p) => ({ ...p, allowTypeImports: p.allowTypeImports ?? false })) },
];

/**
 * core/'s folders from the bottom up: each imports only the folders before it, so no loop between
 * folders can form (no-cycle sees only loops between files). model is the shared vocabulary
 * (types shared across folders live there, never re-exported), platform the infrastructure;
 * tracking signs tracking tokens and rewrites HTML for ses to compose; accounts own the customer, BYOC their AWS role, ses the provider reached with it, domains are
 * registered through both; providerEvents turn SES feedback into outcomes and reputation, templates
 * render stored emails, sending gates and accepts messages (it renders templates; its system email
 * reads reputation), unsubscribe turns a recipient's one-click link into a suppression, inbound
 * receives email for the customer's domains, webhooks tell the customer (and replay what inbound
 * received); privacy answers a person's requests about their data across all of them (erasure,
 * export; the erased addresses' keys are accounts', as the suppression list's).
 * A new folder goes into this list (test/unit/lintRules.test.ts checks that every one is here).
 */
export const CORE_LAYERS = [
  'model',
  'platform',
  'tracking',
  'accounts',
  'byoc',
  'ses',
  'domains',
  'providerEvents',
  'templates',
  'sending',
  'unsubscribe',
  'inbound',
  'webhooks',
  'privacy',
];

const coreLayerOrder = CORE_LAYERS.join(' < ');

/** The import rules of each folder, exported so a test can show they bite. */
export const layerRules = [
  {
    name: 'postage/workflows: deterministic, only @temporalio/workflow and core/model',
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/client.ts'], // the typed client runs in the API and worker, never in the sandbox
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        { group: nodeBuiltins, message: 'Workflows are deterministic: no Node built-ins (do I/O in an activity).' },
        { group: IO_MODULES, message: 'Workflows are deterministic: no I/O modules (do I/O in an activity).' },
        { regex: '^\\.\\./core/(?!model/)', message: 'Workflows may import only core/model (pure types and rules).' },
        { regex: '^\\.\\./(api|worker|smtp|mx|cli|tools)(/|$)', message: 'Workflows import no process code.' },
        {
          regex: '^\\.\\./activities',
          allowTypeImports: true,
          message: 'Workflows reach activities through proxyActivities, by type only.',
        },
      ]),
    },
  },
  {
    name: 'postage/core: business rules below the processes',
    files: ['core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        {
          regex: '^(\\.\\./)+(api|workflows|worker|smtp|mx|cli|tools|activities)(/|$)',
          message:
            'core/ is shared by every process and imports none of them (workflows are reached through MessageWorkflows).',
        },
      ]),
    },
  },
  {
    name: 'postage/core: folders in one direction',
    files: ['core/**/*.ts'],
    rules: {
      // Resolved paths, type-only imports and re-exports included: a loop through types is a loop.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: CORE_LAYERS.slice(0, -1).map((layer, i) => ({
            target: `core/${layer}`,
            from: CORE_LAYERS.slice(i + 1).map((above) => `core/${above}`),
            message: `core/${layer} imports only the folders below it (${coreLayerOrder}); move what both need down, shared types into core/model.`,
          })),
        },
      ],
      // A name has one home: importers name it, so the folder edges above are the real ones.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration[source], ExportAllDeclaration',
          message: 'core/ re-exports nothing: import the name from the module that defines it.',
        },
      ],
    },
  },
  {
    name: 'postage/core/model: pure',
    files: ['core/model/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        { group: nodeBuiltins, message: 'core/model is pure: workflows import it.' },
        { group: IO_MODULES, message: 'core/model is pure: workflows import it.' },
        { regex: '^\\.\\./(?!model/)', message: 'core/model imports only core/model.' },
        { regex: '^(\\.\\./){2,}', message: 'core/model imports only core/model.' },
      ]),
    },
  },
  {
    name: 'postage/cli and tools do not import each other',
    files: ['cli/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        { regex: '^(\\.\\./)+tools(/|$)', message: 'cli/ and tools/ share code through core/platform.' },
      ]),
    },
  },
  {
    files: ['tools/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        { regex: '^(\\.\\./)+cli(/|$)', message: 'cli/ and tools/ share code through core/platform.' },
      ]),
    },
  },
  {
    name: 'postage/api: the HTTP layer',
    files: ['api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        {
          regex: '^(\\.\\./)+(worker|smtp|mx|cli|tools|activities)(/|$)',
          message: 'The API calls core/ and the workflow client only.',
        },
      ]),
    },
  },
  {
    name: 'postage/smtp: the SMTP relay, a front end like the API',
    files: ['smtp/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        {
          regex: '^(\\.\\./)+(api|worker|mx|cli|tools|activities)(/|$)',
          message: 'The SMTP relay calls core/ and the workflow client only (share code with the API through core/).',
        },
      ]),
    },
  },
  {
    name: 'postage/mx: the MX listener, a front end like the API',
    files: ['mx/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        {
          regex: '^(\\.\\./)+(api|worker|smtp|cli|tools|activities)(/|$)',
          message:
            'The MX listener calls core/ and the workflow client only (share code with the relay through core/).',
        },
      ]),
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.tools/**',
      '**/dist/**',
      'coverage/**',
      'dashboard/vite.config.ts',
      'cli/bin/**',
      'docs/examples/**',
      'sdks/**',
      'postage-cli/**', // built and type-checked by its own tsconfig (postage-cli/scripts/build.mjs) against the SDK's build
      'eslint.config.mjs',
      'jest.config.js',
    ],
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // Relative imports name .ts files without an extension; import-x parses them with the TS parser.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  ...layerRules,
  {
    name: 'postage/dashboard: the browser app (its own tsconfig), on the public API only',
    files: ['dashboard/src/**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-restricted-imports': restricted([
        {
          regex: '^(\\.\\./)+(\\.\\./)(core|api|workflows|worker|cli|tools|activities)(/|$)',
          message: 'The dashboard uses only the public management API over HTTP.',
        },
      ]),
    },
  },
);
