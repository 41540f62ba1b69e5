import { PathLink } from '~/components/PathLink';
import type { VodCardData } from '~/domain/vod-card';

/** One on-demand video as a link card (title first, so it names the link), from domain/vod-card. */
export function VodTile({ card }: { card: VodCardData }) {
  return (
    <PathLink to={`/vod_library/${card.id}`} className="vod-card">
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
    </PathLink>
  );
}
