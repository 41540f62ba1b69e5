/* What the watch screen of one event shows (/watch/{id}, /watch_embed/{id}), worked out from the
 * wire event in the loader: the dates, labels and texts stay on the server, and the page's data
 * is only what it renders (not the channel's whole event). */
import { formatEventDate } from '#contract/dates';
import type { EventDetail, EventLocation, FeatureState, Participant } from '#contract/entities';
import type { FavoritableType } from '#contract/follows';
import { gameName } from '#contract/game-name';
import { ENGLISH, type AppTranslator } from '~/i18n/english';
import { paragraphs } from './channel-text';
import { isoFromEpoch } from './dates';
import { isFree, statusLabelId } from './event-status';
import type { Feature } from './feature-offers';
import { followPath, participantPath, venuePath } from './follow-pages';
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
  /** 'Gym, City' and the venue's page, or null. */
  place: { text: string; href: `/${string}` } | null;
  /** The event's sports, most specific first, with their pages. */
  sports: Array<{ name: string; href: `/${string}` }>;
  poster: string | null;
  /** The event's own time zone (the countdown names it). */
  timeZone: string;
  /** With the page of the team (or school) when the channel lists it. */
  participants: Array<{ id: number; name: string; logo: string | null; home: boolean; href: `/${string}` | null }>;
  about: string[];
  state: WatchState;
  serverNow: number;
  /** Absolute address of /watch_embed/{id} for the embed snippet. */
  embedUrl: string;
  /** The ways to get it when the viewer cannot watch it (domain/offers). */
  offers: Offer[];
  /** Whether the viewer may clip and download it, and if not, why (contract eventDetail.features). */
  features: Record<Feature, FeatureState>;
  /** What would let them (domain/feature-offers). */
  featureOffers: Record<Feature, Offer[]>;
  /** What a fan can follow from here: the game, its teams, its sports and its venue. */
  followables: Array<{ type: FavoritableType; id: number; name: string; label: string; href: `/${string}` | null }>;
}

export function watchViewData(
  event: EventDetail,
  extra: {
    location: EventLocation | null;
    /** The channel's participants (schools with their teams): the pages the teams link to. */
    participants: readonly Participant[];
    state: WatchState;
    serverNow: number;
    embedUrl: string;
    offers: Offer[];
    featureOffers: Record<Feature, Offer[]>;
    /** The channel's zone: the game's time is written in it (ADR 045). */
    timeZone: string;
    /** The fan's language (issue 36); English by default. */
    i18n?: AppTranslator;
  },
): WatchViewData {
  const { location } = extra;
  const { t, locale } = extra.i18n ?? ENGLISH;
  return {
    id: event.id,
    title: gameName(event),
    status: event.stream_status,
    statusLabel: t(statusLabelId(event.stream_status)),
    free: isFree(event),
    iso: isoFromEpoch(event.event_utc_ts),
    when: formatEventDate(event.event_utc_ts, extra.timeZone, locale),
    place: location ? { text: [location.name, location.city].filter(Boolean).join(', '), href: venuePath(location) } : null,
    sports: event.event_categories.map((c) => ({ name: c.name, href: followPath('sport', c.alias) })),
    poster: event.image ?? null,
    timeZone: extra.timeZone,
    participants: event.participants.map((p) => ({
      id: p.id,
      name: p.name,
      logo: p.images.logo ?? null,
      home: p.id === event.home_team_id,
      href: participantPath(extra.participants, p.id),
    })),
    about: paragraphs(event.description),
    state: extra.state,
    serverNow: extra.serverNow,
    embedUrl: extra.embedUrl,
    offers: extra.offers,
    features: event.features,
    featureOffers: extra.featureOffers,
    followables: [
      { type: 'favorite_event' as const, id: event.id, name: gameName(event), label: t('watch.follow.thisGame'), href: null },
      ...event.participants.map((p) => ({
        type: 'participant' as const,
        id: p.id,
        name: p.name,
        label: t('watch.follow.team'),
        href: participantPath(extra.participants, p.id),
      })),
      ...event.event_categories.map((c) => ({
        type: 'event_category' as const,
        id: c.id,
        name: c.name,
        label: t('watch.follow.sport'),
        href: followPath('sport', c.alias),
      })),
      ...(location
        ? [{ type: 'event_location' as const, id: location.id, name: location.name, label: t('watch.follow.venue'), href: venuePath(location) }]
        : []),
    ],
  };
}

/** Whether the watch page has a Download section: for a finished game, unless the fan may not
 *  watch it (the player says what that takes) or the region is blocked. */
export function showsDownload(data: Pick<WatchViewData, 'status' | 'features' | 'state'>): boolean {
  return data.status === 'finished' && data.features.download.state !== 'no_access' && data.state.kind !== 'geo-blocked';
}

/** What a visitor is asked to log in for under the player, in one notice: clipping (the Clip form
 *  is on every watch page) and downloading where the Download section shows. */
export function signInFeatures(data: Pick<WatchViewData, 'status' | 'features' | 'state'>): Feature[] {
  const asks = (f: Feature) => data.features[f].state === 'sign_in' && (f === 'clip' || showsDownload(data));
  return (['clip', 'download'] as const).filter(asks);
}
