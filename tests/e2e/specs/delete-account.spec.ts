import { createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

test.describe('delete account', () => {
  test('by mail: ask on the profile, confirm from the link, and the account is gone', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    const since = Date.now();
    await page.goto('/profile/edit');
    const zone = page.getByRole('region', { name: 'Delete account' });
    await zone.getByRole('button', { name: 'Email me a deletion link' }).click();
    await expect(page.getByText(`We sent a link to confirm the deletion to ${user.email}`)).toBeVisible();
    // Nothing is deleted yet: the fan is still signed in.
    await expect(accountButton(page, user.first_name)).toBeVisible();

    const mail = await latestMail({ to: user.email, after: since, subject: 'deletion' });
    const link = mail.links.find((l) => l.startsWith(`${WEB_URL}/confirm-account-deletion?token=`));
    expect(link, 'the mail links to the confirmation page').toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible();
    // The page names the account with a masked address (anyone holding the link may open it).
    const [local, domain] = user.email.split('@');
    await expect(page.getByText(`${local.slice(0, 2)}***@${domain}`, { exact: true })).toBeVisible();
    await expect(page.getByText(user.email)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'What is deleted' })).toBeVisible();
    await expect(page.getByText(/orders and payments, which we must keep for accounting/)).toBeVisible();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

    // The link is single use.
    await page.goto(link!);
    await expect(page.getByText(/This link is not valid/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);

    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  });

  test('opening the link changes nothing; "Keep my account" leaves it as it was', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    const since = Date.now();
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Email me a deletion link' }).click();
    await expect(page.getByText(`We sent a link to confirm the deletion to ${user.email}`)).toBeVisible();
    const mail = await latestMail({ to: user.email, after: since, subject: 'deletion' });
    const link = mail.links.find((l) => l.startsWith(`${WEB_URL}/confirm-account-deletion?token=`))!;

    await page.goto(link);
    await page.goto(link);
    await page.getByRole('link', { name: 'Keep my account' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await page.goto('/profile');
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  });

  test('an unknown or cut-off link says so clearly', async ({ page }) => {
    await page.goto('/confirm-account-deletion?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('This link is not valid. It may have expired (a deletion link lasts 24 hours) or been used already.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
    await page.goto('/confirm-account-deletion');
    await expect(page.getByText(/This link is not valid/)).toBeVisible();
  });
});
