import { FeatureNotice } from '~/components/FeatureNotice';
import { showsDownload, type WatchViewData } from '~/domain/watch-view';
import { useI18n } from '~/i18n/use-i18n';

/** Below a finished game's player (domain/watch-view showsDownload): its "Download" link when the
 *  fan may (features.download), else why not and how to get it. A visitor is asked to log in by
 *  the page's one notice (FeatureSignIn). */
export function GameDownload({ data }: { data: Pick<WatchViewData, 'id' | 'status' | 'state' | 'features' | 'featureOffers'> }) {
  const state = data.features.download;
  const { t } = useI18n();
  if (!showsDownload(data) || state.state === 'sign_in') return null;
  return (
    <section className="watch-download" aria-labelledby="watch-download-title">
      <h2 id="watch-download-title">{t('clips.download')}</h2>
      {state.state === 'allowed' ? (
        <p>
          {/* A document link: the answer is a file (or, refused, the watch page again). */}
          <a className="button" href={`/watch/${data.id}/download`}>
            {t('clips.download')}
          </a>{' '}
          {t('clips.download.whole')}
        </p>
      ) : (
        <FeatureNotice feature="download" state={state} game={{ status: data.status }} offers={data.featureOffers.download} />
      )}
    </section>
  );
}
