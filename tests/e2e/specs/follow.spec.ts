/* Following (issue 24): a fan follows a school, a team, a sport, a division, a venue and a game
   from their pages, finds them with their games in My games and unfollows there; a visitor's
   Follow goes through Log in and comes back already followed. A plain form without JavaScript
   (the page comes back with a toast), in place with it. */
import type { Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { divisions, eventTitle, finishedEvent, listEvents, schoolsWithTeams } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { pressFollow } from '../support/following.ts';
import { openAccountMenu } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

/** Follows `name` with the page's own button and waits until the page says so, and until the
 *  channel has it (with JavaScript the button turns before: a test leaving at once would cut
 *  the request short, as a fan closing the tab would). */
async function follow(page: Page, name: string) {
  const button = page.getByRole('button', { name: `Follow ${name}`, exact: true });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await pressFollow(page, button);
  await expect(page.getByRole('button', { name: `Following ${name}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test('a fan follows a school, a team, a sport, a division, a venue and a game, and finds them all in My games', async ({ page, context, checkA11y }) => {
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  const lakeview = (await schoolsWithTeams()).find((s) => s.alias === 'lakeview')!;
  const team = lakeview.children![0];
  const division = (await divisions())[0];
  const game = await finishedEvent('free');

  await page.goto(`/schools/${lakeview.alias}`);
  await follow(page, lakeview.name);
  await page.goto(`/teams/${team.alias}`);
  await follow(page, team.name);
  await page.goto(`/divisions/${division.alias}`);
  await follow(page, division.name);
  // A game's watch page: the game itself, and its sport and venue from there.
  await page.goto(`/watch/${game.id}`);
  const followSection = page.getByRole('region', { name: 'Follow' });
  await expect(followSection).toBeVisible();
  await follow(page, eventTitle(game));
  const sport = game.event_categories[0];
  await follow(page, sport.name);
  const venueLink = followSection.getByRole('link', { name: /./ }).last();
  const venueName = (await venueLink.textContent())!.trim();
  await follow(page, venueName);
  await checkA11y();

  // My games, from the header: the six, and the games of all of them.
  await (await openAccountMenu(page)).getByRole('link', { name: 'My games' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/my-games`);
  await expect(page.getByRole('heading', { level: 1, name: 'My games' })).toBeVisible();
  const following = page.getByRole('region', { name: 'Following' }).getByRole('listitem');
  await expect(following).toHaveCount(6);
  // A game is listed by the channel's name for it.
  for (const name of [lakeview.name, team.name, division.name, game.name, sport.name, venueName]) {
    await expect(page.getByRole('button', { name: `Following ${name}`, exact: true })).toBeVisible();
  }
  // Each with what it is: a school and its team read apart.
  const kinds: [string, string][] = [
    [lakeview.name, 'School'],
    [team.name, 'Team'],
    [division.name, 'Division'],
    [game.name, 'Game'],
    [sport.name, 'Sport'],
    [venueName, 'Venue'],
  ];
  for (const [name, kind] of kinds) {
    await expect(following.filter({ has: page.getByRole('button', { name: `Following ${name}`, exact: true }) })).toContainText(kind);
  }
  await expect(page.getByText('School or team')).toHaveCount(0);
  // Their alert e-mails are on one page, each with its kind, under one Save.
  await page.getByRole('link', { name: 'Alert e-mails' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/alerts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  for (const [name, kind] of kinds) await expect(page.getByRole('group', { name: `${name} ${kind}`, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);
  await checkA11y();
  await page.goto('/my-games');
  // The games to come by default (live first, soonest first); on demand latest first.
  const upcoming = await listEvents({ participant: lakeview.id, stream_status: 'live,upcoming', limit: 1 });
  expect(upcoming.total).toBeGreaterThan(0);
  const games = page.getByRole('region', { name: 'Games' });
  await expect(games.getByRole('article').first()).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'On demand, latest first' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  // A plain GET form: the empty date fields ride along.
  await expect(page).toHaveURL(/\/my-games\?show=finished(&from=&to=)?$/);
  await expect(games.getByRole('link', { name: new RegExp(eventTitle(game).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first()).toBeVisible();
  await checkA11y();

  // Unfollow the game here: it leaves the list.
  await page.getByRole('button', { name: `Following ${game.name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Following ${game.name}`, exact: true })).toHaveCount(0);
  await expect(following).toHaveCount(5);
});

test('My games without anything followed leads to every school and sport, to follow from there', async ({ page, context, checkA11y }) => {
  await signIn(context, await createVerifiedUser());
  const lakeview = (await schoolsWithTeams()).find((s) => s.alias === 'lakeview')!;
  const team = lakeview.children![0];
  await page.goto('/my-games');
  await expect(page.getByRole('heading', { level: 2, name: 'You do not follow anything yet' })).toBeVisible();

  await page.getByRole('link', { name: 'Browse schools and teams' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/schools`);
  await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
  // A team is followed from its page, reached from its school's card; a school from its card.
  await follow(page, lakeview.name);
  await page
    .getByRole('list', { name: `In ${lakeview.name}` })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(`${WEB_URL}/teams/${team.alias}`);
  await follow(page, team.name);

  await page.goto('/my-games');
  await expect(page.getByRole('region', { name: 'Following' }).getByRole('listitem')).toHaveCount(2);
  await pressFollow(page, page.getByRole('button', { name: `Following ${lakeview.name}`, exact: true }));
  await pressFollow(page, page.getByRole('button', { name: `Following ${team.name}`, exact: true }));
  await page.getByRole('link', { name: 'Browse sports' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/sports`);
  // A sport is followed from its card; its kinds (Girls Basketball) from their pages.
  await follow(page, 'Basketball');
  await checkA11y();
  await page.goto('/my-games');
  await expect(page.getByRole('region', { name: 'Following' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Following Basketball', exact: true })).toBeVisible();
});

test("a visitor's Follow leads to log in and back, already following", async ({ page }) => {
  const fan = await createVerifiedUser();
  const lakeview = (await schoolsWithTeams()).find((s) => s.alias === 'lakeview')!;
  await page.goto(`/schools/${lakeview.alias}`);
  await page.getByRole('button', { name: `Follow ${lakeview.name}`, exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Fschools%2F${lakeview.alias}`);
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password').fill(fan.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}/schools/${lakeview.alias}`);
  await expect(page.getByText(`You now follow ${lakeview.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Following ${lakeview.name}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
});
