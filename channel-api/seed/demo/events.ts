import type { ChannelDescriptionInput } from '../description.ts';
import { categoryAlias, gamePoster, genders, schools, sports, teamAlias, type School } from './schools.ts';
import { GAME_SECONDS } from '../../media/assets.ts';

type D = Required<ChannelDescriptionInput>;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Each school's home venue, in its own town: a game is played at the home team's (issue 34). */
export const locations: D['locations'] = [
  { key: 'harbor-fieldhouse', name: 'Harbor Point Fieldhouse', address: '12 Anchor Way', city: 'Harbor Point' },
  { key: 'lakeview-stadium', name: 'Lakeview Memorial Stadium', address: '400 Shoreline Drive', city: 'Lakeview' },
  { key: 'northfield-arena', name: 'Northfield Arena', address: '88 Falcon Road', city: 'Northfield' },
  { key: 'cedar-ridge-field', name: 'Cedar Ridge Athletic Field', address: '17 Timber Lane', city: 'Cedar Ridge' },
  { key: 'bayside-complex', name: 'Bayside Sports Complex', address: '5 Marina Boulevard', city: 'Bayside' },
  { key: 'riverbend-gym', name: 'Riverbend High School Gym', address: '230 Mill Street', city: 'Riverbend' },
  { key: 'pinecrest-center', name: 'Pinecrest Activity Center', address: '61 Summit Road', city: 'Pinecrest' },
  { key: 'westshore-stadium', name: 'Westshore Community Stadium', address: '9 Beacon Street', city: 'Westshore' },
];

/** The home venue of each school. */
export const homeVenue: Record<School['alias'], string> = {
  'harbor-point': 'harbor-fieldhouse',
  lakeview: 'lakeview-stadium',
  northfield: 'northfield-arena',
  'cedar-ridge': 'cedar-ridge-field',
  bayside: 'bayside-complex',
  riverbend: 'riverbend-gym',
  pinecrest: 'pinecrest-center',
  westshore: 'westshore-stadium',
};

/** Finished games replay a demo recording of their access type's own (media/assets.ts, ADR 026):
 *  what is free never shares a file with what is sold or with what needs an account. */
const recordings = { free: ['game-1', 'game-2', 'game-3'], sold: ['game-4', 'game-5', 'game-6'], register: ['game-7'] } as const;
/** The live loop a live (or upcoming, once it starts) game streams: the paid ones have their own. */
const liveLoop = (type: string) => (type === 'free' ? 'live' : 'live-2');

type Access = 'free' | 'paid' | 'register' | 'ppv';

/**
 * 47 events: 3 live, 21 upcoming, 23 finished, every sport and both genders, alternating
 * free/paid inside each status; the last two finished ones are free for signed-in fans
 * ('register') and pay-per-view ('ppv'). Times are offsets from the moment of seeding; the live
 * ones are `always_live` (they re-air back to back, see repo/event-status.ts) so the demo always
 * has something live however long ago it was seeded.
 */
export function events(): D['events'] {
  const plan: { status: 'live' | 'upcoming' | 'finished'; offset: number; access?: Access }[] = [
    ...[-20 * 60, -45 * 60, -5 * 60].map((offset) => ({ status: 'live' as const, offset })),
    ...Array.from({ length: 21 }, (_, i) => ({ status: 'upcoming' as const, offset: 2 * HOUR + i * 20 * HOUR })),
    ...Array.from({ length: 21 }, (_, i) => ({ status: 'finished' as const, offset: -(1 * DAY + i * 22 * HOUR) })),
    { status: 'finished', offset: -(1 * DAY + 21 * 22 * HOUR), access: 'register' },
    { status: 'finished', offset: -(1 * DAY + 22 * 22 * HOUR), access: 'ppv' },
  ];
  const played = { free: 0, sold: 0, register: 0 };
  const recording = (type: Access) => {
    const kind = type === 'free' || type === 'register' ? type : 'sold';
    return recordings[kind][played[kind]++ % recordings[kind].length];
  };
  return plan.map((p, i) => {
    const sport = sports[i % sports.length];
    const gender = genders[Math.floor(i / sports.length) % genders.length];
    const home = schools[i % schools.length];
    // (3i + 1) - i = 2i + 1 is odd, so never a multiple of 8: a school never plays itself.
    const away = schools[(i * 3 + 1) % schools.length];
    const type: Access = p.access ?? ((p.status === 'live' ? i === 1 : i % 2 === 1) ? 'paid' : 'free');
    const homeTeam = teamAlias(home, sport, gender);
    return {
      key: `event-${i + 1}`,
      // The name fans read (contract/game-name.ts makes it from the teams), stored too so a search finds it.
      name: `${away.name} @ ${home.name} (${gender.word} ${sport.name})`,
      description: `${away.name} visit ${home.name} in a Lakeshore Athletic Conference ${sport.name.toLowerCase()} game.`,
      type,
      participants: [teamAlias(away, sport, gender), homeTeam],
      home: homeTeam,
      category: categoryAlias(sport, gender),
      location: homeVenue[home.alias],
      start_offset_seconds: p.offset,
      // A finished game plays its recording, which lasts GAME_SECONDS; a live one streams for two hours.
      duration: p.status === 'finished' ? GAME_SECONDS : 2 * HOUR,
      always_live: p.status === 'live',
      image: gamePoster(`event-${i + 1}`),
      weight: p.status === 'live' ? 10 : 0,
      asset: p.status === 'finished' ? recording(type) : liveLoop(type),
      // A rights holder's blackout (ADR 054): the second live game is not shown in Canada.
      ...(i === BLACKED_OUT ? { blackout_countries: ['CA'] } : {}),
    };
  });
}

/** The one game the demo blacks out (in one region), by its place in the plan. */
const BLACKED_OUT = 1;
