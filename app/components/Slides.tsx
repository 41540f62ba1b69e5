import { PathLink } from '~/components/PathLink';
import type { SlideView } from '~/domain/slide-link';
import { useDataSaver } from '~/http/use-data-saver';
import { useI18n } from '~/i18n/use-i18n';

/**
 * A page's featured slides (home's main slides, a sport's, a school's or team's, a division's:
 * domain/page-slides) as one row that scrolls sideways (swiped on a phone, scroll-snap),
 * the next slide peeking in: every slide is reachable without JS and nothing moves by itself, so
 * no pause control is needed, and the games below start on a phone's first screen. The row is
 * focusable, so a keyboard scrolls it too. Only the first picture loads at once.
 * The loader sorts them and works out each link (domain/slide-link `slideViews`).
 */
export function Slides({ slides }: { slides: SlideView[] }) {
  // The data saver leaves the artwork out: the slides are their words.
  const lite = useDataSaver();
  const { t } = useI18n();
  if (slides.length === 0) return null;
  return (
    <section className="slides" aria-label={t('errors.slides')}>
      {/* Focusable so keyboard users can scroll it with the arrow keys. */}
      <ul className="slides__list" {...(slides.length > 1 ? { tabIndex: 0, 'aria-label': t('errors.slides.list') } : {})}>
        {slides.map((slide, i) => {
          const body = (
            <>
              {lite ? null : (
                <img
                  src={slide.image}
                  alt=""
                  width={1280}
                  height={720}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding="async"
                />
              )}
              <span className="slide__text">
                <span className="slide__title">{slide.title}</span>
                {slide.subtitle ? <span className="slide__subtitle">{slide.subtitle}</span> : null}
              </span>
            </>
          );
          const { href } = slide;
          return (
            <li key={slide.id} className={lite ? 'slide slide--lite' : 'slide'}>
              {/* A path of ours navigates on the client; an http(s) URL is the browser's. */}
              {href === null ? (
                <div className="slide__frame">{body}</div>
              ) : href.startsWith('/') ? (
                <PathLink to={href as `/${string}`} className="slide__frame">
                  {body}
                </PathLink>
              ) : (
                <a href={href} className="slide__frame" rel="noopener noreferrer">
                  {body}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
