import { Form, Link } from '@remix-run/react';
import { useCallback } from 'react';
import { SignInLink } from '~/components/layout/SignInLink';
import { PathLink } from '~/components/PathLink';
import { Playback } from '~/components/player/Playback';
import type { Offer } from '~/domain/offers';
import { NO_ACCESS_MESSAGE, PAY_PER_VIEW_MESSAGE, SIGN_IN_MESSAGE } from '~/domain/watch-messages';
import type { Need, WatchState } from '~/domain/watch-state';
import { useI18n } from '~/i18n/use-i18n';
import { TilePlayer } from './TilePlayer';

/** What one tile of /multiview shows, worked out by its loader. */
export interface MultiviewTileData {
  id: number;
  title: string;
  /** The watch page's decision for this viewer (no DVR controls in a tile). */
  state: WatchState;
  poster: string | null;
  timeZone: string;
  /** The ways to get it when the viewer may not watch it: the watch page's (domain/offers). */
  offers: Offer[];
}

interface TileProps {
  tile: MultiviewTileData;
  /** Every tile's id, in order: the Enlarge form's address. */
  ids: readonly number[];
  enlarged: boolean;
  sound: boolean;
  /** Whether the page has hydrated: the Sound button needs JavaScript. */
  hydrated: boolean;
  serverNow: number;
  onSound: (id: number, on: boolean) => void;
}

/**
 * One game of /multiview: a region named by the game, its player (or what the watch page shows in
 * its place: the offer, "Log in") and its buttons. Enlarge is a GET form, so it works without
 * JavaScript (the address says which tile is large); Sound needs the page's script.
 */
export function MultiviewTile({ tile, ids, enlarged, sound, hydrated, serverNow, onSound }: TileProps) {
  const titleId = `tile-${tile.id}-title`;
  const { id } = tile;
  const onSoundChange = useCallback((on: boolean) => onSound(id, on), [id, onSound]);
  const playing = tile.state.kind === 'play';
  const { t } = useI18n();
  return (
    <section className="tile" aria-labelledby={titleId} data-enlarged={enlarged ? 'true' : undefined} data-sound={sound ? 'true' : undefined}>
      <h2 className="tile__title" id={titleId}>
        <PathLink to={`/watch/${tile.id}`}>{tile.title}</PathLink>
      </h2>
      {tile.state.kind === 'play' ? (
        <TilePlayer title={tile.title} src={tile.state.src} poster={tile.poster} captions={tile.state.captions} sound={sound} onSoundChange={onSoundChange} />
      ) : tile.state.kind === 'no-access' ? (
        <TileOffer id={tile.id} need={tile.state.need} offers={tile.offers} />
      ) : (
        // A game not playing here (not started, ended, unavailable): what its watch page shows.
        <Playback {...tile} mediaId={`tile-${tile.id}`} serverNow={serverNow} />
      )}
      <div className="tile__controls">
        {playing && hydrated ? (
          <button type="button" className="button button--quiet tile__sound" aria-pressed={sound} onClick={() => onSound(id, !sound)}>
            <span aria-hidden="true">{t('multiview.sound')}</span>
            <span className="sr-only">{t('multiview.soundOf', { title: tile.title })}</span>
          </button>
        ) : null}
        <Form method="get" action="/multiview" preventScrollReset className="tile__enlarge">
          {ids.map((other) => (
            <input key={other} type="hidden" name="id" value={other} />
          ))}
          {enlarged ? (
            <button type="submit" className="button button--quiet">
              {t('multiview.showAll')}
            </button>
          ) : (
            <button type="submit" className="button button--quiet" name="enlarge" value={tile.id}>
              <span aria-hidden="true">{t('multiview.enlarge')}</span>
              <span className="sr-only">{t('multiview.enlargeOf', { title: tile.title })}</span>
            </button>
          )}
        </Form>
      </div>
    </section>
  );
}

/** What a tile shows for a game the viewer may not watch: the watch page's words and its first way
 *  in (the same links: the game's ticket or a pass, or Log in), the rest one click away on the
 *  game's own page. */
function TileOffer({ id, need, offers }: { id: number; need: Need; offers: Offer[] }) {
  const { t, sentence } = useI18n();
  if (need === 'account') {
    return (
      <div className="playback-notice tile__offer">
        <p>{sentence(SIGN_IN_MESSAGE)}</p>
        <p>
          <SignInLink to="/login" className="button">
            {t('multiview.logInToWatch')}
          </SignInLink>
        </p>
      </div>
    );
  }
  const [first] = offers;
  return (
    <div className="playback-notice tile__offer">
      <p>{sentence(need === 'ticket' ? PAY_PER_VIEW_MESSAGE : NO_ACCESS_MESSAGE)}</p>
      {first ? (
        <p>
          <Link className="button offer" to={first.href}>
            {first.title} <span className="offer__price">{first.price}</span>
          </Link>
        </p>
      ) : null}
      <p>{offers.length > 1 ? <Link to={`/watch/${id}`}>{t('multiview.moreWays')}</Link> : <Link to="/packages">{t('multiview.seePackages')}</Link>}</p>
    </div>
  );
}
