/* The calendar feed (issue 24, ADR 035, 045): a fan who follows a school gets the private link from
   My games and sees the same address on every visit (another fan never does), a calendar app
   fetches it with no cookie and finds the school's games with their watch pages; a reset makes the old address answer 404 at once (the server's microcache keeps no copy)
   and the new one works; stopping the feed ends it. The same without JavaScript and with it. */
import type { Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { channelName, listEvents, schoolsWithTeams } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { pressFollow } from '../support/following.ts';
import { WEB_URL } from '../support/urls.ts';

/** As a calendar app fetches it: no cookie, nothing remembered. */
const fetchFeed = (address: string) => fetch(address, { redirect: 'manual' });

const veventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const valueOf = (v: unknown) => (typeof v === 'object' && v !== null && 'val' in v ? (v as { val: string }).val : v);

/** The school's games a feed lists: those that ended 30 days ago or later. */
async function gamesInWindow(participant: number): Promise<number[]> {
  const from = Date.now() / 1000 - 30 * 86_400;
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await listEvents({ participant, limit: 100, offset });
    ids.push(...page.items.filter((e) => e.event_utc_ts + e.duration >= from).map((e) => e.id));
    if (offset + 100 >= page.total) return ids.sort((a, b) => a - b);
  }
}

async function shownAddresses(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Your calendar link', exact: true })).toBeVisible();
  const web = await page.getByLabel('Calendar address').inputValue();
  const webcal = await page.getByLabel('Subscription address (webcal)').inputValue();
  expect(web).toMatch(new RegExp(`^${WEB_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/calendar/[A-Za-z0-9_-]{22}\\.ics$`));
  expect(webcal).toBe(web.replace(/^https?:/, 'webcal:'));
  await expect(page.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute('href', webcal);
  return web;
}

test('a fan gets the calendar link of their games, sees it on every visit, a calendar app reads it, and a reset ends the old address at once', async ({
  page,
  context,
  browser,
  javaScriptEnabled,
  checkA11y,
}) => {
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  const lakeview = (await schoolsWithTeams()).find((s) => s.alias === 'lakeview')!;
  await page.goto(`/schools/${lakeview.alias}`);
  await pressFollow(page, page.getByRole('button', { name: `Follow ${lakeview.name}`, exact: true }));
  await expect(page.getByRole('button', { name: `Following ${lakeview.name}`, exact: true })).toBeVisible();

  await page.goto('/my-games');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/my-games/calendar`);
  await expect(page.getByRole('heading', { level: 1, name: 'My games in your calendar' })).toBeVisible();
  await checkA11y();
  await page.getByRole('button', { name: 'Get the link' }).click();
  const first = await shownAddresses(page);
  await checkA11y();

  // A calendar app's fetch: the school's games, each once, with their watch pages, in UTC.
  const res = await fetchFeed(first);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.headers.get('set-cookie')).toBeNull();
  const text = await res.text();
  expect(text).toContain(`X-WR-CALNAME:${await channelName()} — my games`);
  const events = veventsOf(text);
  const expected = await gamesInWindow(lakeview.id);
  expect(expected.length).toBeGreaterThan(0);
  const ids = events.map((e) => Number(/\/watch\/(\d+)$/.exec(String(valueOf(e.url)))?.[1])).sort((a, b) => a - b);
  expect(ids).toEqual(expected);
  expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  for (const e of events) {
    expect(String(valueOf(e.url))).toMatch(new RegExp(`^${WEB_URL}/watch/\\d+$`));
    expect(e.start.tz).toBe('Etc/UTC');
  }
  // Asked twice: a microcache would keep it from here on; it must not.
  expect((await fetchFeed(first)).headers.get('x-microcache')).toBeNull();

  // Every visit shows the same address (a second device subscribes to it too), to its owner only, never cached.
  const again = await page.goto('/my-games/calendar');
  expect(again!.headers()['cache-control']).toBe('private, no-store');
  expect(await shownAddresses(page)).toBe(first);
  const other = await browser.newContext({ javaScriptEnabled });
  try {
    await signIn(other, await createVerifiedUser());
    const otherPage = await other.newPage();
    await otherPage.goto('/my-games/calendar');
    await expect(otherPage.getByRole('button', { name: 'Get the link' })).toBeVisible();
    expect(await otherPage.content()).not.toContain(new URL(first).pathname);
  } finally {
    await other.close();
  }
  await page.getByRole('button', { name: 'Reset the link' }).click();
  await expect(page.getByText('Your calendar link is reset: the old address no longer works.')).toBeVisible();
  const second = await shownAddresses(page);
  expect(second).not.toBe(first);
  await page.reload();
  expect(await shownAddresses(page)).toBe(second);
  const old = await fetchFeed(first);
  expect(old.status).toBe(404);
  expect(old.headers.get('content-type')).toContain('text/plain');
  const renewed = await fetchFeed(second);
  expect(renewed.status).toBe(200);
  expect(veventsOf(await renewed.text()).map((e) => e.uid)).toEqual(events.map((e) => e.uid));

  // Stop the feed: no address works, and the page offers a new link.
  await page.getByRole('button', { name: 'Stop the feed' }).click();
  await expect(page.getByText('Your calendar feed is stopped: its address no longer works.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get the link' })).toBeVisible();
  expect((await fetchFeed(second)).status).toBe(404);
  await checkA11y();
});

test('the calendar page is for a signed-in fan only, and a made-up address is not found', async ({ page }) => {
  await page.goto('/my-games/calendar');
  await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Fmy-games%2Fcalendar`);
  for (const path of ['/calendar/AAAAAAAAAAAAAAAAAAAAAA.ics', '/calendar/nope.ics', '/calendar/AAAAAAAAAAAAAAAAAAAAAA']) {
    const res = await fetchFeed(`${WEB_URL}${path}`);
    expect(res.status, path).toBe(404);
    expect(res.headers.get('set-cookie'), path).toBeNull();
  }
});
