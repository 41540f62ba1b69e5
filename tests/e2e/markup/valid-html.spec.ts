/* Valid HTML (issue 34): every kind of page, as the server sends it (what a browser parses, with
   JavaScript or without), is checked by the W3C Nu validator — zero errors — and by html-validate
   (.htmlvalidate.mjs). One test: it asks the web server for each page below (a visitor's, or a
   signed-in fan's), saves them, and runs each checker once over all of them (the Nu validator is a
   Java program whose start takes seconds). A failure lists every error with its page and place;
   the pages stay in the test's output folder.

   A page kind is one line of PAGES: its name, its path (fixed, or made from the demo data and the
   fans set up below) and who asks for it. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Clip } from '../../../contract/clips.ts';
import type { EventDetail } from '../../../contract/entities.ts';
import { createVerifiedUser, operatorUser, sessionCookieFor } from '../support/accounts.ts';
import { customPages, finishedEvent, listEvents, schoolsWithTeams } from '../support/channel.ts';
import { ordersOf, paidEvent, subscribe } from '../support/commerce.ts';
import { htmlValidateErrors, nuValidatorErrors, type SavedPage } from '../support/html-checks.ts';
import { prerollGame } from '../support/prerolls.ts';
import { CHANNEL_API_URL, WEB_URL } from '../support/urls.ts';

/** What the paths are made of: the demo's games and pages, and what the fans below hold. */
interface Demo {
  live: number;
  finished: number;
  /** The game the setup's pre-roll plays before (support/prerolls.ts). */
  preroll: number;
  paid: number;
  ticket: number;
  /** Paths found in the pages' own links: a school, team, sport, venue, division, video, package, one of the channel's own pages. */
  links: Record<'school' | 'team' | 'sport' | 'venue' | 'division' | 'video' | 'selectPackage' | 'customPage', string>;
  /** The subscriber's clip, made on a finished game. */
  clip: { id: number; uuid: string };
  /** The subscriber's subscription order. */
  order: number;
}

/** Who asks: a visitor (no cookie), a signed-in fan who bought nothing, a subscriber (who
 *  follows a school and a game, and has a clip and an order), or the channel's operator. */
type Who = 'visitor' | 'fan' | 'subscriber' | 'operator';

interface PageKind {
  name: string;
  path: string | ((demo: Demo) => string);
  as?: Who;
  /** The status it answers (200 unless said). */
  status?: number;
}

