import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { CopyField } from '~/components/CopyField';
import { PollingRefresh } from '~/components/PollingRefresh';
import { CLIPS_POLL_SECONDS } from '~/domain/clips';
import { pageMeta } from '~/domain/page-meta';
import { useI18n } from '~/i18n/use-i18n';
import type { loader } from '~/loaders/profile-clips.server';
import clipsCss from '~/styles/clips.css';
import copyFieldCss from '~/styles/copy-field.css';

export { loader } from '~/loaders/profile-clips.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: copyFieldCss },
  { rel: 'stylesheet', href: clipsCss },
];

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Clips', 'The clips you made from games.');

/* The profile's Clips tab: each clip with its poster (once made) and its state (being made, ready,
   failed), and once ready its page, share link, download (with download_clip) and Delete (a
   confirmation page). */
export default function Clips() {
  const { clips, canDownload, polling, refresh } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="tab-heading">
      <PollingRefresh refresh={refresh} seconds={CLIPS_POLL_SECONDS} />
      <h2 id="tab-heading">{t('profile.tab.clips')}</h2>
      {clips.length === 0 ? (
        <div className="empty-state">
          <p>{t('clips.tab.none')}</p>
          <p>
            {t('clips.tab.howTo')} <Link to="/vod_library">{t('clips.tab.find')}</Link>
          </p>
        </div>
      ) : (
        <>
          {polling && !refresh ? (
            <p>
              {t('clips.tab.slow')} <Link to="/profile/clips">{t('clips.tab.lookAgain')}</Link>
            </p>
          ) : null}
          <ul className="clip-list">
            {clips.map((c) => (
              <li key={c.id} className="clip-card" aria-labelledby={`clip-${c.id}-name`}>
                {c.poster ? (
                  // The clip's name is its heading, beside it: the picture adds nothing to read.
                  <img
                    className="clip-card__poster"
                    src={c.poster.src}
                    width={c.poster.width}
                    height={c.poster.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <div className="clip-card__poster clip-card__poster--none" aria-hidden="true" />
                )}
                <h3 id={`clip-${c.id}-name`} className="clip-card__name">
                  {c.status === 'processed' ? <Link to={`/watch_library/${c.id}`}>{c.name}</Link> : c.name}
                </h3>
                <dl className="clip-card__facts">
                  <div>
                    <dt>{t('clips.tab.game')}</dt>
                    <dd>
                      <Link to={`/watch/${c.eventId}`}>{c.eventName}</Link>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('clips.tab.length')}</dt>
                    <dd>{c.length}</dd>
                  </div>
                  <div>
                    <dt>{t('clips.form.tags')}</dt>
                    <dd>{c.tags.join(', ')}</dd>
                  </div>
                  <div>
                    <dt>{t('clips.tab.madeOn')}</dt>
                    <dd>
                      <time dateTime={c.madeIso}>{c.made}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('commerce.order.status')}</dt>
                    <dd className={`clip-card__status clip-card__status--${c.status}`}>
                      <span role={c.status === 'queued' ? 'status' : undefined}>{c.statusText}</span>
                      {c.status === 'queued' ? (
                        <progress max={100} value={c.progress} aria-label={t('clips.tab.progress', { name: c.name, n: c.progress })} />
                      ) : null}
                    </dd>
                  </div>
                </dl>
                {c.status === 'processed' ? (
                  <>
                    <CopyField id={`clip-${c.id}-share`} label={t('clips.tab.shareOf', { name: c.name })} value={c.shareUrl} />
                    <p className="clip-card__actions">
                      <Link className="button" to={`/watch_library/${c.id}`}>
                        {t('clips.watch')}
                        <span className="sr-only"> {c.name}</span>
                      </Link>
                      {canDownload ? (
                        <a className="button button--quiet" href={`/watch_library/${c.id}/download`}>
                          {t('clips.download')}
                          <span className="sr-only"> {c.name}</span>
                        </a>
                      ) : null}
                      <Link className="button button--quiet" to={`/watch_library/${c.id}/delete`}>
                        {t('clips.delete')}
                        <span className="sr-only"> {c.name}</span>
                      </Link>
                    </p>
                  </>
                ) : c.status === 'failed' ? (
                  <p className="clip-card__actions">
                    <Link className="button button--quiet" to={`/watch_library/${c.id}/delete`}>
                      {t('clips.delete')}
                      <span className="sr-only"> {c.name}</span>
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
