import { Link } from '@remix-run/react';
import { useDataSaver } from '~/components/layout/data-saver';
import type { SlideView } from '~/domain/slide-link';

/**
 * The home page's featured slides as a plain list that scrolls sideways (scroll-snap): every
 * slide is reachable without JS and nothing moves by itself, so no pause control is needed.
 * The loader sorts them and works out each link (domain/slide-link `slideViews`).
 */
export function Slides({ slides }: { slides: SlideView[] }) {
  // The data saver leaves the artwork out: the slides are their words.
  const lite = useDataSaver();
  if (slides.length === 0) return null;
  return (
    <section className="slides" aria-label="Featured">
      <ul className="slides__list">
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
              {href === null ? (
                <div className="slide__frame">{body}</div>
              ) : (
                // Link leaves an http(s) URL to the browser (no client navigation, no prefetch).
                <Link to={href} className="slide__frame" prefetch="intent" rel={href.startsWith('/') ? undefined : 'noopener noreferrer'}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
