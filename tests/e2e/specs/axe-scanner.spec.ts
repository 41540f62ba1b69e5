/* The accessibility scan every other spec relies on (support/axe.ts) finds what it should: on a
   live page, and on the replay of a page as a browser without JavaScript shows it — where one
   page of the worker shows document after document, so a finding must never carry over. */
import { expect, test } from '@playwright/test';
import { axeViolations, openReplay } from '../support/axe.ts';
import { withoutScripts } from '../support/fixtures.ts';

const page = (body: string, style = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>axe check</title><style>${style}</style></head><body><main><h1>Check</h1>${body}</main></body></html>`;

const ids = (lines: string[]) => lines.map((line) => line.split(' ')[0]);

test('the replay finds violations, and none on a clean document shown after a bad one', async ({ browser }) => {
  const replay = await openReplay(browser);
  try {
    const view = { viewport: { width: 390, height: 844 }, reducedMotion: null };
    expect(ids(await replay.violations(page('<img src="/favicon.ico">'), view))).toEqual(['image-alt']);
    // Colours come from the page's CSS, as in the app.
    expect(ids(await replay.violations(page('<p class="faint">Faint text</p>', '.faint { color: #bbb; background: #fff }'), view))).toEqual(['color-contrast']);
    expect(await replay.violations(page('<p>Plain text</p><img src="/favicon.ico" alt="Our logo">'), view)).toEqual([]);
    // A script of the page never runs in the replay: what it would have fixed stays unfixed.
    const fixedByScript = page('<img id="logo" src="/favicon.ico"><script>document.getElementById("logo").alt = "Our logo"</script>');
    expect(ids(await replay.violations(withoutScripts(fixedByScript), view))).toEqual(['image-alt']);
  } finally {
    await replay.close();
  }
});

test('a live page is scanned as it is now', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const tab = await context.newPage();
    await tab.setContent(page('<button></button>'));
    expect(ids(await axeViolations(tab))).toEqual(['button-name']);
    await tab.evaluate(() => document.querySelector('button')!.setAttribute('aria-label', 'Play'));
    expect(await axeViolations(tab)).toEqual([]);
  } finally {
    await context.close();
  }
});
