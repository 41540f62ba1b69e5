import type { Event } from '#contract';
import { eventCardData } from '~/domain/event-card';
import type { ViewMode } from '~/domain/event-filters';
import { useChannelZone } from '~/http/use-channel-zone';
import { useI18n } from '~/i18n/use-i18n';
import { EventTiles } from './EventTiles';

interface Props {
  events: Event[];
  view?: ViewMode;
  headingLevel?: 2 | 3;
  /** Shown instead of the list when there are no events. */
  empty: React.ReactNode;
  /** How many leading cards load their image eagerly (above the fold). */
  eagerCount?: number;
}

/** A list of events from their wire shape. Loaders that can should send `eventCardData` and use EventTiles. */
export function EventList({ events, ...rest }: Props) {
  const timeZone = useChannelZone();
  const i18n = useI18n();
  return <EventTiles cards={events.map((e) => eventCardData(e, timeZone, i18n))} {...rest} />;
}
