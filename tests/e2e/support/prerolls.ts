/* The e2e channel's pre-roll (ADR 050): the demo leaves pre-rolls off, so the setup imports the
   demo's own description with one pre-roll turned on, as an operator would (the README's way),
   aimed at one finished free game only (its venue and its division), so no other spec meets it. */
import fs from 'node:fs';
import path from 'node:path';
import type { ChannelDescriptionInput } from '../../../channel-api/seed/description.ts';

export const E2E_PREROLL = { skipAfter: 3, duration: 8, link: 'https://sponsor.example/offer' };

export const PREROLL_DESCRIPTION_FILE = path.resolve('.cache/e2e-prerolls-channel.json');

type Described = ChannelDescriptionInput & { events: NonNullable<ChannelDescriptionInput['events']> };

/** The demo's description with the pre-roll on, before the one game it is aimed at: the last
 *  finished free game whose venue and division no other game shares. */
export function descriptionWithPreroll(): { description: Described; game: string } {
  const description = JSON.parse(fs.readFileSync(path.resolve('channel-api/seed/demo-channel.example.json'), 'utf8')) as Described;
  const pair = (e: Described['events'][number]) => `${e.location}|${e.category}`;
  const count = new Map<string, number>();
  for (const e of description.events) count.set(pair(e), (count.get(pair(e)) ?? 0) + 1);
  const finishedFree = description.events.filter(
    (e) => (e.type ?? 'free') === 'free' && !e.always_live && e.start_offset_seconds !== undefined && e.start_offset_seconds + e.duration < 0 && count.get(pair(e)) === 1,
  );
  const game = finishedFree.sort((a, b) => (b.start_offset_seconds ?? 0) - (a.start_offset_seconds ?? 0))[0];
  if (!game) throw new Error('the demo has no finished free game of its own venue and division');
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
