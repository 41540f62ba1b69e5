import { Link } from '@remix-run/react';
import type { VodMediaItem } from '#contract/entities';
import { describeDuration, formatDuration } from '~/domain/watch-state';

/** The card's picture: the item's image asset, else its preview. */
export function vodImage(item: Pick<VodMediaItem, 'assets'>): string | null {
  return (item.assets.find((a) => a.type === 'image') ?? item.assets.find((a) => a.type === 'preview'))?.path ?? null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function formatVodDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** One on-demand video as a link card (title first, so it names the link). */
export function VodCard({ item }: { item: VodMediaItem }) {
  const image = vodImage(item);
  const date = formatVodDate(item.date);
  return (
    <Link to={`/vod_library/${item.id}`} className="vod-card" prefetch="intent">
      <span className="vod-card-title">{item.title}</span>
      <span className="vod-card-meta">
        {date ? <time dateTime={item.date}>{date}</time> : null}
        {item.duration > 0 ? (
          <span>
            <span aria-hidden="true">{formatDuration(item.duration)}</span>
            <span className="sr-only">{describeDuration(item.duration)}</span>
          </span>
        ) : null}
      </span>
      {/* Decorative: the title already names the card. Placed last in source, first on screen. */}
      {image ? <img className="vod-card-image" src={image} alt="" width={320} height={180} loading="lazy" decoding="async" /> : <span className="vod-card-image vod-card-noimage" />}
    </Link>
  );
}
