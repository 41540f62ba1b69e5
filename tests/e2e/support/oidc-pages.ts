import { expect, type Page } from '@playwright/test';
import { OIDC_URL, WEB_URL } from './urls.ts';

/* The local provider's dev pages (oidc-provider devInteractions): a sign-in form (login + any
   password), then a consent form with a "Continue" button; both are plain forms, so the flow is
   the same with JavaScript off and on. */

export const onProvider = (url: URL) => url.origin === OIDC_URL;

/** Starts "Continue with Google" and waits until the browser is at the provider or back here. */
export async function continueWithGoogle(page: Page) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => onProvider(url) || !/^\/(login|registration|auth\/)/.test(url.pathname));
}

/** Signs in at the provider as `email` and consents, as far as the provider asks. */
export async function passProvider(page: Page, email: string) {
  for (let step = 0; step < 4 && onProvider(new URL(page.url())); step++) {
    const login = page.locator('input[name="login"]');
    if (await login.count()) {
      await login.fill(email);
      await page.locator('input[name="password"]').fill('any password at all');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => onProvider(url) || url.origin === WEB_URL);
    await page.waitForLoadState();
  }
  expect(new URL(page.url()).origin, 'back from the provider').toBe(WEB_URL);
}
