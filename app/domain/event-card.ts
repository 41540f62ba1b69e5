/* What an event card shows, worked out from the wire event. Pages that list events compute it in
 * their loader, so the dates, Intl formatting and title rules stay on the server and only these
 * strings travel to the browser. */
import type { Event } from '#contract';
import { formatEventDate } from '#contract/dates';
import { gameName } from '#contract/game-name';
import { ENGLISH, type AppTranslator } from '~/i18n/english';
import { isoFromEpoch } from './dates';
import { isFree, statusLabelId } from './event-status';

export interface EventCardData {
  id: number;
  /** The game's one name (contract/game-name.ts); names the card's link. */
  title: string;
  image: string | null;
  status: string;
  statusLabel: string;
  free: boolean;
  /** ISO instant for `<time dateTime>` and the same instant as viewers read it. */
  iso: string;
  when: string;
  /** The event's own (most specific) category, e.g. 'Girls Soccer' rather than its parent 'Soccer'. */
  category: string | null;
  logos: Array<{ id: number; src: string; alt: string }>;
}

/** The card of a game, its time written in the channel's zone (`timeZone`: contract/dates `channelZone`)
 *  and in the fan's language (`i18n`: i18n/locale.server i18nOf; English by default). */
export function eventCardData(event: Event, timeZone: string, i18n: Pick<AppTranslator, 't' | 'locale'> = ENGLISH): EventCardData {
  const { t, locale } = i18n;
  const category = event.event_categories.find((c) => c.id === event.event_category_id) ?? event.event_categories[0];
  return {
    id: event.id,
    title: gameName(event),
    image: event.image ?? null,
    status: event.stream_status,
    statusLabel: t(statusLabelId(event.stream_status)),
    free: isFree(event),
    iso: isoFromEpoch(event.event_utc_ts),
    when: formatEventDate(event.event_utc_ts, timeZone, locale),
    category: category?.name ?? null,
    logos: event.participants.flatMap((p) => (p.images.logo ? [{ id: p.id, src: p.images.logo, alt: t('lists.card.logo', { name: p.name }) }] : [])),
  };
}
