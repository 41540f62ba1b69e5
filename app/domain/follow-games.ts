/* The games on a follow page (a school's, team's, sport's, division's or venue's, issue 24): the
 * cards and list of /upcoming. Without a status, an overview: live now, the next games and the
 * latest on demand, each with a link to all of them; with `?status=`, that status's games, paged.
 * Read leniently, as /upcoming's query is: a bad value is dropped. */
import type { FavoritableType } from '#contract';
import type { EventCardData } from './event-card';
import { PAGE_SIZE, eventsQueryFor, parseEventFilters, type EventFilters } from './event-filters';
import type { StreamStatus } from './event-status';
import type { FollowKind } from './follow-pages';
import type { Follow } from './follows';
import type { Facet } from './group-facets';
import { pageMeta } from './page-meta';
import type { SlideView } from './slide-link';

/** The page's query: status, view and page of /upcoming's filters; the entity is the page's own. */
export function followGamesFilters(search: URLSearchParams): EventFilters {
  return { ...parseEventFilters(search), sport: null, school: null, location: null, from: null, to: null };
}

/** How many games each overview section shows before its link to all of them: a row of the
 *  widest grid for the next and the latest games; live games are few, and all matter now. */
export const OVERVIEW_LIMITS: Readonly<Record<StreamStatus, number>> = { live: 8, upcoming: 4, finished: 4 };

export const SECTION_TITLES: Readonly<Record<StreamStatus, string>> = { live: 'Live now', upcoming: 'Upcoming', finished: 'On demand' };

/** The events query of one status on this page: the soonest first, but the latest first on demand
 *  (a fan looks for the last game, not the season's first). */
export function gamesQuery(filters: EventFilters, status: StreamStatus, timeZone: string, limit?: number) {
  const paged = eventsQueryFor({ ...filters, status }, timeZone);
  return {
    ...paged,
    ...(limit ? { offset: 0, limit } : {}),
    sort_direction: status === 'finished' ? ('desc' as const) : ('asc' as const),
  };
}

export interface GamesSection {
  status: StreamStatus;
  title: string;
  cards: EventCardData[];
  total: number;
}

export type FollowGames =
  | { mode: 'overview'; filters: EventFilters; sections: GamesSection[] }
  | { mode: 'list'; filters: EventFilters; status: StreamStatus; title: string; cards: EventCardData[]; total: number; pageSize: number };

export const LIST_PAGE_SIZE = PAGE_SIZE;

export interface FollowLink {
  name: string;
  href: `/${string}`;
  logo: string | null;
}

export interface TeamFilter {
  facets: Facet[];
  /** The values chosen, by facet name. */
  choice: Record<string, string>;
  /** The teams that match; null while nothing is chosen. */
  teams: FollowLink[] | null;
  /** The choice in words ('Women · Soccer'). */
  words: string;
}

/** What a follow page shows, worked out by its loader (app/loaders/follow-page.server.ts). */
export interface FollowPageData {
  kind: FollowKind;
  /** What a Follow toggle would send: favoritable_id and favoritable_type. */
  follow: { id: number; type: FavoritableType };
  /** What the signed-in fan follows (their Follow button's state); null for a visitor. */
  follows: Follow[] | null;
  /** 'School', 'Team', 'Sport', 'Division', 'Venue'. */
  label: string;
  name: string;
  logo: string | null;
  /** The entity's colour as a band behind the header, with a readable text colour; null for none. */
  colors: { background: string; text: string } | null;
  /** Lines under the name: the school a team plays for, a school's division, a venue's address. */
  facts: Array<{ text: string; href?: `/${string}` }>;
  /** The slides the channel put on this page (domain/page-slides), in its order with their links. */
  slides: SlideView[];
  /** A school's teams, a division's schools, a sport's sub-sports. */
  related: { title: string; links: FollowLink[] } | null;
  /** A division's teams by the channel's facets (domain/group-facets); null where none apply. */
  teamFilter: TeamFilter | null;
  games: FollowGames;
  /** The page's description for search results and link previews. */
  description: string;
}

/** A follow page's title and description (route `meta`); `fallback` while there is no data. */
export function followPageMeta(matches: Parameters<typeof pageMeta>[0], data: unknown, fallback: string) {
  const page = data as FollowPageData | undefined;
  return pageMeta(matches, page?.name ?? fallback, page?.description ?? `Live, upcoming and on-demand games by ${fallback.toLowerCase()}.`);
}