const PAGES: PageKind[] = [
  { name: 'home', path: '/' },
  { name: 'live-list', path: '/live' },
  { name: 'upcoming-list', path: '/upcoming' },
  { name: 'vod-list', path: '/vod' },
  { name: 'schedule', path: '/schedule' },
  { name: 'schedule-list-view', path: '/schedule?view=list' },
  { name: 'multiview-empty', path: '/multiview' },
  { name: 'multiview', path: (d) => `/multiview?id=${d.live}&id=${d.paid}` },
  { name: 'multiview-notes', path: (d) => `/multiview?id=abc&id=${d.live}&id=${d.live}` },
  { name: 'multiview-subscriber', path: (d) => `/multiview?id=${d.live}&id=${d.paid}`, as: 'subscriber' },
  { name: 'watch-live', path: (d) => `/watch/${d.live}` },
  { name: 'watch-vod', path: (d) => `/watch/${d.finished}` },
  { name: 'watch-paid', path: (d) => `/watch/${d.paid}` },
  { name: 'watch-preroll', path: (d) => `/watch/${d.preroll}` },
  { name: 'watch-preroll-skip-wait', path: (d) => `/watch/${d.preroll}?skip_wait=2` },
  { name: 'watch-live-subscriber', path: (d) => `/watch/${d.live}`, as: 'subscriber' },
  { name: 'watch-vod-subscriber', path: (d) => `/watch/${d.finished}`, as: 'subscriber' },
  { name: 'video-library', path: '/vod_library' },
  { name: 'video', path: (d) => d.links.video },
  { name: 'login', path: '/login' },
  { name: 'registration', path: '/registration' },
  { name: 'password-reset-request', path: '/password-reset-request' },
  { name: 'schools', path: '/schools' },
  { name: 'sports', path: '/sports' },
  { name: 'school', path: (d) => d.links.school },
  { name: 'team', path: (d) => d.links.team },
  { name: 'sport', path: (d) => d.links.sport },
  { name: 'venue', path: (d) => d.links.venue },
  { name: 'division', path: (d) => d.links.division },
  // Find a team (the channel's facets): a choice with its teams, and one beside the live games.
  { name: 'division-teams', path: (d) => `${d.links.division}?gender=W&sport=soccer` },
  { name: 'division-teams-live', path: (d) => `${d.links.division}?gender=M&status=live` },
  { name: 'school-signed-in', path: (d) => d.links.school, as: 'subscriber' },
  { name: 'my-games', path: '/my-games', as: 'subscriber' },
  { name: 'calendar', path: '/my-games/calendar', as: 'subscriber' },
  { name: 'alerts', path: '/alerts', as: 'subscriber' },
  { name: 'profile', path: '/profile', as: 'subscriber' },
  { name: 'profile-edit', path: '/profile/edit', as: 'subscriber' },
  { name: 'profile-transactions', path: '/profile/transactions', as: 'subscriber' },
  { name: 'profile-clips', path: '/profile/clips', as: 'subscriber' },
  { name: 'profile-payment-methods', path: '/profile/payment-methods', as: 'subscriber' },
  { name: 'custom-form', path: '/forms/passes', as: 'fan' },
  { name: 'clip', path: (d) => `/watch_library/${d.clip.id}`, as: 'subscriber' },
  { name: 'clip-delete', path: (d) => `/watch_library/${d.clip.id}/delete`, as: 'subscriber' },
  { name: 'share', path: (d) => `/share/${d.clip.id}/${d.clip.uuid}` },
  { name: 'packages', path: '/packages' },
  { name: 'select-package', path: (d) => d.links.selectPackage, as: 'fan' },
  { name: 'buy', path: (d) => `/buy?event=${d.paid}&package=${d.ticket}`, as: 'fan' },
  { name: 'order', path: (d) => `/orders/${d.order}`, as: 'subscriber' },
  { name: 'faq', path: '/faq' },
  { name: 'about', path: '/about' },
  { name: 'contacts', path: '/contacts' },
  { name: 'accessibility', path: '/accessibility' },
  { name: 'privacy-policy', path: '/privacy_policy' },
  { name: 'custom-page', path: (d) => d.links.customPage },
  { name: 'operator-report', path: '/operator/report', as: 'operator' },
  { name: 'operator-report-refused', path: '/operator/report?from=2026-03-10&to=2026-03-01', as: 'operator', status: 400 },
  { name: 'not-found', path: '/404', status: 404 },
];

/** Nothing here hangs on a browser: the whole test is HTTP, the checkers and a clip being made. */
test.setTimeout(120_000);

