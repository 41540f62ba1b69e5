/* Password reset by mail: request (every message, unknown address), the mailed link, the new
   password form's messages, logging in with the new password (the old one is refused), and a used
   or unknown link. Runs without and with JavaScript. */
import type { Locator, Page } from '@playwright/test';
import { createVerifiedUser, latestMail } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton } from '../support/header.ts';
import { appHydrated } from '../support/hydration.ts';
import { WEB_URL } from '../support/urls.ts';

async function expectError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const newPassword = (page: Page) => ({
  password: page.getByLabel('New password', { exact: true }),
  confirmation: page.getByLabel('New password confirmation'),
  save: page.getByRole('button', { name: 'Change my password' }),
});

test.describe('password reset', () => {
  test('the request form: every message, and an unknown address', async ({ page, javaScriptEnabled }) => {
    await page.goto('/password-reset-request');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    const email = page.getByLabel('Email');
    const send = page.getByRole('button', { name: 'Send me a link' });

    if (javaScriptEnabled) {
      // Leaving the field shows its message before any submit, once the app has started (after the
      // page's first frame: app/http/script-loading.ts); before that a blur does nothing.
      await appHydrated(page);
      await email.fill('fan@');
      await email.blur();
      await expectError(email, 'A valid email address is required');
      await email.fill('');
    }

    await send.click();
    await expectError(email, 'Enter your Email');
    await email.fill('not an address');
    await send.click();
    await expectError(email, 'A valid email address is required');
    await email.fill('nobody-registered-this@example.test');
    await send.click();
    await expectError(email, 'User not found.');
  });

  test('a mailed link sets a new password; the old one stops working; the link works once', async ({ page }) => {
    const user = await createVerifiedUser();
    const since = Date.now();
    await page.goto('/password-reset-request');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText(`We sent a link to reset your password to ${user.email}.`)).toBeVisible();
    expect(page.url()).not.toContain(encodeURIComponent(user.email));

    const mail = await latestMail({ to: user.email, subject: 'Reset', after: since });
    const link = mail.links.find((l) => l.startsWith(`${WEB_URL}/password-reset?token=`));
    expect(link, `a reset link in ${mail.text}`).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    const f = newPassword(page);
    await f.save.click();
    await expectError(f.password, 'The password is too short');
    await f.password.fill('short');
    await f.save.click();
    await expectError(f.password, 'The password is too short');
    await f.password.fill('brand-new-password');
    await f.confirmation.fill('brand-new-passw0rd');
    await f.save.click();
    await expectError(f.confirmation, 'The password and password confirmation do not match');

    await f.password.fill('brand-new-password');
    await f.confirmation.fill('brand-new-password');
    await f.save.click();
    await expect(page).toHaveURL(`${WEB_URL}/login`);
    await expect(page.getByText('Your password has been changed. Please log in.')).toBeVisible();

    // The same link again: spent.
    await page.goto(link!);
    const again = newPassword(page);
    await again.password.fill('another-password');
    await again.confirmation.fill('another-password');
    await again.save.click();
    await expect(page.getByRole('alert')).toHaveText('Reset password failed.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password-reset-request');

    await logIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    await logIn(page, user.email, 'brand-new-password');
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(accountButton(page, user.first_name)).toBeVisible();
  });

  test('an unknown link, or one without its token, cannot reset anything', async ({ page }) => {
    await page.goto('/password-reset?token=this-token-was-never-issued-by-the-channel');
    const f = newPassword(page);
    await f.password.fill('brand-new-password');
    await f.confirmation.fill('brand-new-password');
    await f.save.click();
    await expect(page.getByRole('alert')).toHaveText('Reset password failed.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();

    await page.goto('/password-reset');
    await expect(page.getByRole('alert')).toHaveText('Reset password failed.');
    await expect(newPassword(page).save).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/password-reset-request`);
  });
});
