/** Tests run against real PostgreSQL, Redis, Temporal and emulators started by test/setup. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // ESM-only dependencies: Node 20 require()s them natively, jest's module system does not.
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!request-filtering-agent/)'],
  globalSetup: '<rootDir>/test/setup/globalSetup.ts',
  globalTeardown: '<rootDir>/test/setup/globalTeardown.ts',
  setupFiles: ['<rootDir>/test/setup/quietTemporal.ts'],
  testTimeout: 90_000,
  maxWorkers: 2,
};
