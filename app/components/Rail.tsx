import { useEffect, useRef, useState } from 'react';
import type { VodRailData } from '~/domain/vod-card';
import { useI18n } from '~/i18n/use-i18n';
import { RailFrame } from './RailFrame';

/** Spec: rails scroll every 5000 ms. */
export const RAIL_SCROLL_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Scrolls one card forward, wrapping to the start at the end. */
function advance(list: HTMLElement) {
  const card = list.firstElementChild as HTMLElement | null;
  if (!card) return;
  const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
  const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 2;
  if (atEnd) list.scrollTo({ left: 0, behavior: 'smooth' });
  else list.scrollBy({ left: card.offsetWidth + gap, behavior: 'smooth' });
}

/** Follows prefers-reduced-motion; false on the server (where nothing moves anyway). */
function useReducedMotion(): boolean | null {
  const [reduced, setReduced] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * A titled, horizontally scrolling row of on-demand videos. Without JavaScript it is a plain
 * scrollable list. With it (and `autoScroll`), it moves one card every 5000 ms, with a
 * pause control; it holds still while the pointer or focus is in the list, and never moves when
 * the visitor prefers reduced motion (then there is no control either).
 */
export function Rail({ rail, autoScroll = false }: { rail: VodRailData; autoScroll?: boolean }) {
  const listRef = useRef<HTMLUListElement>(null);
  const reducedMotion = useReducedMotion();
  const { t } = useI18n();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const canMove = autoScroll && reducedMotion === false;
  const moving = canMove && !paused && !hovered && !focused;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => listRef.current && advance(listRef.current), RAIL_SCROLL_MS);
    return () => window.clearInterval(timer);
  }, [moving]);

  return (
    <RailFrame
      rail={rail}
      control={
        canMove ? (
          <button type="button" className="rail-toggle" onClick={() => setPaused((p) => !p)}>
            {paused ? t('lists.rail.resume') : t('lists.rail.pause')}
          </button>
        ) : null
      }
      list={{
        ref: listRef,
        onMouseEnter: () => setHovered(true),
        onMouseLeave: () => setHovered(false),
        onFocus: () => setFocused(true),
        onBlur: (e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        },
      }}
    />
  );
}
