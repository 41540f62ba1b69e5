import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { api, type EventDetail } from '#contract';
import { gameName } from '#contract/game-name';
import { MultiviewGrid } from '~/components/multiview/MultiviewGrid';
import type { MultiviewTileData } from '~/components/multiview/MultiviewTile';
import { multiviewTiles, parseMultiviewPick, pickNoteText, sameGames, type PickNote } from '~/domain/multiview';
import { offersFor } from '~/domain/offers';
import { pageMeta } from '~/domain/page-meta';
import { watchState } from '~/domain/watch-state';
import { mediaGrantCookie } from '~/http/media-grant.server';
import { isNotFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import multiviewCss from '~/styles/multiview.css';

/* /multiview?id=1&id=2…: up to four live games on one screen (issue 34), picked on /live with
   "Watch together". Each tile is the watch page's decision for this viewer — its player with the
   media grant the watch page would set, or the offer or sign-in it would show — so an anonymous
   visitor's page reads nothing of theirs (shared per region, as a watch page), a fan's is private. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: multiviewCss }];

export async function loader(args: LoaderFunctionArgs) {
  const values = new URL(args.request.url).searchParams.getAll('id');
  const pick = parseMultiviewPick(values);
  if (values.length === 0) return json({ picked: false, tiles: [], notes: [], serverNow: Date.now() });

  const { channel } = requestContext(args);
  const i18n = await i18nOf(args);
  const gameOrNull = (id: number): Promise<EventDetail | null> =>
    channel.asViewer(api.event, { id }).then(
      (r) => r.data,
      (error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      },
    );
  const [games, geo, bootstrap] = await Promise.all([Promise.all(pick.ids.map(gameOrNull)), channel.region(), channel.bootstrap()]);
  const { tiles, notes } = multiviewTiles(
    pick,
    games.map((g) => g && { id: g.id, title: gameName(g), live: g.stream_status === 'live', event: g }),
  );

  // Each playing tile's grant: the watch page's cookie, one per game (scoped to its media path).
  const headers = new Headers();
  const data: MultiviewTileData[] = tiles.map(({ id, title, event }) => {
    const state = watchState(event, geo);
    if (state.kind === 'play') {
      const cookie = mediaGrantCookie(event.media_grant);
      if (cookie) headers.append('Set-Cookie', cookie);
    }
    const target = { id, type: event.type, categoryIds: event.event_categories.map((c) => c.id), participantIds: event.participants.map((p) => p.id) };
    return {
      id,
      title,
      // A tile plays from the live edge: no DVR controls (the watch page has them).
      state: state.kind === 'play' ? { ...state, dvr: null } : state,
      poster: event.image ?? null,
      timeZone: event.time_zone,
      offers: event.has_access ? [] : offersFor(target, bootstrap, bootstrap.settings.currency, i18n),
    };
  });
  // Nothing to show and only ids that name no game: the address is wrong.
  const status = data.length === 0 && notes.every((n) => n.kind === 'not-found') ? 400 : 200;
  return json({ picked: true, tiles: data, notes, serverNow: Date.now() }, { status, headers });
}

/** Enlarging a tile changes the address only: the games, and their players, stay as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && (!formMethod || formMethod === 'GET') && sameGames(currentUrl.searchParams, nextUrl.searchParams)
    ? false
    : defaultShouldRevalidate;

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Watch together', 'Up to four live games on one screen, one with the sound at a time.');

export default function Multiview() {
  const { picked, tiles, notes, serverNow } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page multiview">
      <h1>{t('multiview.title')}</h1>
      {!picked ? (
        <div className="multiview__intro">
          <p>{t('multiview.intro')}</p>
          <p>
            <Link to="/live" className="button">
              {t('multiview.seeLive')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {notes.length > 0 ? <PickNotes notes={notes} /> : null}
          {tiles.length > 0 ? (
            <MultiviewGrid tiles={tiles} serverNow={serverNow} />
          ) : (
            <p className="multiview__none">
              {t('multiview.noneLive')} <Link to="/live">{t('multiview.pickLive')}</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** What was left out of the address, and why: above the games that play. */
function PickNotes({ notes }: { notes: PickNote[] }) {
  const { t } = useI18n();
  return (
    <div className="notice multiview__notes">
      <ul>
        {notes.map((note, i) => (
          <li key={i}>
            {note.kind === 'not-live' ? (
              <>
                <Link to={note.href}>{note.title}</Link> {t('multiview.notLive')}
              </>
            ) : (
              pickNoteText(note, t)
            )}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/live">{t('multiview.pickFour')}</Link> {t('multiview.onLive')}
      </p>
    </div>
  );
}
