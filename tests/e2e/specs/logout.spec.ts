import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton, logOutFromHeader } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

test.describe('log out', () => {
  test("Log out in the header's account menu logs out: Log in shows again and the profile needs a new login", async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/faq');
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(accountButton(page, user.first_name)).toBeVisible();

    await logOutFromHeader(page);
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(page.getByText('You are logged out.')).toBeVisible();
    await expect(account.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    // The next page ends what is left of the session; the pages after it are the shared ones again.
    await page.goto('/faq');
    expect((await context.cookies(WEB_URL)).map((c) => c.name)).toEqual([]);
    const next = await page.goto('/about');
    expect(await next?.headerValue('cache-control')).toMatch(/^public/);

    await page.goto('/profile');
    await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Fprofile`);
  });

  test('the ended session stays ended: the old cookie does not sign anyone in again', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/profile');
    const before = await context.cookies(WEB_URL);
    await logOutFromHeader(page);
    await expect(page.getByText('You are logged out.')).toBeVisible();

    // Put the signed-in cookie back: the channel has ended that api key, so it is a visitor's now.
    await context.clearCookies();
    await context.addCookies(before);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a GET of /logout changes nothing', async ({ page, context }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/logout');
    await expect(page).toHaveURL(`${WEB_URL}/`);
    await expect(accountButton(page, user.first_name)).toBeVisible();
  });

  test('logging out is refused when nobody is logged in', async ({ page }) => {
    await page.goto('/login');
    // A visitor's own valid form token: only the signed-out rule can refuse this post.
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
    const res = await page.request.post('/logout', { form: { csrf: csrf ?? '' }, headers: { Origin: WEB_URL }, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe('/');
    // reload, not goto: the toast shows for 5 s, and goto's accessibility scan may outlast it.
    await page.reload();
    await expect(page.getByText('You are not logged in.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
