import { useNavigate, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { enlargedTile, multiviewHref, soundAnnouncement } from '~/domain/multiview';
import { useI18n } from '~/i18n/use-i18n';
import { MultiviewTile, type MultiviewTileData } from './MultiviewTile';

/**
 * The games of /multiview side by side, one sound at a time: every tile starts muted, and giving
 * one the sound (its Sound button or its own controls) mutes the rest. One tile may be shown large
 * (`?enlarge=<id>`, so it works without JavaScript too); Escape brings back the grid. A status
 * line says which game has the sound and which is enlarged.
 */
export function MultiviewGrid({ tiles, serverNow }: { tiles: MultiviewTileData[]; serverNow: number }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ids = tiles.map((t) => t.id);
  const enlarged = enlargedTile(search.get('enlarge'), ids);
  const grid = multiviewHref(ids);
  const [sound, setSound] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { t } = useI18n();
  const titleOf = useCallback((id: number | null) => tiles.find((t) => t.id === id)?.title ?? null, [tiles]);

  const onSound = useCallback((id: number, on: boolean) => setSound((current) => (on ? id : current === id ? null : current)), []);

  // Say where the sound went, and what enlarging did, once it happened (not on the first render).
  const heard = useRef(sound);
  useEffect(() => {
    if (heard.current === sound) return;
    heard.current = sound;
    setAnnouncement(soundAnnouncement(titleOf(sound), t));
  }, [sound, titleOf, t]);
  const shown = useRef(enlarged);
  useEffect(() => {
    if (shown.current === enlarged) return;
    shown.current = enlarged;
    const title = titleOf(enlarged);
    setAnnouncement(title ? t('multiview.enlarged', { title }) : t('multiview.allShown'));
  }, [enlarged, titleOf, t]);

  useEffect(() => {
    if (enlarged === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Leaving a video's own fullscreen also sends Escape: that one is the browser's.
      if (document.fullscreenElement) return;
      navigate(grid, { preventScrollReset: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enlarged, grid, navigate]);

  return (
    <>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <div className="multiview__grid" data-count={tiles.length} data-enlarged={enlarged === null ? undefined : 'true'}>
        {tiles.map((tile) => (
          <MultiviewTile
            key={tile.id}
            tile={tile}
            ids={ids}
            enlarged={tile.id === enlarged}
            sound={tile.id === sound}
            hydrated={hydrated}
            serverNow={serverNow}
            onSound={onSound}
          />
        ))}
      </div>
    </>
  );
}
