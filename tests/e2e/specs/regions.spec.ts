/* Regions and blackouts (issue 36, ADR 054; README "Regions and blackouts"): a game the channel's
   description blacks out in Canada, on a second site of its own (support/second-site.ts) that
   trusts its proxy's country header (TRUST_PROXY, CF-IPCountry), as behind Cloudflare. From
   Canada the watch page says the spec's words and plays nothing, no grant cookie is set, and the
   media refuses a grant from there; from elsewhere the same game plays, on its grant. The shared
   e2e site browses from loopback: the channel's default country (US). */
import type { Event } from '#contract';
import { REGION_REFUSAL } from '#contract/regions';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { listEvents } from '../support/channel.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';

const FROM_CANADA = { 'CF-IPCountry': 'CA' };
/** The same address, the proxy saying another country: the media's grant is for its own country. */
const FROM_BRITAIN = { 'CF-IPCountry': 'GB' };

type DescribedEvent = { key: string; type: string; always_live?: boolean; blackout_countries?: string[] };

let site: SecondSite;
/** Free to fans with an account: its media is theirs on a grant. */
let registerGame: Event;
let liveGame: Event;
let otherLive: Event;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSecondSite({
    describe: (d) => {
      const events = d.events as DescribedEvent[];
      const blackOut = (e: DescribedEvent | undefined) => void (e!.blackout_countries = ['CA']);
      blackOut(events.find((e) => e.type === 'register'));
      blackOut(events.find((e) => e.always_live && e.type === 'free'));
    },
    env: { TRUST_PROXY: 'true' },
  });
  scanPagesOf(site.url);
  registerGame = (await listEvents({ stream_status: 'finished', limit: 100 }, site)).items.find((e) => e.type === 'register')!;
  const live = (await listEvents({ stream_status: 'live', limit: 100 }, site)).items.filter((e) => e.type === 'free');
  [liveGame, otherLive] = live;
});

test.afterAll(async () => {
  await site?.close();
});

test('a fan in Canada is told the game is not available in their region: no player, no grant cookie, and its media refused', async ({ page, context }) => {
  const fan = await createVerifiedUser({}, site);
  await signIn(context, fan, site);
  const grantCookies = async () => (await context.cookies()).filter((c) => c.name.endsWith('media_grant') && c.path.startsWith('/media/'));

  // From elsewhere (the default country), the game plays on the fan's grant.
  const home = await page.goto(`${site.url}/watch/${registerGame.id}`);
  expect(home!.status()).toBe(200);
  await expect(page.locator('video')).toHaveCount(1);
  // The grant: a cookie on the game's media path (ADR 026; read for every path, as it is not '/').
  const grants = await grantCookies();
  expect(grants).toHaveLength(1);
  expect(grants[0].path).toMatch(/^\/media\/vod\/game-\d+\/$/);
  const mp4 = `${grants[0].path}video.mp4`;
  const media = (headers: Record<string, string>) => page.request.get(`${site.url}${mp4}`, { headers: { ...headers, Range: 'bytes=0-99' } });
  expect((await media({})).status()).toBe(206);
  // The same grant carried to Canada, or to any other country: refused by the media itself.
  for (const from of [FROM_CANADA, FROM_BRITAIN]) {
    const refused = await media(from);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe(REGION_REFUSAL.code);
  }

  // From Canada: the spec's words where the player was, and no grant handed out.
  await context.clearCookies({ name: grants[0].name });
  await page.setExtraHTTPHeaders(FROM_CANADA);
  const there = await page.goto(`${site.url}/watch/${registerGame.id}`);
  expect(there!.headers()['set-cookie'] ?? '').not.toMatch(/media_grant/);
  await expect(page.getByText("We're sorry, but this content is not available in your region.")).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  expect(await grantCookies()).toEqual([]);
  // Nor a download of it (a link, followed as the fan would).
  await page.goto(`${site.url}/watch/${registerGame.id}/download`);
  await expect(page).toHaveURL(`${site.url}/watch/${registerGame.id}`);
});

test('an anonymous visitor in Canada: the live game blacked out there is refused on its page and in its multi-view tile, the others play', async ({ page }) => {
  await page.setExtraHTTPHeaders(FROM_CANADA);
  const res = await page.goto(`${site.url}/watch/${liveGame.id}`);
  await expect(page.getByText("We're sorry, but this content is not available in your region.")).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  // Behind the CDN whose header told the country, the page may be shared, keyed by that header.
  expect(res!.headers()['cache-control']).toMatch(/^public/);
  expect(res!.headers().vary).toMatch(/cf-ipcountry/i);

  await page.goto(`${site.url}/multiview?id=${liveGame.id}&id=${otherLive.id}`);
  const tiles = page.getByRole('region');
  await expect(tiles.filter({ hasText: 'not available in your region' })).toHaveCount(1);
  await expect(page.locator('video')).toHaveCount(1);

  // The same pages from elsewhere play both.
  await page.setExtraHTTPHeaders({});
  await page.goto(`${site.url}/watch/${liveGame.id}`);
  await expect(page.locator('video')).toHaveCount(1);
  await expect(page.getByText('not available in your region')).toHaveCount(0);
});

test('the shared e2e site’s demo blacks out one game, in Canada only', async ({ request }) => {
  const blackedOut = (await listEvents({ stream_status: 'live', limit: 100 })).items;
  const pages = await Promise.all(
    blackedOut.map(async (e) => ({ e, html: await (await request.get(`/watch/${e.id}`, { headers: { ...FROM_CANADA, Accept: 'text/html' } })).text() })),
  );
  const refused = pages.filter((p) => p.html.includes('not available in your region'));
  expect(refused.map((p) => p.e.name)).toEqual(['Bayside Mariners @ Lakeview Lions (Boys Soccer)']);
  // From the e2e tests' own country (the default), it plays.
  const html = await (await request.get(`/watch/${refused[0].e.id}`, { headers: { Accept: 'text/html' } })).text();
  expect(html).not.toContain('not available in your region');
});
