import type { ChannelDescriptionInput } from '../description.ts';
import { categoryAlias, crestOf, genders, schools, sports, teamAlias, type School } from './schools.ts';

type D = Required<ChannelDescriptionInput>;
type ImageInput = D['images'][number];

/* Each game's own poster (channel-api/art/game-poster.ts): its two schools' colours and crests, its
 * sport and its day, drawn at load time under the name its `image` points at (schools.ts
 * `gamePoster`), so no two games share one (a rematch is on another day). A demo game that re-airs
 * forever (`always_live`) has no day: its band names the conference. */

const SUBTEXT = 'Lakeshore Athletic Conference';

const teams = new Map(schools.flatMap((school) => sports.flatMap((sport) => genders.map((g) => [teamAlias(school, sport, g), school] as const))));
const categories = new Map(sports.flatMap((sport) => genders.map((g) => [categoryAlias(sport, g), `${g.word} ${sport.name}`] as const)));

const side = (school: School) => ({ ...crestOf(school), name: school.short });

/** The image named by the game's `image` (…/poster-<key>.svg), drawn from its participants
 *  (away first, home second), its category and its day (`day_of`: the loader reads it). */
export function eventPosters(events: D['events']): ImageInput[] {
  return events.flatMap((e) => {
    const [away, home] = (e.participants ?? []).map((alias) => teams.get(alias));
    const sport = e.category ? categories.get(e.category) : undefined;
    if (!away || !home || !sport) return [];
    return [{ name: `poster-${e.key}`, style: 'game' as const, title: e.name, sport, subtext: SUBTEXT, day_of: e.key, away: side(away), home: side(home) }];
  });
}

/** A full-game video's poster, for those that name their two schools. */
export function videoPoster(key: string, title: string, sport: string, [away, home]: readonly [School, School]): ImageInput {
  return { name: `poster-${key}`, style: 'game', title, sport, subtext: SUBTEXT, away: side(away), home: side(home) };
}
