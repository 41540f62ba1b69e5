import type { ReactNode } from 'react';
import { FeatureSignIn } from '~/components/FeatureSignIn';
import { FollowButton } from '~/components/FollowButton';
import { GameDownload } from '~/components/GameDownload';
import { PathLink } from '~/components/PathLink';
import { Playback } from '~/components/player/Playback';
import type { Follow } from '~/domain/follows';
import { signInFeatures, type WatchViewData } from '~/domain/watch-view';
import { useI18n } from '~/i18n/use-i18n';

/** The watch screen of one event, shared by /watch/:id and the plain /watch_embed/:id; the loader
 *  worked out what it shows (domain/watch-view). */
export function WatchView({
  data,
  embed = false,
  follows = null,
  prerollPage,
  children,
}: {
  data: WatchViewData;
  /** A pre-roll's Skip: the page it comes back to, and the wait after a Skip too soon. */
  prerollPage?: { path: string; wait: number | null };
  embed?: boolean;
  follows?: readonly Follow[] | null;
  /** What the page shows under the player (the watch page's Clip form). */
  children?: ReactNode;
}) {
  const linkTarget = embed ? ('_top' as const) : undefined;
  const { t } = useI18n();
  return (
    <article className={embed ? 'watch watch-embed' : 'watch'}>
      <header className="watch-head">
        <p className="watch-badges">
          <span className={`badge badge-${data.status}`}>{data.statusLabel}</span>
          {data.free ? <span className="badge badge-free">{t('lists.free')}</span> : null}
        </p>
        <h1>{data.title}</h1>
        <ul className="watch-facts">
          <li>
            <time dateTime={data.iso}>{data.when}</time>
          </li>
          {data.place ? (
            <li>
              <PageLink to={data.place.href} embed={embed}>
                {data.place.text}
              </PageLink>
            </li>
          ) : null}
          {data.sports.length > 0 ? (
            <li>
              {data.sports.map((sport, i) => (
                <span key={sport.href}>
                  {i > 0 ? ', ' : null}
                  <PageLink to={sport.href} embed={embed}>
                    {sport.name}
                  </PageLink>
                </span>
              ))}
            </li>
          ) : null}
        </ul>
      </header>

      <div className="watch-stage">
        <Playback mediaId={`event-${data.id}`} {...playbackOf(data)} linkTarget={linkTarget} prerollPage={prerollPage} />
      </div>
      {embed ? null : <FeatureSignIn features={signInFeatures(data)} />}
      {children}

      {embed ? null : <GameDownload data={data} />}

      {data.participants.length > 0 || data.about.length > 0 ? (
        <section className="watch-about" aria-labelledby="watch-about-title">
          <h2 id="watch-about-title">{t('watch.about')}</h2>
          {data.participants.length > 0 ? (
            <ul className="watch-participants">
              {data.participants.map((p) => (
                <li key={p.id}>
                  {p.logo ? <img src={p.logo} alt="" width={48} height={48} loading="lazy" /> : null}
                  <span>
                    {p.href ? (
                      <PageLink to={p.href} embed={embed}>
                        {p.name}
                      </PageLink>
                    ) : (
                      p.name
                    )}
                    {p.home ? <span className="watch-home">{t('watch.home')}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {data.about.map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </section>
      ) : null}

      {embed ? null : (
        <section className="watch-follow" aria-labelledby="watch-follow-title">
          <h2 id="watch-follow-title">{t('watch.follow')}</h2>
          <p>{t('watch.follow.lead')}</p>
          <ul className="following">
            {data.followables.map((f) => (
              <li key={`${f.type}-${f.id}`} className="following__item">
                <span className="following__name">
                  {f.href ? <PathLink to={f.href}>{f.name}</PathLink> : f.name}
                  <span className="following__kind">{f.label}</span>
                </span>
                <FollowButton type={f.type} id={f.id} name={f.name} follows={follows} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {embed ? null : <EmbedSnippet url={data.embedUrl} title={data.title} />}
    </article>
  );
}

/** A link to one of our pages; from an embedded player it opens in the page around the frame. */
function PageLink({ to, embed, children }: { to: `/${string}`; embed: boolean; children: ReactNode }) {
  return embed ? (
    <a href={to} target="_top">
      {children}
    </a>
  ) : (
    <PathLink to={to}>{children}</PathLink>
  );
}

function EmbedSnippet({ url, title }: { url: string; title: string }) {
  const snippet = `<iframe src="${url}" title="${title.replace(/"/g, '&quot;')}" width="960" height="600" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  const { t } = useI18n();
  return (
    <details className="watch-embed-code">
      <summary>{t('watch.embed')}</summary>
      <p>
        <label htmlFor="embed-snippet">{t('watch.embed.code')}</label>
      </p>
      <textarea id="embed-snippet" readOnly rows={3} value={snippet} />
    </details>
  );
}

/** What the player needs of the screen's data. */
function playbackOf({ state, title, poster, timeZone, serverNow, offers }: WatchViewData) {
  return { state, title, poster, timeZone, serverNow, offers };
}
