import type { FocusEvent, ReactNode, Ref } from 'react';
import type { VodRailData } from '~/domain/vod-card';
import { VodTile } from './VodTile';

/* A titled row of videos that scrolls sideways: the markup of both rails. `StaticRail` moves only
 * by hand and ships no script; `Rail` adds the auto-scroll with its pause control (its `control`
 * and the list's handlers, `list`). */

export interface RailListProps {
  ref?: Ref<HTMLUListElement>;
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: (e: FocusEvent<HTMLUListElement>) => void;
}

export function RailFrame({ rail, control, list = {} }: { rail: VodRailData; control?: ReactNode; list?: RailListProps }) {
  const headingId = `rail-${rail.id}`;
  const { ref, ...handlers } = list;
  return (
    <section className="rail" aria-labelledby={headingId}>
      <div className="rail-head">
        <h2 id={headingId}>{rail.title}</h2>
        {control}
      </div>
      {/* Focusable so keyboard users can scroll it with the arrow keys. */}
      <ul ref={ref} className="rail-list" tabIndex={0} aria-label={`${rail.title}: videos`} {...handlers}>
        {rail.cards.map((card) => (
          <li key={card.id} className="rail-item">
            <VodTile card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
