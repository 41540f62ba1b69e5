import { useEffect, useRef, useState } from 'react';
import { playTile } from '~/browser/multiview-player';
import type { Caption } from '~/domain/watch-state';
import { useI18n } from '~/i18n/use-i18n';

interface TilePlayerProps {
  title: string;
  /** The live game's HLS master playlist (its media grant, if it needs one, is a cookie). */
  src: string;
  poster: string | null;
  captions: Caption[];
  /** Whether this tile has the sound (one at a time: the grid decides). */
  sound: boolean;
  /** The visitor turned this tile's sound on or off with the video's own controls. */
  onSoundChange: (on: boolean) => void;
}

/**
 * One tile's live game: a native <video controls> that plays without JavaScript (the browser's own
 * HLS player, muted to start), which hls.js feeds after hydration (browser/multiview-player.ts).
 * Mounted once per game (the grid keys it by id): a re-render never restarts the stream.
 */
export function TilePlayer({ title, src, poster, captions, sound, onSoundChange }: TilePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const { t } = useI18n();

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let stream: { destroy(): void } | null = null;
    playTile(video, { src, isCancelled: () => cancelled })
      .then((result) => {
        stream = result;
        if (result) setReady(true);
      })
      .catch((error: unknown) => {
        // The native player stays usable; only hls.js is lost.
        console.error('Tile player failed', error);
      });
    return () => {
      cancelled = true;
      stream?.destroy();
    };
    // Once per mount: the grid gives each game its own tile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || video.muted === !sound) return;
    video.muted = !sound;
    // Turning the sound on is asking to hear it: a paused tile plays.
    if (sound && video.paused) void video.play().catch(() => undefined);
  }, [sound]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onVolume = () => onSoundChange(!video.muted && video.volume > 0);
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, [onSoundChange]);

  return (
    <div className="player tile__player" data-player-ready={ready ? 'true' : undefined} data-live="true">
      <video ref={videoRef} controls muted playsInline preload="none" poster={poster ?? undefined} aria-label={t('multiview.player', { title })}>
        <source src={src} type="application/vnd.apple.mpegurl" />
        {captions.map((c) => (
          <track key={c.url} kind="captions" srcLang={c.srclang} label={c.label} src={c.url} />
        ))}
        <p>{t('multiview.cannotPlay')}</p>
      </video>
    </div>
  );
}
