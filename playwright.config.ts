// The dashboard's browser tests: @playwright/test driving Debian's Chromium (installed by
// tools/ensure-system-packages.sh; Playwright's own browser download cannot work on these
// machines), against the same real infrastructure as the integration tests (their global setup).
import { defineConfig } from '@playwright/test';

// As under jest: the services run in test mode (the public development key is accepted).
process.env.NODE_ENV ??= 'test';

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/setup/globalSetup.ts',
  globalTeardown: './test/setup/globalTeardown.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-artifacts/playwright',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium's background services would try the network, which these machines refuse.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
