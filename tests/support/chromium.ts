/* The Debian Chromium builds the tests and the benchmark drive, and the flags they launch with:
   - the e2e tests run Debian's `chromium-headless-shell` (the same Chromium, headless only: each
     test's context starts faster and uses less CPU than the full browser; ADR 021);
   - the benchmark's Lighthouse runs the full browser, `chromium`, as a fan's phone would. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
