/* The index pages of what a fan can follow (issue 24): /schools (every school, by division, with
 * its teams) and /sports (every sport with its kinds). My games' empty state leads here. Pure: the
 * loader (app/loaders/follow-index.server.ts) passes the shared lists it reads. */
import type { EventCategory, FavoritableType, Participant, ParticipantGroup } from '#contract';
import type { FollowLink } from './follow-games';
import { followPath, teamLabel } from './follow-pages';
import type { Follow } from './follows';

/** One school or sport: its page, its Follow toggle and what it holds (teams, kinds). */
export interface IndexEntry {
  name: string;
  href: `/${string}`;
  logo: string | null;
  follow: { id: number; type: FavoritableType };
  links: Omit<FollowLink, 'logo'>[];
}

/** A division's schools (title and page), or one untitled group. */
export interface IndexGroup {
  title: string | null;
  href: `/${string}` | null;
  entries: IndexEntry[];
}

export interface FollowIndexData {
  title: string;
  intro: string;
  groups: IndexGroup[];
  /** The signed-in fan's follows (their Follow buttons); null for a visitor. */
  follows: Follow[] | null;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

function schoolEntry(school: Participant): IndexEntry {
  return {
    name: school.name,
    href: followPath('school', school.alias),
    logo: school.images.logo ?? null,
    follow: { id: school.id, type: 'participant' },
    links: [...(school.children ?? [])].sort(byName).map((team) => ({ name: teamLabel(team, school), href: followPath('team', team.alias) })),
  };
}

/** Every school by division, the divisions in the channel's order, each school's teams by name;
 *  schools in no division (or an unknown one) come last, under "Other schools". */
export function schoolsIndex(groups: readonly ParticipantGroup[], participants: readonly Participant[]): IndexGroup[] {
  const schools = participants.filter((p) => p.parent_id === null).sort(byName);
  const divided: IndexGroup[] = groups
    .map((group) => ({
      title: group.name,
      href: followPath('division', group.alias),
      entries: schools.filter((s) => s.participant_group_id === group.id).map(schoolEntry),
    }))
    .filter((group) => group.entries.length > 0);
  const known = new Set(groups.map((g) => g.id));
  const others = schools.filter((s) => s.participant_group_id === null || !known.has(s.participant_group_id)).map(schoolEntry);
  if (others.length === 0) return divided;
  return [...divided, { title: divided.length > 0 ? 'Other schools' : null, href: null, entries: others }];
}

/** Every sport in the channel's order, each with its kinds (the category tree's children). */
export function sportsIndex(categories: readonly EventCategory[]): IndexGroup[] {
  if (categories.length === 0) return [];
  const entries = categories.map((sport): IndexEntry => ({
    name: sport.name,
    href: followPath('sport', sport.alias),
    logo: null,
    follow: { id: sport.id, type: 'event_category' },
    links: (sport.children ?? []).map((kind) => ({ name: kind.name, href: followPath('sport', kind.alias) })),
  }));
  return [{ title: null, href: null, entries }];
}
