import type { Page } from '@playwright/test';

/** Waits until the app has hydrated the page (React's keys on <main>). The app starts after the
 *  page's load event and the frame after it (app/http/script-loading.ts): a press before then is
 *  the plain form's, a whole new page, as with JavaScript off. */
export async function appHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__react'));
  });
}
