/* The header's account menu for a signed-in fan (components/layout/Header): a disclosure whose
   button reads the fan's first name, holding their profile, My games, clips, alerts and Log out. */
import type { Locator, Page } from '@playwright/test';

/** The account menu (a <details>) in the header's Account navigation. */
export const accountMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Account' }).locator('details');

/** The account menu's button, which names the signed-in fan ('Account menu: Jordan'). */
export const accountButton = (page: Page, firstName: string): Locator =>
  accountMenu(page)
    .locator('summary')
    .filter({ hasText: new RegExp(`^Account menu: ${firstName}$`) });

/** Opens the account menu (a press on its button, as a fan would) unless it is open. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = accountMenu(page);
  if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) await menu.locator('summary').click();
  return menu;
}

/** Logs out from the header: opens the account menu and presses Log out (a POST form). */
export async function logOutFromHeader(page: Page): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: 'Log out' }).click();
}
