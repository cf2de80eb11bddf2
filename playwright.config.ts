import { defineConfig } from '@playwright/test';

// Debian's Chromium (browsers cannot be downloaded here). The flags keep it off the network
// and make it start fast as root in a container.
export default defineConfig({
  testDir: 'integration-tests/tests',
  outputDir: process.env.PW_OUTPUT
    ? `${process.env.PW_OUTPUT}/artifacts`
    : 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : 2,
  // CI (a loaded 2-core machine running two browsers and two sandboxes) retries a failed test
  // once; `npm test` lists every test that needed it, so a flake is reported, never hidden.
  // Locally a failure fails at once.
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: process.env.PW_OUTPUT
          ? `${process.env.PW_OUTPUT}/playwright.json`
          : 'test-results/playwright.json',
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    testIdAttribute: 'data-test',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
