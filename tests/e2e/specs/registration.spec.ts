/* /registration: every spec message, the channel's "already registered", the trip to the
   "Check your inbox" page, and the signed-in detour home. Runs without and with JavaScript. */
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../../support/registration.ts';
import { createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton } from '../support/header.ts';
import { appHydrated } from '../support/hydration.ts';
import { continueWithGoogle, passProvider } from '../support/oidc-pages.ts';
import { WEB_URL } from '../support/urls.ts';

const form = (page: Page) => ({
  firstName: page.getByLabel('First name'),
  lastName: page.getByLabel('Last name'),
  email: page.getByLabel('Email', { exact: true }),
  password: page.getByLabel('Password', { exact: true }),
  confirmation: page.getByLabel('Password confirmation'),
  terms: page.getByRole('checkbox', { name: 'I accept the terms & conditions and the privacy policy' }),
  news: page.getByRole('checkbox', { name: /news and offers/ }),
  register: page.getByRole('button', { name: 'Register', exact: true }),
});

/** The field is marked invalid and its message is part of its accessible description. */
async function expectError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&')));
}

test.describe('registration', () => {
  test('every validation message of the form', async ({ page, javaScriptEnabled }) => {
    await page.goto('/registration');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register');
    const f = form(page);

    if (javaScriptEnabled) {
      // As the fan types: leaving a field shows its message before any submit. The app does that,
      // once it has started (after the page's first frame: app/http/script-loading.ts).
      await appHydrated(page);
      await f.firstName.focus();
      await f.firstName.blur();
      await expectError(f.firstName, 'Enter your first name');
      await expect(f.lastName).not.toHaveAttribute('aria-invalid', 'true');
    }

    await f.register.click();
    await expectError(f.firstName, 'Enter your first name');
    await expectError(f.lastName, 'Enter your last name');
    await expectError(f.email, 'Enter your Email');
    await expectError(f.password, 'The password is too short');
    await expectError(f.terms, 'Please accept terms & conditions');
    await expect(f.news).not.toHaveAttribute('aria-invalid', 'true');

    await f.firstName.fill('Jordan');
    await f.lastName.fill('Rivers');
    await f.email.fill('jordan@');
    await f.password.fill('short');
    await f.confirmation.fill('mismatch-Q7');
    await f.register.click();
    await expectError(f.email, 'A valid email address is required');
    await expectError(f.password, 'The password is too short');
    await expectError(f.confirmation, 'The password and password confirmation do not match');
    await expectError(f.terms, 'Please accept terms & conditions');
    await expect(f.firstName).not.toHaveAttribute('aria-invalid', 'true');
    // What was typed stays, except the passwords, which never come back from the server.
    await expect(f.firstName).toHaveValue('Jordan');
    expect(await page.content()).not.toContain('mismatch-Q7');

    await f.email.fill('jordan@example.test');
    await f.password.fill('long-enough-1');
    await f.confirmation.fill('long-enough-2');
    await f.terms.check();
    await f.register.click();
    await expectError(f.confirmation, 'The password and password confirmation do not match');
    await expect(f.email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(f.password).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(`${WEB_URL}/registration`);
  });

  test('the terms label links to the terms and the privacy policy', async ({ page }) => {
    await page.goto('/registration');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'terms & conditions', exact: true })).toHaveAttribute('href', '/terms_conditions');
    await expect(main.getByRole('link', { name: 'privacy policy', exact: true })).toHaveAttribute('href', '/privacy_policy');
  });

  test('registering mails a verification link and says where it went', async ({ page }) => {
    const email = uniqueEmail('register');
    const since = Date.now();
    await page.goto('/registration');
    const f = form(page);
    await f.firstName.fill('Casey');
    await f.lastName.fill('Morgan');
    await f.email.fill(email);
    await f.password.fill('a-good-password');
    await f.confirmation.fill('a-good-password');
    await f.terms.check();
    await f.news.check();
    await f.register.click();

    await expect(page).toHaveURL(`${WEB_URL}/verify-notice`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
    await expect(page.getByText(`We have sent a link to verify your email address to ${email}.`)).toBeVisible();
    await expect(page.getByText(/spam/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
    // Registering does not sign in.
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();

    const mail = await latestMail({ to: email, after: since });
    expect(mail.links.some((l) => l.startsWith(`${WEB_URL}/verify-email?token=`))).toBe(true);
  });

  test('an address that is already registered is refused on the email field', async ({ page }) => {
    const existing = await createVerifiedUser();
    await page.goto('/registration');
    const f = form(page);
    await f.firstName.fill('Another');
    await f.lastName.fill('Fan');
    await f.email.fill(existing.email);
    await f.password.fill('a-good-password');
    await f.confirmation.fill('a-good-password');
    await f.terms.check();
    await f.register.click();
    await expectError(f.email, 'The email address you have entered is already registered.');
    await expect(page).toHaveURL(`${WEB_URL}/registration`);
  });

  test('a signed-in fan visiting the registration page goes home', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/registration');
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(accountButton(page, user.first_name)).toBeVisible();
  });

  test('a new address from Google asks for the terms; the fan may go back to the e-mail form', async ({ page }) => {
    const email = uniqueEmail('social-cancel');
    await page.goto('/registration');
    await continueWithGoogle(page);
    await passProvider(page, email);
    await expect(page).toHaveURL(`${WEB_URL}/registration`);
    await expect(page.getByText('You are not registered yet. Please accept terms and conditions and click Register to continue.')).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    // Only the terms and the news opt-in are asked: the provider vouched for the address.
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    await expect(form(page).news).toBeVisible();

    await page.getByRole('button', { name: 'Register with an email and password instead' }).click();
    await expect(form(page).firstName).toBeVisible();
    await expect(page.getByText('You are not registered yet.', { exact: false })).toHaveCount(0);
    await page.reload();
    await expect(form(page).firstName).toBeVisible();
  });
});
