import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { api } from '#contract';
import { gameName } from '#contract/game-name';
import { regionBlocks } from '#contract/regions';
import { ClipView } from '~/components/clips/ClipView';
import { CopyField } from '~/components/CopyField';
import { EventTiles } from '~/components/EventTiles';
import { SignInLink } from '~/components/layout/SignInLink';
import { clipViewData } from '~/domain/clip-view';
import { eventCardData } from '~/domain/event-card';
import { followPath } from '~/domain/follow-pages';
import { pageMeta } from '~/domain/page-meta';
import { shareLinks } from '~/domain/share-links';
import { shareMeta } from '~/domain/share-meta';
import { GEO_BLOCKED_MESSAGE } from '~/domain/watch-messages';
import { idParamOr404, notFound } from '~/http/not-found.server';
import { publicUrl } from '~/http/public-url.server';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import clipsCss from '~/styles/clips.css';
import copyFieldCss from '~/styles/copy-field.css';
import formsCss from '~/styles/forms.css';

/* /share/{id}/{uuid}: a fan's clip for anyone with its link, even of a paid game (the clip is the
   fan's to share; the game stays locked). Public: the same for every visitor, no cookie, cacheable
   like the other anonymous pages (ADR 012); a wrong uuid is the not-found page. Under the clip, a
   visitor's next steps (issue 34): the full game, more games of its sport (a fan's clips are theirs:
   the channel lists none publicly), Log in or Register, and share links as plain links. */

/** How many more games the page offers. */
const MORE_GAMES = 4;

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: copyFieldCss },
  { rel: 'stylesheet', href: clipsCss },
];

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  const uuid = z.string().uuid().safeParse(args.params.uuid);
  if (!uuid.success) throw notFound();
  const { channel } = requestContext(args);
  const { data: clip } = await channel.shared(api.sharedClip, { id, uuid: uuid.data });
  const { data: game } = await channel.shared(api.event, { id: clip.event_id });
  // In a region the game is not shown in (ADR 054), the clip is not either: the spec's words instead.
  // Only a game with a blackout makes the page depend on the viewer's region; any other clip's page
  // stays one page for everyone, shared by a CDN (its files are refused at the origin where blocked).
  const blocked = game.blackout_countries.length > 0 && regionBlocks(await channel.region(), game.blackout_countries);
  const sport = game.event_categories[0] ?? null;
  // The sport's games that can be watched now or on demand, newest first; the channel's when the game has no sport.
  const { data: others } = await channel.shared(api.events, {
    stream_status: 'live,finished',
    sort_field: 'event_utc_ts',
    sort_direction: 'desc',
    limit: MORE_GAMES + 1,
    ...(game.event_category_id ? { category: game.event_category_id } : {}),
  });
  const timeZone = await channel.timeZone();
  const i18n = await i18nOf(args);
  const { t } = i18n;
  // Absolute addresses on PUBLIC_URL, never the request's Host: this page is shared by caches.
  const absolute = publicUrl;
  const pageUrl = absolute(`/share/${id}/${uuid.data}`);
  return json({
    clip: blocked ? { ...clipViewData(clip), media: null, statusText: GEO_BLOCKED_MESSAGE } : clipViewData(clip),
    pageUrl,
    game: { id: game.id, title: gameName(game) },
    more: {
      title: sport ? t('clips.share.moreOf', { sport: sport.name }) : t('clips.share.more'),
      href: sport ? followPath('sport', sport.alias) : '/vod',
      linkText: sport ? t('clips.share.allOf', { sport: sport.name }) : t('clips.share.allOnDemand'),
      cards: others
        .filter((e) => e.id !== game.id)
        .slice(0, MORE_GAMES)
        .map((e) => eventCardData(e, timeZone, i18n)),
    },
    share: shareLinks(pageUrl, clip.name),
    preview: {
      title: clip.name,
      description: t('clips.share.description', { game: clip.event_name }),
      url: pageUrl,
      media:
        !blocked && clip.status === 'processed' && clip.media
          ? { image: absolute(clip.media.preview), video: absolute(clip.media.video), width: clip.media.width, height: clip.media.height }
          : null,
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [...pageMeta(matches, data.preview.title, data.preview.description), ...shareMeta(data.preview)] : pageMeta(matches, 'Clip', 'A shared clip.');

export default function SharedClipRoute() {
  const { clip, pageUrl, game, more, share } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <ClipView clip={clip}>
      <section className="clip-next" aria-labelledby="clip-game-title">
        <h2 id="clip-game-title">{t('clips.share.fullGame')}</h2>
        <p>
          <Link className="button" to={`/watch/${game.id}`}>
            {t('clips.share.watchFull')}
            <span className="sr-only">: {game.title}</span>
          </Link>
        </p>
        <p>
          <SignInLink to="/login">{t('account.logIn')}</SignInLink> {t('clips.share.or')}{' '}
          <SignInLink to="/registration">{t('clips.share.register')}</SignInLink> {t('clips.share.why')}
        </p>
      </section>
      <section className="clip-share" aria-labelledby="clip-share-title">
        <h2 id="clip-share-title">{t('clips.share.title')}</h2>
        <CopyField id="clip-share" label={t('clips.share.link')} value={pageUrl} />
        <ul className="share-links">
          <li>
            <a href={share.email}>{t('clips.share.email')}</a>
          </li>
          <li>
            <a href={share.x} rel="noopener noreferrer" target="_blank">
              X<span className="sr-only"> {t('clips.share.xNote')}</span>
            </a>
          </li>
          <li>
            <a href={share.facebook} rel="noopener noreferrer" target="_blank">
              Facebook<span className="sr-only"> {t('clips.share.fbNote')}</span>
            </a>
          </li>
        </ul>
      </section>
      {more.cards.length > 0 ? (
        <section className="clip-more" aria-labelledby="clip-more-title">
          <h2 id="clip-more-title">{more.title}</h2>
          <EventTiles cards={more.cards} headingLevel={3} empty={null} />
          <p>
            <Link to={more.href}>{more.linkText}</Link>
          </p>
        </section>
      ) : null}
    </ClipView>
  );
}
