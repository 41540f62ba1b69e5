import { uniqueEmail } from '../../support/registration.ts';
import { createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton, logOutFromHeader } from '../support/header.ts';
import { appHydrated } from '../support/hydration.ts';
import { WEB_URL } from '../support/urls.ts';

test.describe('profile', () => {
  test('a fresh fan sees the account, the tabs and a useful empty state on each', async ({ page, context, checkA11y }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expect(page.getByText(`${user.first_name} ${user.last_name}`)).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');

    const tabs = page.getByRole('navigation', { name: 'Profile' });
    await expect(tabs.getByRole('link', { name: 'Active orders' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('You have no active passes yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See passes and packages' })).toHaveAttribute('href', '/packages');

    await tabs.getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/profile/transactions`);
    await expect(tabs.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Active orders' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Transactions' })).toBeVisible();
    await expect(page.getByText('You have no transactions yet.')).toBeVisible();
    // Tabs are reached by clicking, not goto: scan this one as the fan sees it.
    await checkA11y();

    await tabs.getByRole('link', { name: 'Clips' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/profile/clips`);
    await expect(tabs.getByRole('link', { name: 'Clips' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('You have no clips yet.')).toBeVisible();
    await expect(page.getByText(/open a game on its watch page and use the Clip form/)).toBeVisible();
  });

  test('a visitor is sent to log in and comes back to the profile', async ({ page }) => {
    const user = await createVerifiedUser();
    await page.goto('/profile/clips');
    await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Fprofile%2Fclips`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(`${WEB_URL}/profile/clips`);
    await expect(page.getByText('You have no clips yet.')).toBeVisible();
  });
});

test.describe('edit profile', () => {
  test('every validation message, then the new name shows in the header and on the profile', async ({ page, context, javaScriptEnabled }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue(user.first_name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
    // With JavaScript the messages are the app's own, shown without a post: the app must have
    // started (after the page's first frame: app/http/script-loading.ts), or the press is the
    // plain form's, which the no-js project covers.
    if (javaScriptEnabled) await appHydrated(page);

    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').fill('  ');
    await page.getByLabel('Email', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter your first name')).toBeVisible();
    await expect(page.getByText('Enter your last name')).toBeVisible();
    await expect(page.getByText('Enter your Email')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email', { exact: true }).fill('jordan@');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('A valid email address is required')).toBeVisible();

    await page.getByLabel('First name').fill('Avery');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/profile`);
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();
    await expect(accountButton(page, 'Avery')).toBeVisible();
    await expect(page.getByText('Avery Quinn')).toBeVisible();
  });

  test('a new e-mail address is mailed a verification link', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    const newEmail = uniqueEmail('moved');
    const since = Date.now();
    await page.goto('/profile/edit');
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/profile`);
    await expect(page.getByText(`We sent a link to ${newEmail}: please verify your new email address before you next log in.`)).toBeVisible();
    await expect(page.getByText(/not verified yet/)).toBeVisible();
    const mail = await latestMail({ to: newEmail, after: since });
    expect(mail.links.some((l) => l.startsWith(`${WEB_URL}/verify-email?token=`))).toBe(true);
  });

  test("another fan's address is refused on the e-mail field", async ({ page, context }) => {
    const [user, other] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
    await signIn(context, user);
    await page.goto('/profile/edit');
    await page.getByLabel('Email', { exact: true }).fill(other.email);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The email address you have entered is already registered.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.goto('/profile');
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  });

  test('change the password, then log in with it', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    const newPassword = `New-${Date.now().toString(36)}-pw`;
    await page.goto('/profile/edit');
    const change = page.getByRole('button', { name: 'Change password' });

    await change.click();
    await expect(page.getByText('Field is required')).toBeVisible();
    await expect(page.getByText('The password is too short')).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('short');
    await change.click();
    await expect(page.getByText('The password is too short')).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await change.click();
    await expect(page.getByText('The password and password confirmation do not match')).toBeVisible();

    // The channel checks the current password.
    await page.getByLabel('Current password', { exact: true }).fill(`${user.password}-wrong`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await change.click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await expect(page.getByLabel('Current password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(await page.content()).not.toContain(newPassword);

    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await change.click();
    await expect(page).toHaveURL(`${WEB_URL}/profile`);
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await logOutFromHeader(page);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(accountButton(page, user.first_name)).toBeVisible();
  });
});
