import { chromium } from 'playwright-core';
import { operatorFromImport, sessionCookieFor } from './e2e/support/accounts.ts';
import { startSecondSite } from './e2e/support/second-site.ts';
import { HEADLESS_SHELL_PATH, CHROMIUM_ARGS } from './support/chromium.ts';
const OP = 'shot-operator@example.com';
const site = await startSecondSite({ settings: { multilanguage: true }, describe: (d) => void (d.operators = [OP]) });
try {
  const op = await operatorFromImport(site.importOutput, OP, site);
  const { name, value } = await sessionCookieFor(op, site);
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name, value, url: site.url }, { name: '__lang', value: 'fr', url: site.url }]);
    const page = await context.newPage();
    await page.goto(`${site.url}/operator/report`);
    await page.screenshot({ path: `/tmp/report-fr-${width}.png`, fullPage: width === 1280 });
    await context.close();
  }
  await browser.close();
} finally {
  await site.close();
}
