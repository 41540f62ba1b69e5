/* The channel API goes away: the visitor gets the 'Whoops!' reload screen, and the site is back
   once the API is. Stops the one channel API of the run, so this project runs alone and last
   (the teardown of `setup`); it covers both modes itself, one after the other. */
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { channelName } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { CONTROL_URL } from '../support/urls.ts';

const control = async (action: 'stop' | 'start') => {
  const res = await fetch(`${CONTROL_URL}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`channel API ${action}: ${res.status} ${await res.text()}`);
};

test.describe.configure({ mode: 'default', timeout: 180_000 });

test.afterEach(async () => {
  await control('start');
});

// One outage per mode (each stop and start of the channel API takes seconds): while it is down, a
// signed-in fan's failing profile tab, then an anonymous visitor's page; after it is back, both.
for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'js' : 'no-js', () => {
    test.use({ javaScriptEnabled });

    test("while the channel API is down: a failing profile tab keeps the header, the heading and the tabs; a page is the 'Whoops!' screen; both recover", async ({
      page,
      context,
    }) => {
      const name = await channelName();
      const user = await createVerifiedUser();
      const cookies = await signIn(context, user).then(() => context.cookies());
      // The header's channel data is cached and keeps serving through an outage; the tab's own
      // call to the channel is what fails.
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
      await control('stop');

      const res = await page.goto('/profile/transactions');
      expect(res?.status()).toBe(503);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: 'Profile' });
      await expect(tabs.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: 'Whoops!' })).toBeVisible();
      await expect(page.getByText('Apologies! Our service is currently experiencing technical difficulties.')).toBeVisible();
      await expect(page).toHaveTitle(`Whoops! | ${name}`);

      // An anonymous visitor: the bootstrap cache (2 s in e2e) may still answer once; then the outage shows.
      await context.clearCookies();
      await expect(async () => {
        const res = await page.goto('/schedule');
        expect(res?.status()).toBe(503);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whoops!', { timeout: 1_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000] });

      if (javaScriptEnabled) {
        // The reload button unlocks after the 60 s countdown.
        await expect(page.getByRole('button', { name: /Reload/ })).toBeDisabled();
      } else {
        await expect(page.getByRole('link', { name: 'Reload' })).toBeVisible();
      }

      await control('start');
      await expect(async () => {
        if (javaScriptEnabled) await page.reload();
        else await page.getByRole('link', { name: 'Reload' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule', { timeout: 1_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000] });
      await expect(page).toHaveTitle(`Schedule | ${name}`);

      // The fan again (the same session): the tab answers once more.
      await context.addCookies(cookies);
      await expect(async () => {
        await page.goto('/profile/transactions');
        await expect(page.getByRole('heading', { level: 2, name: 'Transactions' })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000] });
      await expect(tabs.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    });
  });
}
