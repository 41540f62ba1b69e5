import { Link } from '@remix-run/react';
import { useRef } from 'react';
import { formatEventDate } from '#contract/dates';
import { Countdown } from '~/components/Countdown';
import { SignInLink } from '~/components/layout/SignInLink';
import { Player } from '~/components/Player';
import { PrerollPanel } from '~/components/player/PrerollPanel';
import { isoFromEpoch } from '~/domain/dates';
import type { Offer } from '~/domain/offers';
import { GEO_BLOCKED_MESSAGE } from '~/domain/watch-messages';
import type { WatchState } from '~/domain/watch-state';
import { useI18n } from '~/i18n/use-i18n';

interface PlaybackProps {
  /** Identifies the event or item, so navigating to another one remounts the player. */
  mediaId: string;
  state: WatchState;
  title: string;
  poster?: string | null;
  timeZone?: string;
  serverNow: number;
  /** In an embed, links leave the frame. */
  linkTarget?: '_top';
  /** The ways to get it when the viewer may not watch it (domain/offers). */
  offers?: Offer[];
  /** A pre-roll's Skip: the page it comes back to, and the wait after a Skip too soon. */
  prerollPage?: { path: string; wait: number | null };
}

/** The area where the video plays, or what stands in its place and why. */
export function Playback({ mediaId, state, title, poster, timeZone, serverNow, linkTarget, offers = [], prerollPage }: PlaybackProps) {
  const resumeAt = useRef(0);
  const { t, locale, sentence } = useI18n();
  switch (state.kind) {
    case 'play':
      return (
        <>
          <Player
            key={mediaId}
            title={title}
            src={state.src}
            mp4Src={state.mp4Src}
            poster={poster}
            captions={state.captions}
            live={state.live}
            dvr={state.dvr}
            switchFrom={() => resumeAt.current}
          />
          {state.preroll && prerollPage ? (
            <PrerollPanel
              key={state.preroll.id}
              preroll={state.preroll}
              pagePath={prerollPage.path}
              wait={prerollPage.wait}
              shownAt={serverNow}
              live={state.live}
              resumeAt={resumeAt}
            />
          ) : null}
        </>
      );
    case 'geo-blocked':
      return (
        <div className="playback-notice">
          <p>{sentence(GEO_BLOCKED_MESSAGE)}</p>
        </div>
      );
    case 'no-access':
      return state.need === 'account' ? <SignInToWatch linkTarget={linkTarget} /> : <NoAccess need={state.need} linkTarget={linkTarget} offers={offers} />;
    case 'unavailable':
      return (
        <div className="playback-notice">
          <p>{t('watch.unavailable')}</p>
        </div>
      );
    case 'preparing':
      return (
        <div className="playback-notice">
          <p>{t('watch.preparing')}</p>
          <p>
            {/* An empty href is this page (or frame) again, query included: a reload with or without JavaScript. */}
            <a href="" className="button">
              {t('watch.tryAgain')}
            </a>
          </p>
        </div>
      );
    case 'upcoming':
      return (
        <div className="playback-notice playback-upcoming">
          <p className="playback-starts">
            {t('watch.starts')} <time dateTime={isoFromEpoch(state.startsAt)}>{formatEventDate(state.startsAt, timeZone, locale)}</time>
          </p>
          <Countdown startsAt={state.startsAt} serverNow={serverNow} />
          {state.hasAccess ? null : state.need === 'account' ? (
            <SignInToWatch linkTarget={linkTarget} inline />
          ) : (
            <NoAccess need={state.need} linkTarget={linkTarget} offers={offers} inline />
          )}
        </div>
      );
  }
}

/** A 'register' event or video: an account is all it takes. The links bring the fan back here. */
function SignInToWatch({ linkTarget, inline = false }: { linkTarget?: '_top'; inline?: boolean }) {
  const { t } = useI18n();
  const body = (
    <>
      <p>{t('watch.signIn')}</p>
      <ul className="offers" aria-label={t('watch.ways')}>
        <li>
          <SignInLink to="/login" className="button offer" target={linkTarget}>
            {t('layout.logIn')}
          </SignInLink>
        </li>
        <li>
          <SignInLink to="/registration" className="button button--secondary offer" target={linkTarget}>
            {t('layout.register')}
          </SignInLink>
        </li>
      </ul>
    </>
  );
  return inline ? body : <div className="playback-notice">{body}</div>;
}

function NoAccess({ need, linkTarget, offers, inline = false }: { need: 'pass' | 'ticket'; linkTarget?: '_top'; offers: Offer[]; inline?: boolean }) {
  const { t } = useI18n();
  const body = (
    <>
      <p>{need === 'ticket' ? t('watch.payPerView') : t('watch.noAccess')}</p>
      {offers.length > 0 ? (
        <ul className="offers" aria-label={t('watch.ways')}>
          {offers.map((o) => (
            <li key={o.href}>
              <Link className={o.kind === 'event' ? 'button offer' : 'button button--secondary offer'} to={o.href} target={linkTarget}>
                {o.title} <span className="offer__price">{o.price}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link className={offers.length > 0 ? undefined : 'button'} to="/packages" target={linkTarget}>
          {offers.length > 0 ? t('watch.allPackages') : t('watch.packages')}
        </Link>
      </p>
    </>
  );
  return inline ? body : <div className="playback-notice">{body}</div>;
}
