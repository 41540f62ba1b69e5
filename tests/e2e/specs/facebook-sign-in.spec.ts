import { FACEBOOK_EMAIL_NOT_SHARED } from '../../../contract/facebook.ts';
import { uniqueEmail } from '../../support/registration.ts';
import { createVerifiedUser } from '../support/accounts.ts';
import { continueWithFacebook, passFacebook } from '../support/facebook-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton, accountMenu } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

/* Facebook sign-in through Facebook's own OAuth endpoints (ADR 056), against the local stand-in of
   its login dialog and Graph API (tests/support/facebook-stand-in.ts): a plain form, so the flow
   is the same with JavaScript off and on. */

test.describe('Facebook sign-in', () => {
  test('a new address accepts the terms first, then is signed in with the name Facebook gave', async ({ page }) => {
    const email = uniqueEmail('facebook');
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Log in' }).click();
    await continueWithFacebook(page);
    await passFacebook(page, email, { name: 'Robin Fieldfan' });

    await expect(page).toHaveURL(`${WEB_URL}/registration`);
    await expect(page.getByText('You are not registered yet. Please accept terms and conditions and click Register to continue.')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('checkbox', { name: 'I accept the terms & conditions and the privacy policy' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(`${WEB_URL}/faq`);
    await expect(accountButton(page, 'Robin')).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  });

  test('an existing account with that address is signed in at once', async ({ page }) => {
    const user = await createVerifiedUser();
    await page.goto('/login');
    await continueWithFacebook(page);
    await passFacebook(page, user.email);
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(page.getByText(`Welcome, ${user.first_name}!`)).toBeVisible();
    await expect(accountMenu(page)).toBeVisible();
  });

  test('cancelling at Facebook comes back to log in with a clear message', async ({ page }) => {
    await page.goto('/login');
    await continueWithFacebook(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.origin === WEB_URL);
    await expect(page).toHaveURL(`${WEB_URL}/login`);
    await expect(page.getByText('You cancelled signing in with Facebook. You can log in with your email and password instead.')).toBeVisible();
  });

  test('an address kept back at Facebook is explained, and nobody is signed in', async ({ page }) => {
    await page.goto('/login');
    await continueWithFacebook(page);
    await passFacebook(page, uniqueEmail('facebook-private'), { shareEmail: false });
    await expect(page).toHaveURL(`${WEB_URL}/login`);
    await expect(page.getByText(FACEBOOK_EMAIL_NOT_SHARED)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a callback without a sign-in started here is refused', async ({ page }) => {
    // The frame's goto, as in social-login.spec.ts: the toast lasts 5 s, the scan may take longer.
    await page.mainFrame().goto('/auth/facebook/callback?code=forged&state=forged');
    await expect(page).toHaveURL(`${WEB_URL}/login`);
    await expect(page.getByText('Signing in with Facebook took too long or was started in another browser. Please try again.')).toBeVisible();
  });
});
