/* The loaders of the follow pages (issue 24, ADR 033): /schools/<alias>, /teams/<alias>,
 * /sports/<alias>, /divisions/<alias> and /venues/<slug>. The entity comes from what every visitor
 * shares: the bootstrap data (sports, divisions, venues) and the channel's participants list
 * (schools with their teams, from the shared content cache); its games from GET /events through
 * the same cache. Nothing is read about the viewer, so the pages stay shareable (ADR 012). */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { api, type Event, type EventsQuery, type Participant } from '#contract';
import type { BootstrapData } from '~/channel/bootstrap.server';
import { colorPair } from '~/domain/colors';
import { eventCardData } from '~/domain/event-card';
import type { StreamStatus } from '~/domain/event-status';
import {
  LIST_PAGE_SIZE,
  OVERVIEW_LIMITS,
  SECTION_TITLES,
  followGamesFilters,
  gamesQuery,
  type FollowGames,
  type FollowPageData,
  type TeamFilter,
} from '~/domain/follow-games';
import {
  FAVORITABLE_TYPE_OF,
  findDivision,
  findSchool,
  findSport,
  findTeam,
  followPath,
  teamLabel,
  venueIdOf,
  venueSlug,
  type FollowKind,
} from '~/domain/follow-pages';
import { choiceWords, facetChoice, facetsFor, holdsChoice } from '~/domain/group-facets';
import { followSlidePlace, slidesOn } from '~/domain/page-slides';
import { slideViews } from '~/domain/slide-link';
import { notFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';
import type { AppTranslator } from '~/i18n/english';
import { i18nOf } from '~/i18n/locale.server';
import { followsOf } from '~/loaders/follows.server';

type Channel = ReturnType<typeof requestContext>['channel'];
type EntityFilter = Pick<EventsQuery, 'participant' | 'participant_group' | 'category' | 'location'>;
/** What a kind's page says about its entity; the games and the rest are the same for every kind. */
type Entity = Omit<FollowPageData, 'kind' | 'label' | 'games' | 'follow' | 'follows' | 'slides' | 'teamFilter'> & {
  id: number;
  filter: EntityFilter;
  teamFilter?: TeamFilter | null;
};

const LABELS: Readonly<Record<FollowKind, string>> = { school: 'School', team: 'Team', sport: 'Sport', division: 'Division', venue: 'Venue' };
const STATUSES: readonly StreamStatus[] = ['live', 'upcoming', 'finished'];

const gamesOf = (name: string) => `Live, upcoming and on-demand games of ${name}.`;

const participantsOf = async (channel: Channel) => (await channel.shared(api.participants, { no_limit: 1 })).data;

function school(alias: string, boot: BootstrapData, participants: readonly Participant[]): Entity | undefined {
  const found = findSchool(participants, alias);
  if (!found) return undefined;
  const division = boot['participant-groups'].find((g) => g.id === found.participant_group_id);
  const teams = found.children ?? [];
  return {
    id: found.id,
    name: found.name,
    logo: found.images.logo ?? null,
    colors: colorPair(found.color),
    facts: division ? [{ text: division.name, href: followPath('division', division.alias) }] : [],
    related:
      teams.length > 0 ? { title: 'Teams', links: teams.map((t) => ({ name: teamLabel(t, found), href: followPath('team', t.alias), logo: null })) } : null,
    filter: { participant: found.id },
    description: gamesOf(found.name),
  };
}

function team(alias: string, boot: BootstrapData, participants: readonly Participant[]): Entity | undefined {
  const found = findTeam(participants, alias);
  if (!found) return undefined;
  const { team: t, school: s } = found;
  const sport = t.properties.sport ? findSport(boot['events-categories'], t.properties.sport)?.sport : undefined;
  return {
    id: t.id,
    name: t.name,
    logo: t.images.logo ?? s.images.logo ?? null,
    colors: colorPair(t.color) ?? colorPair(s.color),
    facts: [{ text: s.name, href: followPath('school', s.alias) }, ...(sport ? [{ text: sport.name, href: followPath('sport', sport.alias) }] : [])],
    related: null,
    filter: { participant: t.id },
    description: gamesOf(t.name),
  };
}

function sport(alias: string, boot: BootstrapData): Entity | undefined {
  const found = findSport(boot['events-categories'], alias);
  if (!found) return undefined;
  const { sport: c, parent } = found;
  const children = c.children ?? [];
  return {
    id: c.id,
    name: c.name,
    logo: null,
    colors: null,
    facts: parent ? [{ text: parent.name, href: followPath('sport', parent.alias) }] : [],
    related:
      children.length > 0 ? { title: 'Categories', links: children.map((k) => ({ name: k.name, href: followPath('sport', k.alias), logo: null })) } : null,
    filter: { category: c.id },
    description: `Live, upcoming and on-demand ${c.name.toLowerCase()} games.`,
  };
}

/** A division's teams by the bootstrap's participant-group-properties, as the query chooses. */
function teamFilter(boot: BootstrapData, schools: readonly Participant[], search: URLSearchParams): TeamFilter | null {
  const teams = schools.flatMap((school) => (school.children ?? []).map((team) => ({ team, school })));
  const facets = facetsFor(
    boot['participant-group-properties'],
    teams.map((t) => t.team),
  );
  if (facets.length === 0) return null;
  const choice = facetChoice(facets, search);
  const chosen = Object.keys(choice).length > 0;
  const found = chosen ? teams.filter((t) => holdsChoice(t.team, choice)) : [];
  return {
    facets,
    choice,
    teams: chosen
      ? found.map(({ team, school }) => ({ name: team.name, href: followPath('team', team.alias), logo: team.images.logo ?? school.images.logo ?? null }))
      : null,
    words: choiceWords(facets, choice),
  };
}

function division(alias: string, boot: BootstrapData, participants: readonly Participant[], search: URLSearchParams): Entity | undefined {
  const found = findDivision(boot['participant-groups'], alias);
  if (!found) return undefined;
  const schools = participants.filter((p) => p.participant_group_id === found.id);
  return {
    teamFilter: teamFilter(boot, schools, search),
    id: found.id,
    name: found.name,
    logo: found.image,
    colors: null,
    facts: [],
    related:
      schools.length > 0
        ? { title: 'Schools', links: schools.map((s) => ({ name: s.name, href: followPath('school', s.alias), logo: s.images.logo ?? null })) }
        : null,
    filter: { participant_group: found.id },
    description: gamesOf(`the ${found.name}`),
  };
}

function venue(slug: string, boot: BootstrapData): Entity | undefined {
  const id = venueIdOf(slug);
  const found = id === null ? undefined : boot['events-locations'].find((l) => l.id === id);
  if (!found) return undefined;
  return {
    id: found.id,
    name: found.name,
    logo: null,
    colors: null,
    facts: [{ text: [found.address, found.city].filter(Boolean).join(', ') }],
    related: null,
    filter: { location: found.id },
    description: `Live, upcoming and on-demand games at ${found.name}.`,
  };
}

async function gamesFor(channel: Channel, filter: EntityFilter, search: URLSearchParams, i18n: AppTranslator): Promise<FollowGames> {
  const filters = followGamesFilters(search);
  const { status } = filters;
  const timeZone = await channel.timeZone();
  const card = (e: Event) => eventCardData(e, timeZone, i18n);
  if (status) {
    const { data, meta } = await channel.shared(api.events, { ...gamesQuery(filters, status, timeZone), ...filter });
    return { mode: 'list', filters, status, title: SECTION_TITLES[status], cards: data.map(card), total: meta.total, pageSize: LIST_PAGE_SIZE };
  }
  const sections = await Promise.all(
    STATUSES.map(async (s) => {
      const { data, meta } = await channel.shared(api.events, { ...gamesQuery(filters, s, timeZone, OVERVIEW_LIMITS[s]), ...filter });
      return { status: s, title: SECTION_TITLES[s], cards: data.map(card), total: meta.total };
    }),
  );
  return { mode: 'overview', filters, sections };
}

/** The loader of one kind's page: its entity by the address's alias (or venue slug), else /404. */
function followPageLoader(kind: FollowKind) {
  return async function loader(args: LoaderFunctionArgs) {
    const key = args.params.alias ?? '';
    const url = new URL(args.request.url);
    const { channel } = requestContext(args);
    const boot = await channel.bootstrap();
    const needsParticipants = kind === 'school' || kind === 'team' || kind === 'division';
    const participants = needsParticipants ? await participantsOf(channel) : [];
    const entity =
      key.length > 200
        ? undefined
        : kind === 'school'
          ? school(key, boot, participants)
          : kind === 'team'
            ? team(key, boot, participants)
            : kind === 'sport'
              ? sport(key, boot)
              : kind === 'division'
                ? division(key, boot, participants, url.searchParams)
                : venue(key, boot);
    if (!entity) throw notFound();
    // A venue's words follow its name: an old or shortened address leads to today's.
    if (kind === 'venue' && key !== venueSlug(entity)) throw redirect(`/venues/${venueSlug(entity)}${url.search}`, 301);
    const { id, filter, teamFilter = null, ...shown } = entity;
    const place = followSlidePlace(kind, id);
    const data: FollowPageData = {
      ...shown,
      teamFilter,
      slides: place ? slideViews(slidesOn(boot.slides, place), boot.pages) : [],
      kind,
      label: LABELS[kind],
      follow: { id, type: FAVORITABLE_TYPE_OF[kind] },
      follows: await followsOf(args),
      games: await gamesFor(channel, filter, url.searchParams, await i18nOf(args)),
    };
    return json(data);
  };
}

// One per route (app/routes/<kind>s.$alias.tsx re-exports its own, so no call runs in a route module).
export const schoolPage = followPageLoader('school');
export const teamPage = followPageLoader('team');
export const sportPage = followPageLoader('sport');
export const divisionPage = followPageLoader('division');
export const venuePage = followPageLoader('venue');
