import type { Event } from '#contract';
import type { ViewMode } from '~/domain/event-filters';
import { EventCard } from './EventCard';

interface Props {
  events: Event[];
  view?: ViewMode;
  headingLevel?: 2 | 3;
  /** Shown instead of the list when there are no events. */
  empty: React.ReactNode;
  /** How many leading cards load their image eagerly (above the fold). */
  eagerCount?: number;
}

export function EventList({ events, view = 'grid', headingLevel = 3, empty, eagerCount = 0 }: Props) {
  if (events.length === 0) return <div className="empty">{empty}</div>;
  return (
    <ul className={`event-list event-list--${view}`} data-view={view}>
      {events.map((e, i) => (
        <li key={e.id}>
          <EventCard event={e} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
