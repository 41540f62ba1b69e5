/* The pages of what a fan follows (issue 24, ADR 033): a school, a team, a sport, a division and a
   venue, reached from the header's menus and from a watch page, with their games in the cards and
   pages of /upcoming. Plain links and GETs, the same with JavaScript off. */
import type { Page } from '@playwright/test';
import { divisions, eventTitle, finishedEvent, listEvents, schoolsWithTeams } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

const gameTitles = (page: Page) =>
  page
    .locator('main ul[data-view]')
    .locator('a[href^="/watch/"]')
    .evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()));

async function openHeaderMenu(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByText(label, { exact: true }).click();
}

test('a school from the Schools menu shows its teams and games, and leads to a team', async ({ page }) => {
  const lakeview = (await schoolsWithTeams()).find((s) => s.alias === 'lakeview')!;
  await page.goto('/');
  await openHeaderMenu(page, 'Schools');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: lakeview.name, exact: true }).click();
  await expect(page).toHaveURL(/\/schools\/lakeview$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lakeview.name);
  await expect(page).toHaveTitle(new RegExp(`^${lakeview.name} \\|`));

  const teams = page.getByRole('region', { name: 'Teams' }).getByRole('link');
  await expect(teams).toHaveCount(lakeview.children!.length);
  await expect(teams.first()).toHaveAttribute('href', `/teams/${lakeview.children![0].alias}`);

  // Its games, live now first: exactly the school's (its teams' included) in the channel.
  const live = await listEvents({ participant: lakeview.id, stream_status: 'live', limit: 100 });
  const all = await listEvents({ participant: lakeview.id, limit: 100 });
  expect(live.total, 'a Lakeview team plays live in the demo').toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Live now' }).getByRole('article')).toHaveCount(live.total);
  const shown = await gameTitles(page);
  expect(shown.length).toBeGreaterThan(live.total);
  for (const title of shown) expect(all.items.map(eventTitle)).toContain(title);

  await page.getByRole('region', { name: 'Teams' }).getByRole('link', { name: 'Boys Soccer', exact: true }).click();
  await expect(page).toHaveURL(/\/teams\/lakeview-boys-soccer$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lakeview Lions Boys Soccer');
  const team = lakeview.children!.find((t) => t.alias === 'lakeview-boys-soccer')!;
  const teamGames = (await listEvents({ participant: team.id, limit: 100 })).items.map(eventTitle);
  const onTeamPage = await gameTitles(page);
  expect(onTeamPage.length).toBeGreaterThan(0);
  for (const title of onTeamPage) expect(teamGames).toContain(title);
  // Back to its school.
  await page.getByRole('main').getByRole('link', { name: lakeview.name, exact: true }).click();
  await expect(page).toHaveURL(/\/schools\/lakeview$/);
});