test('every kind of page is valid HTML: the W3C Nu validator and html-validate find no error', async () => {
  const [fan, subscriber] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
  const [fanSession, subscriberSession, operatorSession] = await Promise.all([
    sessionCookieFor(fan),
    sessionCookieFor(subscriber),
    sessionCookieFor(operatorUser()),
  ]);
  const cookies: Record<Who, string | undefined> = {
    visitor: undefined,
    fan: `${fanSession.name}=${fanSession.value}`,
    subscriber: `${subscriberSession.name}=${subscriberSession.value}`,
    operator: `${operatorSession.name}=${operatorSession.value}`,
  };
  const demo = await demoFor(subscriberSession.apiKey);

  const dir = test.info().outputPath('pages');
  fs.mkdirSync(dir, { recursive: true });
  const pages: SavedPage[] = [];
  for (const kind of PAGES) {
    const url = typeof kind.path === 'string' ? kind.path : kind.path(demo);
    const cookie = cookies[kind.as ?? 'visitor'];
    const res = await fetch(new URL(url, WEB_URL), { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
    expect.soft(res.status, `${kind.name} ${url} answers`).toBe(kind.status ?? 200);
    const html = await res.text();
    // Another answer (a redirect to log in) is not the page: it is not checked.
    if (res.status !== (kind.status ?? 200)) continue;
    const file = path.join(dir, `${kind.name}.html`);
    fs.writeFileSync(file, html);
    pages.push({ name: kind.name, path: url, file, html });
  }

  const [nu, htmlValidate] = await Promise.all([nuValidatorErrors(pages), htmlValidateErrors(pages)]);
  expect.soft(nu, `the W3C Nu validator's errors (the pages are in ${dir})`).toEqual([]);
  expect.soft(htmlValidate, `html-validate's errors (the pages are in ${dir})`).toEqual([]);
});

/** The demo data the paths need, and the subscriber's follows, clip and order. */
async function demoFor(apiKey: string): Promise<Demo> {
  const [live, finished, { event: paid, ticket }, preroll] = await Promise.all([
    listEvents({ stream_status: 'live', limit: 1 }).then((r) => r.items[0]),
    finishedEvent('free'),
    paidEvent(),
    prerollGame(),
  ]);
  if (!live) throw new Error('the demo channel has no live game');
  await subscribe(apiKey);
  const clipping = makeClip(apiKey);
  const [school] = await schoolsWithTeams();
  await Promise.all([
    callChannel('POST', '/favorite', { api_key: apiKey, favoritable_id: school.id, favoritable_type: 'participant' }),
    callChannel('POST', '/favorite', { api_key: apiKey, favoritable_id: live.id, favoritable_type: 'favorite_event' }),
  ]);
  const [watchPage, schoolsPage, libraryPage, packagesPage] = await Promise.all(
    [`/watch/${finished.id}`, '/schools', '/vod_library', '/packages'].map(async (p) => (await fetch(new URL(p, WEB_URL))).text()),
  );
  const link = (html: string, prefix: string) => {
    const found = new RegExp(`href="(${prefix}[^"?#]+)"`).exec(html)?.[1];
    if (!found) throw new Error(`no link to ${prefix}… found`);
    return found;
  };
  const [order] = await ordersOf(apiKey);
  return {
    live: live.id,
    finished: finished.id,
    preroll,
    paid: paid.id,
    ticket: ticket.id,
    links: {
      school: link(watchPage, '/schools/'),
      team: link(watchPage, '/teams/'),
      sport: link(watchPage, '/sports/'),
      venue: link(watchPage, '/venues/'),
      division: link(schoolsPage, '/divisions/'),
      video: link(libraryPage, '/vod_library/'),
      selectPackage: link(packagesPage, '/select-package/'),
      customPage: (await customPages())[0].url,
    },
    clip: await clipping,
    order: order.id,
  };
}

async function callChannel<T>(method: 'GET' | 'POST', pathname: string, params: Record<string, unknown>): Promise<T> {
  const url = new URL(pathname, CHANNEL_API_URL);
  if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await fetch(url, method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) } : undefined);
  if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A ten-second clip of a finished game the subscriber may clip, once it is made (its page and
 *  share page then show the clip itself). */
async function makeClip(apiKey: string): Promise<{ id: number; uuid: string }> {
  const { items } = await listEvents({ stream_status: 'finished', limit: 50 });
  let game: EventDetail | undefined;
  for (const e of items) {
    const { data } = await callChannel<{ data: EventDetail }>('GET', `/events/${e.id}`, { api_key: apiKey });
    if (data.features.clip.state === 'allowed' && data.url) {
      game = data;
      break;
    }
  }
  if (!game) throw new Error('no finished game the subscriber may clip');
  const { data: settings } = await callChannel<{ data: { clip_tags: string[] } }>('GET', '/settings', {});
  const { data: clip } = await callChannel<{ data: Clip }>('POST', '/clip', {
    api_key: apiKey,
    event_id: game.id,
    name: 'The save',
    start_time: 4,
    duration: 10,
    tags: settings.clip_tags.slice(0, 1),
  });
  await expect
    .poll(async () => (await callChannel<{ data: Clip[] }>('GET', '/clips/user', { api_key: apiKey })).data.find((c) => c.id === clip.id)?.status, {
      message: 'the clip is made',
      timeout: 60_000,
    })
    .toBe('processed');
  return { id: clip.id, uuid: clip.uuid };
}
