import { WatchTogetherPick } from '~/components/multiview/WatchTogetherPick';
import { PathLink } from '~/components/PathLink';
import type { EventCardData } from '~/domain/event-card';
import { useDataSaver } from '~/http/use-data-saver';
import { useI18n } from '~/i18n/use-i18n';

interface TileProps {
  card: EventCardData;
  /** Heading level of the card title under the page's outline (h2 sections → h3 cards). */
  headingLevel?: 2 | 3;
  /** Lazy-load images below the fold; the first row loads eagerly. */
  eager?: boolean;
}

/**
 * One event, from data a loader worked out (domain/event-card). The whole card is clickable
 * through the title link (stretched with CSS), so the link's accessible name is exactly the
 * title ('away @ home').
 */
export function EventTile({ card, headingLevel = 3, eager = false }: TileProps) {
  const Heading = `h${headingLevel}` as const;
  // The data saver loads no picture before it scrolls into view.
  const lite = useDataSaver();
  const { t } = useI18n();
  return (
    <article className="card event-card">
      <div className="card__media">
        {card.image ? (
          <img src={card.image} alt="" width={640} height={360} loading={eager && !lite ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <div className="card__placeholder" />
        )}
        <p className="badges">
          <span className={`badge badge-${card.status}`}>{card.statusLabel}</span>
          {card.free ? <span className="badge badge-free">{t('lists.free')}</span> : null}
        </p>
      </div>
      <div className="card__body">
        <Heading className="card__title">
          <PathLink to={`/watch/${card.id}`} className="card__link">
            {card.title}
          </PathLink>
        </Heading>
        <p className="card__meta">
          <time dateTime={card.iso}>{card.when}</time>
        </p>
        {card.category ? <p className="card__meta card__category">{card.category}</p> : null}
        {card.logos.length > 0 ? (
          <ul className="logos" aria-label={t('lists.card.schools')}>
            {card.logos.map((logo) => (
              <li key={logo.id}>
                <img src={logo.src} alt={logo.alt} width={32} height={32} loading="lazy" />
              </li>
            ))}
          </ul>
        ) : null}
        <WatchTogetherPick id={card.id} title={card.title} live={card.status === 'live'} />
      </div>
    </article>
  );
}
