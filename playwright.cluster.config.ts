import { defineConfig } from '@playwright/test';
import { PROXY_URL } from './tests/cluster/support/cluster.ts';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/support/chromium.ts';

/* The cluster step of the test suite (issue 37, ADR 059): `npm run start:cluster` — nginx in front
   of two web servers, the channel API and two workers on PostgreSQL — started once for the run
   (tests/cluster/support/global-setup.ts). The core flows pass through the proxy with JavaScript
   off and on; then, alone, the faults: processes killed and PostgreSQL restarted, nothing lost. */

const resultsDir = process.env.FIELDHOUSE_RESULTS_DIR;

export default defineConfig({
  testDir: 'tests/cluster',
  outputDir: '.cache/test-results/cluster-artifacts',
  globalSetup: './tests/cluster/support/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: resultsDir ? [['list'], ['json', { outputFile: `${resultsDir}/playwright-cluster.json` }]] : [['list']],
  use: {
    baseURL: PROXY_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'cluster-no-js', testMatch: /flows\.spec\.ts/, use: { javaScriptEnabled: false } },
    { name: 'cluster-js', testMatch: /flows\.spec\.ts/, use: { javaScriptEnabled: true } },
    // They kill and freeze what the flows use: after them, one at a time.
    { name: 'faults', testMatch: /faults\.spec\.ts/, dependencies: ['cluster-no-js', 'cluster-js'], fullyParallel: false },
  ],
});
