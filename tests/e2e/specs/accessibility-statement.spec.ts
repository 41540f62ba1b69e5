/* The accessibility statement (issue 34), reached from the footer as a visitor would: the standard,
   how it is tested, its known limits, whom to tell about a barrier (the channel, by its contacts)
   and its date; a page every visitor shares (no cookie, a CDN may keep it). */
import { channelName } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

test('the accessibility statement opens from the footer and says what is met, how it is tested, its limits and whom to tell', async ({ page }) => {
  const channel = await channelName();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Accessibility', exact: true }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility');
  await expect(page).toHaveTitle(`Accessibility | ${channel}`);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['The standard', 'How it is tested', 'Known limits', 'Report a barrier', 'This statement']);
  await expect(main.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  for (const check of [/axe .* JavaScript on and once with it off/, /W3C Nu HTML validator and with html-validate/, /keyboard alone/, /reduced motion/]) {
    await expect(main.getByRole('listitem').filter({ hasText: check })).toHaveCount(1);
  }
  expect(await main.locator('h2:text-is("Known limits") + ul > li').count(), 'known limits are listed').toBeGreaterThan(2);

  // A barrier is reported to the channel, by name, at its own address.
  await expect(main.getByText(`tell ${channel}.`)).toBeVisible();
  const email = main.getByRole('link', { name: /^[^@\s]+@[^@\s]+\.[a-z]+$/i });
  await expect(email).toHaveAttribute('href', `mailto:${(await email.textContent())?.trim()}`);
  await main.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts');
  await page.goBack();

  // Dated, as a machine and a fan read it.
  await expect(main.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  await expect(main.getByText(/^This statement was last reviewed on \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  // The channel speaks, not the software it runs on.
  await expect(main.getByText(/Fieldhouse/)).toHaveCount(0);
});

test('the accessibility statement is a page every visitor shares: no cookie, kept by a CDN', async ({ page }) => {
  const res = await page.request.get('/accessibility', { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['set-cookie']).toBeUndefined();
  expect(res.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
});
