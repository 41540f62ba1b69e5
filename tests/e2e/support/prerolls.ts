/* The e2e channel's pre-roll (ADR 050): the demo leaves pre-rolls off, so the setup imports the
   demo's own description with one pre-roll turned on, as an operator would (the README's way),
   aimed at one finished free game only (its venue and its division), so no other spec meets it. */
import fs from 'node:fs';
import path from 'node:path';
import { listEvents, newApiKey } from './channel.ts';
import { CHANNEL_API_URL } from './urls.ts';
import type { ChannelDescriptionInput } from '../../../channel-api/seed/description.ts';
import { api, type EventDetail } from '../../../contract/index.ts';

export const E2E_PREROLL = { skipAfter: 3, duration: 8, link: 'https://sponsor.example/offer' };

export const PREROLL_DESCRIPTION_FILE = path.resolve('.cache/e2e-prerolls-channel.json');

type Described = ChannelDescriptionInput & { events: NonNullable<ChannelDescriptionInput['events']> };

/** The demo's description with the pre-roll on, aimed at one venue and division (a pair the
 *  demo repeats every eight games): one with no live game, no game a fan pays for or signs in for
 *  (a pay-per-view one stays unplayed without its ticket), and neither the oldest nor the newest
 *  finished free game, which other specs pick. */
export function descriptionWithPreroll(): { description: Described; game: string } {
  const description = JSON.parse(fs.readFileSync(path.resolve('channel-api/seed/demo-channel.example.json'), 'utf8')) as Described;
  type E = Described['events'][number];
  const pair = (e: E) => `${e.location}|${e.category}`;
  const finished = (e: E) => !e.always_live && e.start_offset_seconds !== undefined && e.start_offset_seconds + e.duration < 0;
  const free = description.events.filter((e) => finished(e) && (e.type ?? 'free') === 'free').sort((a, b) => a.start_offset_seconds! - b.start_offset_seconds!);
  const taken = new Set([free[0], free.at(-1)].filter(Boolean).map((e) => pair(e!)));
  for (const e of description.events) if (e.always_live || ['paid', 'register'].includes(e.type ?? 'free')) taken.add(pair(e));
  const game = free.find((e) => !taken.has(pair(e)));
  if (!game) throw new Error('the demo has no venue and division of free games only');
  description.settings.prerolls = [
    {
      media: path.resolve('channel-api/seed/demo/lakeshore-ad.mp4'),
      locations: [game.location!],
      categories: [game.category!],
      skip_after_seconds: E2E_PREROLL.skipAfter,
      link: E2E_PREROLL.link,
    },
  ];
  return { description, game: game.key };
}

/** The game the setup's pre-roll plays before: the finished free game a visitor gets it on. */
export async function prerollGame(): Promise<number> {
  return (await setupPreroll()).game;
}

let found: Promise<{ id: number; game: number }> | null = null;

/** The setup's pre-roll (its id, for /ad/{id}) and the game a visitor gets it on: looked up once
 *  per test worker (the setup imports it before any test runs, and nothing changes it after). */
export function setupPreroll(): Promise<{ id: number; game: number }> {
  if (!found) {
    found = findSetupPreroll();
    // A failed lookup is not kept: the next caller asks again.
    found.catch(() => (found = null));
  }
  return found;
}

async function findSetupPreroll(): Promise<{ id: number; game: number }> {
  const key = await newApiKey();
  const { items } = await listEvents({ stream_status: 'finished', limit: 100 });
  for (const e of items.filter((g) => g.type === 'free')) {
    const res = await fetch(`${CHANNEL_API_URL}/events/${e.id}?api_key=${encodeURIComponent(key)}`);
    const preroll = (api.event.response.parse(await res.json()).data as EventDetail).preroll;
    if (preroll) return { id: preroll.id, game: e.id };
  }
  throw new Error('no game has the setup’s pre-roll');
}
