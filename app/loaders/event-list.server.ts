/* The loader of the four game lists (/live, /upcoming, /vod, /schedule: domain/event-lists says
 * what each holds). The channel filters, orders and pages (GET /events); this module picks the
 * query, and adds what one list has beside its games: /live's next games when nothing is live,
 * /vod's latest videos, the schedule's link to its earlier days. */
import { json, redirect, type LoaderFunctionArgs, type SerializeFrom } from '@remix-run/node';
import { api, type EventCategory } from '#contract';
import { channelZone } from '#contract/dates';
import { eventCardData } from '~/domain/event-card';
import { filtersSearch, parseEventFilters } from '~/domain/event-filters';
import { filtersFor, LIST_PATHS, listForStatus, listQuery, nextGamesQuery, scheduleSwitch, scheduleWindow, todayIn, type ListKind } from '~/domain/event-lists';
import { vodCardData } from '~/domain/vod-card';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';

export interface FilterOption {
  value: number | string;
  label: string;
}

/** How many of the newest videos /vod shows under its games. */
const LATEST_VIDEOS = 8;

/** Categories with their sub-categories indented under them, as select options. */
function categoryOptions(categories: EventCategory[], depth = 0): FilterOption[] {
  return categories.flatMap((c) => [{ value: c.id, label: `${'— '.repeat(depth)}${c.name}` }, ...categoryOptions(c.children ?? [], depth + 1)]);
}

/** The zone a list's calendar days are read in. The channel's settings carry no zone yet; the
 *  filter days have always been UTC days, so they stay so until the channel names its zone. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function eventListLoader(kind: ListKind, args: LoaderFunctionArgs) {
  const { channel } = requestContext(args);
  const search = new URL(args.request.url).searchParams;
  const parsed = parseEventFilters(search);
  // An old link to one status of the one list (/upcoming?status=live) goes to the list of it.
  if (kind !== 'schedule' && parsed.status && listForStatus(parsed.status) !== kind) {
    const to = listForStatus(parsed.status);
    throw redirect(`${LIST_PATHS[to]}${filtersSearch(filtersFor(to, parsed))}`, 301);
  }
  const filters = filtersFor(kind, parsed);
  const boot = await channel.bootstrap();
  const timeZone = channelZone(boot.settings);
  const now = nowSeconds();
  const [{ data: items, meta }, videos] = await Promise.all([
    channel.shared(api.events, listQuery(kind, filters, now, timeZone)),
    kind === 'vod' && filters.page === 1
      ? channel.shared(api.vodMediaSearch, { title: '', offset: 0, limit: LATEST_VIDEOS, sort_field: 'date', sort_direction: 'desc' }).then((r) => r.data)
      : null,
  ]);
  // Nothing live (with these filters): the next games instead of an empty page.
  const next = kind === 'live' && meta.total === 0 ? (await channel.shared(api.events, nextGamesQuery(filters))).data : null;
  const { today } = todayIn(now, timeZone);
  const i18n = await i18nOf(args);
  const schedule = kind === 'schedule' ? scheduleSwitch(filters, now, timeZone) : null;
  return json({
    kind,
    filters,
    cards: items.map((e) => eventCardData(e, timeZone, i18n)),
    total: meta.total,
    nextGames: next?.map((e) => eventCardData(e, timeZone, i18n)) ?? null,
    videos: videos?.map((v) => vodCardData(v, timeZone, i18n.locale)) ?? null,
    schedule: schedule ? { earlier: scheduleWindow(filters, today).kind === 'earlier', switch: { ...schedule, label: i18n.sentence(schedule.label) } } : null,
    sports: categoryOptions(boot['events-categories']),
    // The participant menu lists the schools; it comes with the cached bootstrap data.
    schools: boot.menu.participant_menu.map((p) => ({ value: p.id, label: p.name })),
    locations: boot['events-locations'].map((l) => ({ value: l.id, label: `${l.name}, ${l.city}` })),
  });
}

export type EventListData = SerializeFrom<typeof eventListLoader>;
