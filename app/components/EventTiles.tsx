import type { ReactNode } from 'react';
import type { EventCardData } from '~/domain/event-card';
import type { ViewMode } from '~/domain/event-filters';
import { EventTile } from './EventTile';

interface ListProps {
  cards: EventCardData[];
  view?: ViewMode;
  headingLevel?: 2 | 3;
  /** Shown instead of the list when there are no events. */
  empty: ReactNode;
  /** How many leading cards load their image eagerly (above the fold). */
  eagerCount?: number;
}

/** Events as tiles in a grid or a list (`view`), or what stands in their place when there are none. */
export function EventTiles({ cards, view = 'grid', headingLevel = 3, empty, eagerCount = 0 }: ListProps) {
  if (cards.length === 0) return <div className="empty">{empty}</div>;
  return (
    <ul className={`event-list event-list--${view}`} data-view={view}>
      {cards.map((card, i) => (
        <li key={card.id}>
          <EventTile card={card} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
