import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Player } from '~/components/Player';
import { useI18n } from '~/i18n/use-i18n';

export interface ClipViewData {
  id: number;
  name: string;
  eventId: number;
  eventName: string;
  length: string;
  tags: string[];
  /** Ready to play: its MP4 and poster; null while being made or when it failed. */
  media: { video: string; poster: string } | null;
  /** What the fan reads instead of the player: 'Being made 40 %', 'Failed: …'. */
  statusText: string;
}

/** One clip in the project's player, with its game and tags (/watch_library/{id}, /share/{id}/{uuid});
 *  `children`: what the page adds under it (share, download, delete). */
export function ClipView({ clip, children }: { clip: ClipViewData; children?: ReactNode }) {
  const { t, sentence } = useI18n();
  return (
    <article className="watch clip-view">
      <header className="watch-head">
        <p className="watch-badges">
          <span className="badge">{t('clips.clip')}</span>
        </p>
        <h1>{clip.name}</h1>
        <ul className="watch-facts">
          <li>
            {t('clips.from')} <Link to={`/watch/${clip.eventId}`}>{clip.eventName}</Link>
          </li>
          <li>{clip.length}</li>
          {clip.tags.length ? <li>{t('clips.tagsList', { tags: clip.tags.join(', ') })}</li> : null}
        </ul>
      </header>
      <div className="watch-stage">
        {clip.media ? (
          <Player key={`clip-${clip.id}`} title={clip.name} src={null} mp4Src={clip.media.video} poster={clip.media.poster} />
        ) : (
          <div className="playback-notice" role="status">
            <p>{sentence(clip.statusText)}</p>
          </div>
        )}
      </div>
      {children}
    </article>
  );
}
