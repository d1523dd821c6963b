// Two tiers. `unit`: rules, parsing, MIME, error mapping, redaction, SNS checks, lint rules and
// workflow branches with stubbed activities on the time-skipping server; nothing else is started.
// `integration`: everything against real PostgreSQL, Redis, Temporal and the emulators, started
// once per run by test/setup.
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
  // ESM-only dependencies: Node 20 require()s them natively, jest's module system does not.
  '^.+\\.js$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
const shared = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: [
    '/node_modules/(?!(request-filtering-agent|parse5|parse5-sax-parser|parse5-html-rewriting-stream|entities|otplib|@otplib|@scure|@noble)/)',
  ],
  setupFiles: ['<rootDir>/test/setup/quietTemporal.ts'],
};

module.exports = {
  testTimeout: 90_000,
  maxWorkers: 2,
  projects: [
    { ...shared, displayName: 'unit', roots: ['<rootDir>/test/unit'], testMatch: ['**/*.test.ts'] },
    // The fault-injection suite brings its own stack (it restarts it) and runs alone, last.
    { ...shared, displayName: 'faults', roots: ['<rootDir>/test/faults'], testMatch: ['**/*.test.ts'] },
    // The image built with podman and run against the integration tier's stack; alone, as its build is heavy.
    {
      ...shared,
      displayName: 'image',
      roots: ['<rootDir>/test/image'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/globalSetup.ts',
      globalTeardown: '<rootDir>/test/setup/globalTeardown.ts',
    },
    {
      ...shared,
      displayName: 'integration',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/test/unit/', '/test/faults/', '/test/image/'],
      globalSetup: '<rootDir>/test/setup/globalSetup.ts',
      globalTeardown: '<rootDir>/test/setup/globalTeardown.ts',
    },
  ],
};
