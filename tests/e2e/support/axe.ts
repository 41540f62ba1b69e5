/* axe-core (WCAG 2.2 AA) in a page, and the page that scans what a browser without JavaScript
   renders. What @axe-core/playwright's legacy mode does, without its cost: it evaluates axe's
   1.3 MB source twice per scan; here the minified source is evaluated once per document, and the
   replay of pages without JavaScript happens in one page per worker where axe stays loaded
   (document.open() keeps the window and its globals). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { WEB_URL } from './urls.ts';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = { axe: { run(context: Document, options: object): Promise<AxeResults> } };

/** axe's violations on the page's document, a line each: `rule (impact): help — targets`. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const results = await (window as unknown as AxeWindow).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // Only violations are reported: axe skips describing every passing node.
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(', ')}`);
}

export interface Replay {
  /** axe's violations on `html` as a browser shows it at this size and motion preference. */
  violations(html: string, view: { viewport: { width: number; height: number } | null; reducedMotion: 'reduce' | 'no-preference' | null }): Promise<string[]>;
  close(): Promise<void>;
}

/** One JavaScript-enabled page that shows any HTML of ours (with the app's real CSS, images and
 *  fonts) and runs axe on it. Navigation away from it (a link, a form, a page's
 *  <meta http-equiv="refresh">) is answered 204, which leaves the document as it is. */
export async function openReplay(browser: Browser): Promise<Replay> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const home = `${WEB_URL}/__axe-replay__`;
  await page.route(
    () => true,
    (route) => {
      const request = route.request();
      if (!request.isNavigationRequest()) return route.fallback();
      return request.url() === home
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>replay</title>' })
        : route.fulfill({ status: 204 });
    },
  );
  await page.goto(home);
  return {
    async violations(html, view) {
      await page.setViewportSize(view.viewport ?? { width: 1280, height: 720 });
      await page.emulateMedia({ reducedMotion: view.reducedMotion ?? 'no-preference' });
      await page.evaluate(
        (markup) =>
          new Promise<void>((resolve) => {
            document.open();
            document.write(markup);
            document.close();
            // Stylesheets, images and fonts are in before axe measures colours and sizes.
            const fonts = () => void document.fonts.ready.then(() => resolve());
            if (document.readyState === 'complete') fonts();
            else window.addEventListener('load', fonts, { once: true });
          }),
        html,
      );
      return axeViolations(page);
    },
    close: () => context.close(),
  };
}
