import { Link } from '@remix-run/react';
import type { VodCardData } from '~/domain/vod-card';

/** One on-demand video as a link card (title first, so it names the link), from domain/vod-card. */
export function VodTile({ card }: { card: VodCardData }) {
  return (
    <Link to={`/vod_library/${card.id}`} className="vod-card" prefetch="intent">
      <span className="vod-card-title">{card.title}</span>
      <span className="vod-card-meta">
        {card.date ? <time dateTime={card.iso}>{card.date}</time> : null}
        {card.duration ? (
          <span>
            <span aria-hidden="true">{card.duration}</span>
            <span className="sr-only">{card.durationText}</span>
          </span>
        ) : null}
      </span>
      {/* Decorative: the title already names the card. Placed last in source, first on screen. */}
      {card.image ? (
        <img className="vod-card-image" src={card.image} alt="" width={320} height={180} loading="lazy" decoding="async" />
      ) : (
        <span className="vod-card-image vod-card-noimage" />
      )}
    </Link>
  );
}

export interface VodRailData {
  id: number;
  title: string;
  cards: VodCardData[];
}

/**
 * A titled row of videos that scrolls sideways by hand: the same markup as Rail without its
 * auto-scroll, so a page that does not move its rails ships no script for them.
 */
export function StaticRail({ rail }: { rail: VodRailData }) {
  // The loader leaves out rails without videos.
  const headingId = `rail-${rail.id}`;
  return (
    <section className="rail" aria-labelledby={headingId}>
      <div className="rail-head">
        <h2 id={headingId}>{rail.title}</h2>
      </div>
      {/* Focusable so keyboard users can scroll it with the arrow keys. */}
      <ul className="rail-list" tabIndex={0} aria-label={`${rail.title}: videos`}>
        {rail.cards.map((card) => (
          <li key={card.id} className="rail-item">
            <VodTile card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
