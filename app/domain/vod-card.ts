/* What an on-demand card shows, worked out from the wire item (server side where a loader can). */
import { formatDate } from '#contract/dates';
import { formatDuration } from '#contract/durations';
import type { VodMediaItem, VodRail } from '#contract/entities';
import type { Locale } from '#contract/locale';
import { appTranslator } from '~/i18n/english';
import { describeDuration } from './watch-state';

export interface VodCardData {
  id: number;
  title: string;
  image: string | null;
  /** ISO date for `<time dateTime>` and 'Nov 8, 2026'; both empty when the channel's date is bad. */
  iso: string;
  date: string;
  /** '1:02:03' shown, '1 hour 2 minutes' read; empty when the item has no duration. */
  duration: string;
  durationText: string;
}

/** The card's picture: the item's image asset, else its preview. */
export function vodImage(item: Pick<VodMediaItem, 'assets'>): string | null {
  return (item.assets.find((a) => a.type === 'image') ?? item.assets.find((a) => a.type === 'preview'))?.path ?? null;
}

export function vodCardData(item: VodMediaItem, timeZone: string, locale: Locale = 'en'): VodCardData {
  const date = new Date(item.date);
  const valid = !Number.isNaN(date.getTime());
  const timed = item.duration > 0;
  return {
    id: item.id,
    title: item.title,
    image: vodImage(item),
    iso: valid ? item.date : '',
    date: valid ? formatDate(item.date, timeZone, locale) : '',
    duration: timed ? formatDuration(item.duration) : '',
    durationText: timed ? describeDuration(item.duration, appTranslator(locale).t) : '',
  };
}

export interface VodRailData {
  id: number;
  title: string;
  cards: VodCardData[];
}

/** Rails as the pages render them: card data only, empty rails left out. */
export function vodRailsData(rails: VodRail[], timeZone: string, locale: Locale = 'en'): VodRailData[] {
  return rails
    .filter((rail) => rail.vod_media_items.length > 0)
    .map((rail) => ({ id: rail.id, title: rail.title, cards: rail.vod_media_items.map((item) => vodCardData(item, timeZone, locale)) }));
}
