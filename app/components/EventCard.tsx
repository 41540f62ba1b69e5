import type { Event } from '#contract';
import { eventCardData } from '~/domain/event-card';
import { EventTile } from './EventTile';

interface Props {
  event: Event;
  headingLevel?: 2 | 3;
  eager?: boolean;
}

/** One event from its wire shape. Loaders that can should send `eventCardData` and use EventTile. */
export function EventCard({ event, ...rest }: Props) {
  return <EventTile card={eventCardData(event)} {...rest} />;
}
