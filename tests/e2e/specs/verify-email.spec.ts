/* The mailed verification link: register → mail → "Verify my email" (a POST) → signed in; a
   replayed link and a bad one say what happened. Runs without and with JavaScript. */
import { uniqueEmail } from '../../support/registration.ts';
import { latestMail } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

test.describe('email verification', () => {
  test('the mailed link verifies the address and signs the fan in; a replay says it is done', async ({ page }) => {
    const email = uniqueEmail('verify');
    const since = Date.now();
    await page.goto('/registration');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Hale');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Password confirmation').fill('a-good-password');
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(`${WEB_URL}/verify-notice`);

    const mail = await latestMail({ to: email, after: since });
    const link = mail.links.find((l) => l.startsWith(`${WEB_URL}/verify-email?token=`));
    expect(link, `a verification link in ${mail.text}`).toBeTruthy();

    // Opening the link changes nothing (mail scanners open links too): the button does.
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your email');
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.getByRole('button', { name: 'Verify my email' }).click();

    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(page.getByText('Your email address is verified. Welcome!')).toBeVisible();
    await expect(accountButton(page, 'Robin')).toBeVisible();

    await page.goto(link!);
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your email already verified.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a link with an unknown token fails with the spec message', async ({ page }) => {
    await page.goto('/verify-email?token=this-token-was-never-issued-by-the-channel');
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page.getByRole('alert')).toHaveText('Verification your email address failed.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a link without a token fails without asking anything', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('alert')).toHaveText('Verification your email address failed.');
    await expect(page.getByRole('button', { name: 'Verify my email' })).toHaveCount(0);
  });
});
