/* The pages of what a fan can follow (issue 24): a school, a team, a sport, a division and a venue.
 * Their addresses (ADR 033: /schools/<alias>, /teams/<alias>, /sports/<alias>, /divisions/<alias>,
 * /venues/<name-slug>-<id>) and finding the channel's entity behind one. Pure: the loaders pass
 * the lists they read from the bootstrap data and the shared participants list. */
import type { EventCategory, EventLocation, FavoritableType, Participant, ParticipantGroup } from '#contract';
import { positiveInt } from './list-query.ts';

export type FollowKind = 'school' | 'team' | 'sport' | 'division' | 'venue';

/** What a follow of this page's entity is stored as (the spec's favoritable_type). */
export const FAVORITABLE_TYPE_OF: Readonly<Record<FollowKind, FavoritableType>> = {
  school: 'participant',
  team: 'participant',
  sport: 'event_category',
  division: 'participant_group',
  venue: 'event_location',
};

const SEGMENTS: Readonly<Record<FollowKind, string>> = { school: 'schools', team: 'teams', sport: 'sports', division: 'divisions', venue: 'venues' };

type Path = `/${string}`;

/** The page of a school, team, sport or division, by its alias. */
export const followPath = (kind: Exclude<FollowKind, 'venue'>, alias: string): Path => `/${SEGMENTS[kind]}/${encodeURIComponent(alias)}`;

/** A venue has no alias: its name as words, then its id ('harbor-point-fieldhouse-3'). The id
 *  finds it; the words are for people and may go stale when the venue is renamed. */
export function venueSlug(location: Pick<EventLocation, 'id' | 'name'>): string {
  const words = location.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return words ? `${words}-${location.id}` : String(location.id);
}

export const venuePath = (location: Pick<EventLocation, 'id' | 'name'>): Path => `/${SEGMENTS.venue}/${venueSlug(location)}`;

/** The page of a followed thing (GET /favorites' item): its follow page, or a game's watch page. */
export function followedPath(f: { kind: FollowKind | 'game'; favoritable_id: number; alias: string | null; name: string }): Path | null {
  if (f.kind === 'game') return `/watch/${f.favoritable_id}`;
  if (f.kind === 'venue') return venuePath({ id: f.favoritable_id, name: f.name });
  return f.alias ? followPath(f.kind, f.alias) : null;
}

/** The venue id at the end of a slug, or null. */
export function venueIdOf(slug: string): number | null {
  const m = /(?:^|-)(\d{1,10})$/.exec(slug);
  return m ? positiveInt(m[1]) : null;
}

/** A school: a top-level participant. `participants` is the channel's list (schools with their teams). */
export const findSchool = (participants: readonly Participant[], alias: string) => participants.find((p) => p.parent_id === null && p.alias === alias);

/** A team (a school's child) and its school. */
export function findTeam(participants: readonly Participant[], alias: string): { team: Participant; school: Participant } | undefined {
  for (const school of participants) {
    const team = school.children?.find((t) => t.alias === alias);
    if (team) return { team, school };
  }
  return undefined;
}

/** A sport at any depth of the category tree, and its parent sport. */
export function findSport(
  categories: readonly EventCategory[],
  alias: string,
  parent: EventCategory | null = null,
): { sport: EventCategory; parent: EventCategory | null } | undefined {
  for (const sport of categories) {
    if (sport.alias === alias) return { sport, parent };
    const inner = findSport(sport.children ?? [], alias, sport);
    if (inner) return inner;
  }
  return undefined;
}

export const findDivision = (groups: readonly ParticipantGroup[], alias: string) => groups.find((g) => g.alias === alias);

/** The page of an event's participant: a school's, or a team's. */
export function participantPath(participants: readonly Participant[], id: number): Path | null {
  for (const school of participants) {
    if (school.id === id) return followPath('school', school.alias);
    const team = school.children?.find((t) => t.id === id);
    if (team) return followPath('team', team.alias);
  }
  return null;
}

/** A team's name on its school's page: 'Boys Soccer' for 'Lakeview Lions Boys Soccer'. */
export function teamLabel(team: Pick<Participant, 'name'>, school: Pick<Participant, 'name'>): string {
  const rest = team.name.startsWith(`${school.name} `) ? team.name.slice(school.name.length + 1).trim() : '';
  return rest || team.name;
}
