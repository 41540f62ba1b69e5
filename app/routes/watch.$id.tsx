import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { channelZone } from '#contract/dates';
import { isDvrStart, type DvrStart } from '#contract/live-dvr';
import { stillDismissed } from '#contract/preroll-rules';
import type { PrerollPlay } from '#contract/prerolls';
import { inlinePoster } from '~/channel/poster.server';
import { ClipPanel } from '~/components/clips/ClipPanel';
import { WatchView } from '~/components/WatchView';
import { featureOffersOf } from '~/domain/feature-offers';
import { offersFor } from '~/domain/offers';
import { pageMeta } from '~/domain/page-meta';
import { watchState } from '~/domain/watch-state';
import { watchViewData } from '~/domain/watch-view';
import { mediaGrantHeaders } from '~/http/media-grant.server';
import { idParamOr404 } from '~/http/not-found.server';
import { hasPrerollCookie } from '~/http/preroll-cookie';
import { readDismissals } from '~/http/preroll-cookie.server';
import { publicUrl } from '~/http/public-url.server';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { followsOf } from '~/loaders/follows.server';

export { clipAction as action } from '~/loaders/clip.server';

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const id = idParamOr404(params.id);
  const { channel } = requestContext(args);
  // The participants list (shared, cached) gives the teams' pages their addresses.
  const [event, geo, bootstrap, participants, follows] = await Promise.all([
    channel.asViewer(api.event, { id }).then((r) => r.data),
    channel.region(),
    channel.bootstrap(),
    channel.shared(api.participants, { no_limit: 1 }).then((r) => r.data),
    followsOf(args),
  ]);
  const location = bootstrap['events-locations'].find((l) => l.id === event.location_id) ?? null;
  const preroll = await prerollOf(args, event.preroll);
  // The ways to get it, from the catalogue every visitor shares: the page stays shareable.
  const target = { id: event.id, type: event.type, categoryIds: event.event_categories.map((c) => c.id), participantIds: event.participants.map((p) => p.id) };
  const [i18n, poster] = await Promise.all([i18nOf(args), inlinePoster(event.image ?? null)]);
  const offers = event.has_access ? [] : offersFor(target, bootstrap, bootstrap.settings.currency, i18n);
  const featureOffers = featureOffersOf(target, event.features, bootstrap, bootstrap.settings.currency, i18n);
  // A fan's page depends on their pass (private); an anonymous visitor's on their region only.
  // Paid media comes with the fan's grant to it, a cookie the page itself never holds.
  return json(
    {
      ...watchViewData(event, {
        location,
        participants,
        state: watchState(event, geo, { start: startOf(request), pagePath: `/watch/${event.id}` }, preroll),
        serverNow: Date.now(),
        embedUrl: publicUrl(`/watch_embed/${event.id}`),
        offers,
        featureOffers,
        timeZone: channelZone(bootstrap.settings),
        i18n,
      }),
      // The player's poster, in the page itself where it is the channel's own small SVG.
      poster,
      follows,
      // The Skip form's way back, and (after a Skip too soon, without JavaScript) how long to wait.
      prerollPage: { path: pathWithQuery(request), wait: waitOf(request) },
      // The Clip form under the player, or why there is none (issue 25).
      clip: {
        feature: event.features.clip,
        status: event.stream_status,
        offers: featureOffers.clip,
        tags: bootstrap.settings.clip_tags,
        live: event.stream_status === 'live',
      },
    },
    { headers: mediaGrantHeaders(event.media_grant) },
  );
}

/** The pre-roll the channel has for this viewer, unless the visitor skipped or finished it within
 *  the hour (their cookie: then the page is theirs alone, never a shared copy). A fan's dismissals
 *  the channel already applied. */
async function prerollOf(args: LoaderFunctionArgs, preroll: PrerollPlay | null): Promise<PrerollPlay | null> {
  if (!preroll || !hasPrerollCookie(args.request.headers.get('Cookie'))) return preroll;
  if (await requestContext(args).session.user()) return preroll;
  const dismissed = stillDismissed((await readDismissals(args.request))[preroll.id], Math.floor(Date.now() / 1000));
  if (dismissed) args.context.perViewer = true;
  return dismissed ? null : preroll;
}

/** The page's own path and query: where the Skip form comes back to. */
function pathWithQuery(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('skip_wait');
  return url.pathname + url.search;
}

/** `?skip_wait=<seconds>`: the Skip was used too soon (no JavaScript); 1 to 600, else none. */
function waitOf(request: Request): number | null {
  const wait = new URL(request.url).searchParams.get('skip_wait');
  return wait && /^[1-9]\d{0,2}$/.test(wait) && Number(wait) <= 600 ? Number(wait) : null;
}

/** Where the page starts a live game's stream (`?start=`): anything else is the live edge. */
function startOf(request: Request): DvrStart {
  const start = new URL(request.url).searchParams.get('start');
  return isDvrStart(start) ? start : 'live';
}

/** The page's title and description; and the player's poster, the page's largest picture (its
 *  LCP), asked for first when the page does not carry it: a <video>'s poster is otherwise fetched
 *  late and at low priority. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title ?? 'Watch', data?.about[0] || `Watch ${data?.title ?? 'this game'}.`),
  ...(data?.state.kind === 'play' && data.poster && !data.poster.startsWith('data:')
    ? [{ tagName: 'link', rel: 'preload', as: 'image', href: data.poster, fetchPriority: 'high' }]
    : []),
];

export default function WatchRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <WatchView data={data} follows={data.follows} prerollPage={data.prerollPage}>
      <ClipPanel data={data.clip} />
    </WatchView>
  );
}