test('every school, by division, from the Schools menu; every sport', async ({ page, checkA11y }) => {
  const schools = (await schoolsWithTeams()).filter((s) => s.parent_id === null);
  const groups = await divisions();
  await page.goto('/');
  await openHeaderMenu(page, 'Schools');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All schools', exact: true }).click();
  await expect(page).toHaveURL(/\/schools$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schools');
  // Each division that has schools, as a heading linking its page, its schools under it.
  const north = groups.find((d) => d.alias === 'north')!;
  const northSchools = schools.filter((s) => s.participant_group_id === north.id).map((s) => s.name);
  const northSection = page.getByRole('region', { name: north.name });
  await expect(northSection.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute('href', '/divisions/north');
  expect(await northSection.getByRole('heading', { level: 3 }).allTextContents()).toEqual([...northSchools].sort((a, b) => a.localeCompare(b, 'en')));
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(schools.length);
  // A school's card lists its teams.
  const lakeview = schools.find((s) => s.alias === 'lakeview')!;
  await expect(page.getByRole('list', { name: `In ${lakeview.name}` }).getByRole('link')).toHaveCount(lakeview.children!.length);
  await checkA11y();
  await page.getByRole('heading', { level: 3, name: lakeview.name }).getByRole('link').click();
  await expect(page).toHaveURL(/\/schools\/lakeview$/);

  await page.goto('/sports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports');
  await page.getByRole('heading', { level: 2, name: 'Basketball' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/sports\/basketball$/);
});

test('a division from the Divisions menu shows its schools and its games page by page', async ({ page }) => {
  const north = (await divisions()).find((d) => d.alias === 'north')!;
  const schools = (await schoolsWithTeams()).filter((s) => s.participant_group_id === north.id);
  await page.goto('/upcoming');
  await openHeaderMenu(page, 'Divisions');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: north.name, exact: true }).click();
  await expect(page).toHaveURL(/\/divisions\/north$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(north.name);
  const schoolLinks = page.getByRole('region', { name: 'Schools' }).getByRole('link');
  expect(await schoolLinks.allTextContents()).toEqual(schools.map((s) => s.name));

  // On demand: the latest first, twelve a page.
  await page.getByRole('navigation', { name: 'Games by status' }).getByRole('link', { name: 'On demand' }).click();
  await expect(page).toHaveURL(/\/divisions\/north\?status=finished$/);
  const finished = await listEvents({ participant_group: north.id, stream_status: 'finished', sort_direction: 'desc', limit: 24 });
  expect(finished.total, 'the north division has more than a page of replays').toBeGreaterThan(12);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText(`Page 1 of ${Math.ceil(finished.total / 12)}`);
  await expect(page.getByText(`Showing 1–12 of ${finished.total} games`)).toBeVisible();
  expect(await gameTitles(page)).toEqual(finished.items.slice(0, 12).map(eventTitle));

  await pagination.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/status=finished&page=2/);
  await expect(pagination).toContainText('Page 2 of');
  expect(await gameTitles(page)).toEqual(finished.items.slice(12, 24).map(eventTitle));
});

test('a watch page links to its teams, its sport and its venue', async ({ page }) => {
  const game = await finishedEvent('free');
  const [away] = game.participants;
  const sport = game.event_categories.find((c) => c.id === game.event_category_id)!;

  await page.goto(`/watch/${game.id}`);
  // The first of its links: the game's facts (the Follow list below links it again).
  await page.getByRole('main').getByRole('link', { name: away.name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/teams\/[a-z-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(away.name);

  await page.goto(`/watch/${game.id}`);
  await page.getByRole('main').getByRole('link', { name: sport.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sports/${sport.alias}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sport.name);
  const sportGames = (await listEvents({ category: sport.id, limit: 100 })).items.map(eventTitle);
  const ofSport = await gameTitles(page);
  expect(ofSport.length).toBeGreaterThan(0);
  for (const title of ofSport) expect(sportGames).toContain(title);

  await page.goto(`/watch/${game.id}`);
  const venueLink = page.getByRole('main').getByRole('link', { name: /, / });
  const venueName = (await venueLink.textContent())!.split(',')[0];
  await venueLink.click();
  await expect(page).toHaveURL(/\/venues\/[a-z0-9-]+-\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(venueName);
  const atVenue = (await listEvents({ location: game.location_id!, limit: 100 })).items.map(eventTitle);
  const shown = await gameTitles(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const title of shown) expect(atVenue).toContain(title);
});

test('an unknown school, team, sport, division or venue is the not-found page', async ({ page }) => {
  for (const url of ['/schools/no-such-school', '/teams/lakeview', '/sports/curling', '/divisions/east', '/venues/nowhere-999999']) {
    const response = await page.goto(url);
    await expect(page, url).toHaveURL(/\/404$/);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry! - Game Not Found');
  }
});

test('the pages are shareable: no cookie, and a CDN may keep them', async ({ page }) => {
  const venue = (await listEvents({ limit: 1 })).items[0].location_id!;
  const pages = [
    '/schools',
    '/sports',
    '/schools/lakeview',
    '/teams/lakeview-boys-soccer',
    '/sports/basketball',
    '/divisions/north?status=finished&page=2',
    `/venues/x-${venue}`,
  ];
  for (const url of pages) {
    const res = await page.request.get(url, { headers: { Accept: 'text/html' } });
    expect(res.status(), url).toBe(200);
    expect(res.headers()['set-cookie'], `${url} sets no cookie`).toBeUndefined();
    expect(res.headers()['cache-control'], `${url} may be shared`).toMatch(/^public, max-age=0, s-maxage=\d+/);
  }
  // A venue's address with other words leads to its own.
  const old = await page.request.get(`/venues/x-${venue}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toMatch(new RegExp(`^/venues/[a-z0-9-]+-${venue}$`));
  expect((await page.context().cookies()).map((c) => c.name)).toEqual([]);
});
