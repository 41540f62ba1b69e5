/* What the watch screen of one event shows (/watch/{id}, /watch_embed/{id}), worked out from the
 * wire event in the loader: the dates, labels and texts stay on the server, and the page's data
 * is only what it renders (not the channel's whole event). */
import type { EventDetail, EventLocation } from '#contract/entities';
import { paragraphs } from './channel-text';
import { formatEventDate, isoFromEpoch } from './dates';
import { isFree, statusLabel } from './event-status';
import { eventTitle } from './event-title';
import type { Offer } from './offers';
import type { WatchState } from './watch-state';

export interface WatchViewData {
  id: number;
  /** 'away @ home' for a 2-participant event, else the event's name. */
  title: string;
  status: EventDetail['stream_status'];
  statusLabel: string;
  free: boolean;
  /** ISO instant for `<time dateTime>`, and the same instant as viewers read it. */
  iso: string;
  when: string;
  /** 'Gym, City', or null. */
  place: string | null;
  /** The event's categories, most specific first, joined. */
  categories: string;
  poster: string | null;
  /** The event's own time zone (the countdown names it). */
  timeZone: string;
  participants: Array<{ id: number; name: string; logo: string | null; home: boolean }>;
  about: string[];
  state: WatchState;
  serverNow: number;
  /** Absolute address of /watch_embed/{id} for the embed snippet. */
  embedUrl: string;
  /** The ways to get it when the viewer cannot watch it (domain/offers). */
  offers: Offer[];
}

export function watchViewData(
  event: EventDetail,
  extra: { location: EventLocation | null; state: WatchState; serverNow: number; embedUrl: string; offers: Offer[] },
): WatchViewData {
  const { location } = extra;
  return {
    id: event.id,
    title: eventTitle(event),
    status: event.stream_status,
    statusLabel: statusLabel(event.stream_status),
    free: isFree(event),
    iso: isoFromEpoch(event.event_utc_ts),
    when: formatEventDate(event.event_utc_ts, event.time_zone),
    place: location ? [location.name, location.city].filter(Boolean).join(', ') : null,
    categories: event.event_categories.map((c) => c.name).join(', '),
    poster: event.image ?? null,
    timeZone: event.time_zone,
    participants: event.participants.map((p) => ({ id: p.id, name: p.name, logo: p.images.logo ?? null, home: p.id === event.home_team_id })),
    about: paragraphs(event.description),
    state: extra.state,
    serverNow: extra.serverNow,
    embedUrl: extra.embedUrl,
    offers: extra.offers,
  };
}
