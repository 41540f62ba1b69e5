import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { FACEBOOK_GRAPH_VERSION } from './contract/facebook.ts';
import { ALERT_LEAD_MINUTES } from './tests/e2e/support/alerts.ts';
import { FACEBOOK_APP } from './tests/e2e/support/facebook.ts';
import { SIGN_IN_LIMITS } from './tests/e2e/support/limits.ts';
import { OIDC_CLIENT } from './tests/e2e/support/oidc.ts';
import { CHANNEL_API_URL, CONTROL_URL, FACEBOOK_URL, OIDC_URL, WEB_URL } from './tests/e2e/support/urls.ts';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/support/chromium.ts';
import { SERVER_NODE_ARGS } from './tests/support/server-command.ts';

/* One web server (production build) and one channel API process (under a supervisor that lets
   the 'Whoops!' test stop and start it) per run. Projects: `setup` (is everything up?), then
   `no-js`, `js`, `fuzz` and `markup` in parallel, then `whoops` (stops the channel API, so it runs alone, last:
   as the teardown of `setup` it runs even when other tests failed). */

const dataDir = path.resolve('.cache/e2e-data');

/** A sign-in provider's local stand-in (tests/e2e/support/<name>-server.ts): Google's OpenID
 *  provider, Facebook's OAuth endpoints. */
const signInStandIn = (name: string, url: string, env: Record<string, string>) => ({
  name,
  command: `node --import tsx tests/e2e/support/${name}-server.ts`,
  url,
  env,
  timeout: 60_000,
  reuseExistingServer: !process.env.CI,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
});
const resultsDir = process.env.FIELDHOUSE_RESULTS_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.cache/test-results/playwright-artifacts',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Screenshot baselines (screenshots.spec.ts, ADR 030): in the repository, named by page,
    // project and width, e.g. tests/e2e/screenshots/home-no-js-390.png.
    toHaveScreenshot: { pathTemplate: '{testDir}/screenshots/{arg}{ext}' },
  },
  // A missing baseline fails instead of being written (Playwright's default writes it): CI never
  // passes on a screenshot it made itself. `npm run test:screenshots:update` passes
  // --update-snapshots=all, which overrides this.
  updateSnapshots: 'none',
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: resultsDir
    ? [['list'], ['json', { outputFile: path.join(resultsDir, 'playwright.json') }]]
    : [['list'], ['html', { open: 'never', outputFolder: '.cache/playwright-report' }]],
  use: {
    baseURL: WEB_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /setup\/.*\.setup\.ts/, teardown: 'whoops' },
    { name: 'no-js', testMatch: /specs\/.*\.spec\.ts/, dependencies: ['setup'], use: { javaScriptEnabled: false } },
    { name: 'js', testMatch: /specs\/.*\.spec\.ts/, dependencies: ['setup'], use: { javaScriptEnabled: true } },
    // Property-based fuzz of every form action and page over HTTP (no browser), beside the others.
    { name: 'fuzz', testMatch: /fuzz\/.*\.fuzz\.ts/, dependencies: ['setup'] },
    // Every kind of page through the W3C Nu validator and html-validate, over HTTP (no browser).
    { name: 'markup', testMatch: /markup\/.*\.spec\.ts/, dependencies: ['setup'] },
    // Runs both modes itself (see whoops.spec.ts), serially.
    { name: 'whoops', testMatch: /whoops\/.*\.spec\.ts/, fullyParallel: false },
  ],
  webServer: [
    signInStandIn('oidc', `${OIDC_URL}/.well-known/openid-configuration`, { OIDC_PORT: new URL(OIDC_URL).port }),
    // The login dialog without an app answers 400: up.
    signInStandIn('facebook', `${FACEBOOK_URL}/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`, { FACEBOOK_PORT: new URL(FACEBOOK_URL).port }),
    {
      name: 'channel-api',
      command: 'node --import tsx tests/e2e/support/channel-supervisor.ts',
      url: `${CHANNEL_API_URL}/channels/demo.json`,
      env: {
        CHANNEL_API_PORT: new URL(CHANNEL_API_URL).port,
        CONTROL_PORT: new URL(CONTROL_URL).port,
        DATA_DIR: dataDir,
        // Short-lived api keys, so the web server's key refresh path runs during the suite.
        API_KEY_TTL_SECONDS: '10',
        // A gift may be mailed again a second after its last mail (gifts.spec.ts), not a minute.
        GIFT_RESEND_SECONDS: '1',
        // An account is refused after a few failed sign-ins (login.spec.ts), not ten.
        SIGN_IN_WINDOW_SECONDS: String(SIGN_IN_LIMITS.windowSeconds),
        SIGN_IN_ACCOUNT_FAILURES: String(SIGN_IN_LIMITS.accountFailures),
        // A reminder reaches the next upcoming game, so its mail comes during the run (alerts.spec.ts).
        ALERT_LEAD_MINUTES: String(ALERT_LEAD_MINUTES),
        // Links in mail (written to DATA_DIR/outbox) lead to the web server under test.
        PUBLIC_URL: WEB_URL,
        GOOGLE_ISSUER: OIDC_URL,
        GOOGLE_CLIENT_ID: OIDC_CLIENT.client_id,
        FACEBOOK_CLIENT_ID: FACEBOOK_APP.appId,
        FACEBOOK_CLIENT_SECRET: FACEBOOK_APP.appSecret,
        FACEBOOK_GRAPH_URL: FACEBOOK_URL,
      },
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      name: 'web',
      command: `node ${SERVER_NODE_ARGS.join(' ')}`,
      url: `${WEB_URL}/healthz`,
      env: {
        NODE_ENV: 'production',
        PORT: new URL(WEB_URL).port,
        HOST: '127.0.0.1',
        CHANNEL_API_URL,
        SESSION_SECRET: 'e2e-session-secret',
        // The geo test sends X-Forwarded-For: 203.0.113.9.
        TRUST_PROXY: 'true',
        // Short, so the Whoops test sees a cold bootstrap cache soon after the API stops.
        BOOTSTRAP_TTL_SECONDS: '2',
        CONTENT_TTL_SECONDS: '2',
        SENTRY_DSN: '',
        PUBLIC_URL: WEB_URL,
        // Google sign-in against the local OpenID provider, Facebook against the stand-in of its endpoints.
        GOOGLE_ISSUER: OIDC_URL,
        GOOGLE_CLIENT_ID: OIDC_CLIENT.client_id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.client_secret,
        FACEBOOK_CLIENT_ID: FACEBOOK_APP.appId,
        FACEBOOK_CLIENT_SECRET: FACEBOOK_APP.appSecret,
        FACEBOOK_AUTH_URL: FACEBOOK_URL,
        FACEBOOK_GRAPH_URL: FACEBOOK_URL,
      },
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
