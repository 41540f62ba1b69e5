import { Link } from '@remix-run/react';
import type { Event } from '#contract';
import { formatEventDate, isoFromEpoch } from '~/domain/dates';
import { eventTitle } from '~/domain/event-title';
import { isFree, statusLabel } from '~/domain/event-status';

interface Props {
  event: Event;
  /** Heading level of the card title under the page's outline (h2 sections → h3 cards). */
  headingLevel?: 2 | 3;
  /** Lazy-load images below the fold; the first row loads eagerly. */
  eager?: boolean;
}

/**
 * One event. The whole card is clickable through the title link (stretched with CSS), so the
 * link's accessible name is exactly the title ('away @ home').
 */
export function EventCard({ event, headingLevel = 3, eager = false }: Props) {
  const title = eventTitle(event);
  const Heading = `h${headingLevel}` as const;
  const logos = event.participants.filter((p) => p.images.logo);
  // The event's own (most specific) category, e.g. 'Girls Soccer' rather than its parent 'Soccer'.
  const category = event.event_categories.find((c) => c.id === event.event_category_id) ?? event.event_categories[0];
  return (
    <article className="card event-card">
      <div className="card__media">
        {event.image ? (
          <img src={event.image} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <div className="card__placeholder" />
        )}
        <p className="badges">
          <span className={`badge badge-${event.stream_status}`}>{statusLabel(event.stream_status)}</span>
          {isFree(event) ? <span className="badge badge-free">Free</span> : null}
        </p>
      </div>
      <div className="card__body">
        <Heading className="card__title">
          <Link to={`/watch/${event.id}`} className="card__link" prefetch="intent">
            {title}
          </Link>
        </Heading>
        <p className="card__meta">
          <time dateTime={isoFromEpoch(event.event_utc_ts)}>{formatEventDate(event.event_utc_ts, event.time_zone)}</time>
        </p>
        {category ? <p className="card__meta card__category">{category.name}</p> : null}
        {logos.length > 0 ? (
          <ul className="logos" aria-label="Schools">
            {logos.map((p) => (
              <li key={p.id}>
                <img src={p.images.logo!} alt={`${p.name} logo`} width={32} height={32} loading="lazy" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
