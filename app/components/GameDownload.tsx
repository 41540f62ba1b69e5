import { FeatureNotice } from '~/components/FeatureNotice';
import { showsDownload, type WatchViewData } from '~/domain/watch-view';

/** Below a finished game's player (domain/watch-view showsDownload): its "Download" link when the
 *  fan may (features.download), else why not and how to get it. A visitor is asked to log in by
 *  the page's one notice (FeatureSignIn). */
export function GameDownload({ data }: { data: Pick<WatchViewData, 'id' | 'status' | 'state' | 'features' | 'featureOffers'> }) {
  const state = data.features.download;
  if (!showsDownload(data) || state.state === 'sign_in') return null;
  return (
    <section className="watch-download" aria-labelledby="watch-download-title">
      <h2 id="watch-download-title">Download</h2>
      {state.state === 'allowed' ? (
        <p>
          {/* A document link: the answer is a file (or, refused, the watch page again). */}
          <a className="button" href={`/watch/${data.id}/download`}>
            Download
          </a>{' '}
          the whole game as an MP4 file to watch offline.
        </p>
      ) : (
        <FeatureNotice feature="download" state={state} game={{ status: data.status }} offers={data.featureOffers.download} />
      )}
    </section>
  );
}
