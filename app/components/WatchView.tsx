import type { EventDetail, EventLocation } from '#contract/entities';
import { Playback } from '~/components/player/Playback';
import { formatEventDate, isoFromEpoch } from '~/domain/dates';
import { statusLabel } from '~/domain/event-status';
import type { WatchState } from '~/domain/watch-state';

export interface WatchViewData {
  event: EventDetail;
  title: string;
  state: WatchState;
  location: EventLocation | null;
  serverNow: number;
  /** Absolute address of /watch_embed/:id for the embed snippet. */
  embedUrl: string;
}

/** The watch screen of one event, shared by /watch/:id and the plain /watch_embed/:id. */
export function WatchView({ data, embed = false }: { data: WatchViewData; embed?: boolean }) {
  const { event, title, state, location, serverNow } = data;
  const linkTarget = embed ? ('_top' as const) : undefined;
  const categories = event.event_categories.map((c) => c.name).join(', ');

  return (
    <article className={embed ? 'watch watch-embed' : 'watch'}>
      <header className="watch-head">
        <p className="watch-badges">
          <span className={`badge badge-${event.stream_status}`}>{statusLabel(event.stream_status)}</span>
          {event.type !== 'paid' ? <span className="badge badge-free">Free</span> : null}
        </p>
        <h1>{title}</h1>
        <ul className="watch-facts">
          <li>
            <time dateTime={isoFromEpoch(event.event_utc_ts)}>{formatEventDate(event.event_utc_ts, event.time_zone)}</time>
          </li>
          {location ? (
            <li>
              {location.name}
              {location.city ? `, ${location.city}` : ''}
            </li>
          ) : null}
          {categories ? <li>{categories}</li> : null}
        </ul>
      </header>

      <div className="watch-stage">
        <Playback
          mediaId={`event-${event.id}`}
          state={state}
          title={title}
          poster={event.image}
          timeZone={event.time_zone}
          serverNow={serverNow}
          linkTarget={linkTarget}
        />
      </div>

      {event.participants.length > 0 || event.description ? (
        <section className="watch-about" aria-labelledby="watch-about-title">
          <h2 id="watch-about-title">About this event</h2>
          {event.participants.length > 0 ? (
            <ul className="watch-participants">
              {event.participants.map((p) => (
                <li key={p.id}>
                  {p.images.logo ? <img src={p.images.logo} alt="" width={48} height={48} loading="lazy" /> : null}
                  <span>
                    {p.name}
                    {p.id === event.home_team_id ? <span className="watch-home"> (home)</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {event.description
            ? event.description
                .split(/\n\s*\n/)
                .filter(Boolean)
                .map((para, i) => <p key={i}>{para}</p>)
            : null}
        </section>
      ) : null}

      {embed ? null : <EmbedSnippet url={data.embedUrl} title={title} />}
    </article>
  );
}

function EmbedSnippet({ url, title }: { url: string; title: string }) {
  const snippet = `<iframe src="${url}" title="${title.replace(/"/g, '&quot;')}" width="960" height="600" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  return (
    <details className="watch-embed-code">
      <summary>Embed this event</summary>
      <p>
        <label htmlFor="embed-snippet">Embed code for your page</label>
      </p>
      <textarea id="embed-snippet" readOnly rows={3} value={snippet} />
    </details>
  );
}
