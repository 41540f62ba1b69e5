import { expect, type Page } from '@playwright/test';
import { FACEBOOK_URL, WEB_URL } from './urls.ts';

/* The stand-in's login dialog (tests/support/facebook-stand-in.ts): a plain form with the address,
   the name, "Share my email address", Continue and Cancel, the same with JavaScript off and on. */

export const onFacebook = (url: URL) => url.origin === FACEBOOK_URL;

/** Starts "Continue with Facebook" and waits for the login dialog. */
export async function continueWithFacebook(page: Page) {
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await page.waitForURL((url) => onFacebook(url));
  await expect(page.getByRole('heading', { name: 'Log in with Facebook' })).toBeVisible();
}

/** Signs in at the dialog as `email` (or, with `shareEmail: false`, keeps the address back). */
export async function passFacebook(page: Page, email: string, opts: { name?: string; shareEmail?: boolean } = {}) {
  await page.getByLabel('Email address', { exact: true }).fill(email);
  if (opts.name) await page.getByLabel('Name', { exact: true }).fill(opts.name);
  if (opts.shareEmail === false) await page.getByLabel('Share my email address').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === WEB_URL);
  await page.waitForLoadState();
}
