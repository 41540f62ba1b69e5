/* Slides on every page (issue 36; README "Slides on every page"): a channel description whose
   slides say where they show, imported as an operator would on a second site of its own
   (support/second-site.ts): main slides on home, a category slide on its sport's page, participant
   slides on a team's and a school's page, a group slide on a division's. And a division's teams by
   the channel's facets (participant-group-properties), on the shared e2e site's demo channel. */
import type { Page } from '@playwright/test';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';

const SLIDES = [
  { type: 'participant', belongs_to: 'lakeview-girls-soccer', title: 'Senior night for Lakeview girls soccer', slidable_type: 'url', link_url: '/packages' },
  { type: 'participant', belongs_to: 'lakeview', title: 'Lakeview homecoming week', slidable_type: 'url', link_url: '/faq' },
  { type: 'category', belongs_to: 'soccer', title: 'Soccer playoffs start Friday', slidable_type: 'url', link_url: '/schedule' },
  { type: 'group', belongs_to: 'north', title: 'North Division title race', slidable_type: 'url', link_url: '/schools' },
].map((s) => ({ ...s, subtitle: null, image: '/media/images/poster-soccer.svg', target: null }));

let site: SecondSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSecondSite({
    describe: (d) => {
      d.slides = [...(d.slides as object[]), ...SLIDES];
    },
  });
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
});

const featured = (page: Page) => page.getByRole('region', { name: 'Featured' });
const slideTitles = (page: Page) => featured(page).locator('.slide__title').allTextContents();

test.describe('slides on every page', () => {
  test("a team's page shows its own slide, which leads where the channel said", async ({ page }) => {
    await page.goto(`${site.url}/teams/lakeview-girls-soccer`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lakeview Lions Girls Soccer' })).toBeVisible();
    expect(await slideTitles(page)).toEqual(['Senior night for Lakeview girls soccer']);
    await featured(page)
      .getByRole('link', { name: /Senior night for Lakeview girls soccer/ })
      .click();
    await expect(page).toHaveURL(`${site.url}/packages`);
    // Another team of the school has no slide: no Featured region at all.
    await page.goto(`${site.url}/teams/lakeview-boys-soccer`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lakeview Lions Boys Soccer' })).toBeVisible();
    await expect(featured(page)).toHaveCount(0);
  });

  test("the school's, the sport's and the division's pages show theirs", async ({ page }) => {
    await page.goto(`${site.url}/schools/lakeview`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lakeview Lions' })).toBeVisible();
    expect(await slideTitles(page)).toEqual(['Lakeview homecoming week']);
    await page.goto(`${site.url}/sports/soccer`);
    expect(await slideTitles(page)).toEqual(['Soccer playoffs start Friday']);
    await page.goto(`${site.url}/divisions/north`);
    expect(await slideTitles(page)).toEqual(['North Division title race']);
  });

  test('home shows the main slides only: no category, team, school or division slide lands there', async ({ page }) => {
    await page.goto(`${site.url}/`);
    const titles = await slideTitles(page);
    expect(titles.length).toBeGreaterThan(1);
    for (const s of SLIDES) expect(titles).not.toContain(s.title);
  });
});

test.describe("a division's teams by the channel's facets", () => {
  test('choosing a gender and a sport lists those teams; Clear goes back', async ({ page }) => {
    await page.goto('/divisions/north');
    const finder = page.getByRole('search', { name: 'Find a team' });
    await expect(finder.getByRole('combobox', { name: 'Gender' })).toBeVisible();
    await finder.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'Women' });
    await finder.getByRole('combobox', { name: 'Sport' }).selectOption({ label: 'Soccer' });
    await finder.getByRole('button', { name: 'Show teams' }).click();
    await expect(page).toHaveURL(/\/divisions\/north\?gender=W&sport=soccer$/);
    await expect(page.getByRole('heading', { level: 3, name: 'Women · Soccer: 4 teams' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Find a team' });
    const teams = await section.getByRole('listitem').allTextContents();
    expect(teams).toHaveLength(4);
    for (const name of teams) expect(name).toMatch(/ Girls Soccer$/);
    // The form shows what was chosen.
    await expect(finder.getByRole('combobox', { name: 'Gender' })).toHaveValue('W');
    await section.getByRole('link', { name: teams[0] }).click();
    await expect(page.getByRole('heading', { level: 1, name: teams[0] })).toBeVisible();

    await page.goto('/divisions/north?gender=W&sport=soccer');
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/divisions\/north$/);
    await expect(page.getByRole('region', { name: 'Find a team' }).getByRole('listitem')).toHaveCount(0);
  });

  test('an unknown value is ignored, never an error', async ({ page }) => {
    const res = await page.goto('/divisions/north?gender=X&sport=<script>');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('search', { name: 'Find a team' }).getByRole('combobox', { name: 'Gender' })).toHaveValue('');
  });
});
