import { temporaryUser } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

/* A fan made by the operator command (`user:create`) has a temporary password: once logged in,
   every page sends them to /profile/edit until they choose their own (spec sections 2 and 6). */

test('a temporary password forces /profile/edit from any page until a new one is set', async ({ page }, testInfo) => {
  const user = temporaryUser(testInfo.project.name);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}/profile/edit`);
  await expect(page.getByText('Choose a new password to continue.')).toBeVisible();
  // The temporary password is not asked for again.
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);

  for (const path of ['/', '/faq', '/profile', '/profile/clips', '/upcoming']) {
    await page.goto(path);
    await expect(page).toHaveURL(`${WEB_URL}/profile/edit`);
  }

  const set = page.getByRole('button', { name: 'Set password' });
  await set.click();
  await expect(page.getByText('The password is too short')).toBeVisible();
  const newPassword = `Mine-${Date.now().toString(36)}-pw`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}-typo`);
  await set.click();
  await expect(page.getByText('The password and password confirmation do not match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await set.click();
  await expect(page).toHaveURL(`${WEB_URL}/profile`);
  await expect(page.getByText('Your new password is set.')).toBeVisible();

  await page.goto('/faq');
  await expect(page).toHaveURL(`${WEB_URL}/faq`);
  await page.goto('/profile/edit');
  await expect(page.getByText('Choose a new password to continue.')).toHaveCount(0);
  await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();
});
