import { uniqueEmail } from '../../support/registration.ts';
import { createVerifiedUser } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton, accountMenu, logOutFromHeader } from '../support/header.ts';
import { continueWithGoogle, onProvider, passProvider } from '../support/oidc-pages.ts';
import { WEB_URL } from '../support/urls.ts';

/* Social sign-in against the local OpenID provider (oidc-provider, Google's stand-in); its pages
   are plain forms (support/oidc-pages.ts), so the flow is the same with JavaScript off and on. */

test.describe('social sign-in', () => {
  test('the configured providers are offered: Google and Facebook', async ({ page }) => {
    for (const path of ['/login', '/registration']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toBeVisible();
    }
  });

  test('a new address accepts the terms first, then is signed in; the next time it goes straight in', async ({ page }) => {
    const email = uniqueEmail('social');
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Log in' }).click();
    // The link carries the page to come back to (no cookie remembers it).
    await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Ffaq`);
    await continueWithGoogle(page);
    await passProvider(page, email);

    await expect(page).toHaveURL(`${WEB_URL}/registration`);
    await expect(page.getByText('You are not registered yet. Please accept terms and conditions and click Register to continue.')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Please accept terms & conditions')).toBeVisible();
    await page.getByRole('checkbox', { name: 'I accept the terms & conditions and the privacy policy' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(`${WEB_URL}/faq`);
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(accountMenu(page)).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    await logOutFromHeader(page);
    await expect(account.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/login');
    await continueWithGoogle(page);
    await passProvider(page, email);
    // Registered now: no terms step, signed in at once, back on the last page (home, after the logout).
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(accountMenu(page)).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  });

  test('an existing account with that address is signed in and linked', async ({ page }) => {
    const user = await createVerifiedUser();
    await page.goto('/login');
    await continueWithGoogle(page);
    await passProvider(page, user.email);
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(page.getByText(`Welcome, ${user.first_name}!`)).toBeVisible();
    await expect(accountButton(page, user.first_name)).toBeVisible();
  });

  test('cancelling at the provider comes back to log in with a clear message', async ({ page }) => {
    await page.goto('/login');
    await continueWithGoogle(page);
    expect(onProvider(new URL(page.url())), 'at the provider').toBe(true);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL((url) => url.origin === WEB_URL);
    await expect(page).toHaveURL(`${WEB_URL}/login`);
    await expect(page.getByText('You cancelled signing in with Google. You can log in with your email and password instead.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a callback without a sign-in started here is refused', async ({ page }) => {
    // The frame's goto, not page.goto: the latter's accessibility scan can outlast the 5 s toast
    // (the page this ends on is scanned when the test ends).
    await page.mainFrame().goto('/auth/google/callback?code=forged&state=forged');
    await expect(page).toHaveURL(`${WEB_URL}/login`);
    await expect(page.getByText('Signing in with Google took too long or was started in another browser. Please try again.')).toBeVisible();
  });

  test('a provider that is not configured here does not exist', async ({ page }) => {
    await page.goto('/login');
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
    const res = await page.request.post('/auth/myspace', { form: { csrf: csrf ?? '' }, headers: { Origin: WEB_URL } });
    expect(res.status()).toBe(404);
    expect(res.url()).toBe(`${WEB_URL}/404`);
  });
});
