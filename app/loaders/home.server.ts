/* The home page's loader. It lives in a .server module (re-exported by routes/_index) so the
 * browser bundle carries none of its imports: the compiler leaves a stub module for every
 * .server import a route file keeps, and a route file that re-exports its loader keeps only one.
 * Everything the page shows is worked out here, so the dates, Intl formatting, titles and links
 * of the cards stay on the server and the page's data is only what it renders. */
import type { LoaderFunctionArgs, TypedResponse } from '@remix-run/node';
import { api, type BootstrapData, type Event, type ResponseOf } from '#contract';
import { channelZone } from '#contract/dates';
import type { Locale } from '#contract/locale';
import { eventCardData } from '~/domain/event-card';
import { documentTitle } from '~/domain/page-meta';
import { slidesOn } from '~/domain/page-slides';
import { slideViews } from '~/domain/slide-link';
import { vodRailsData } from '~/domain/vod-card';
import { requestContext } from '~/http/request-context.server';
import type { AppTranslator } from '~/i18n/english';
import { i18nOf } from '~/i18n/locale.server';

/** Cards per home section; the rest are one 'All …' link away on their list (/live, /schedule, /vod). */
export const HOME_SECTION_LIMIT = 8;

type HomeEvents = ResponseOf<typeof api.eventsForHomepage>['data'];
type VodRails = ResponseOf<typeof api.vodMediaRails>['data'];

const section = (list: readonly Event[], timeZone: string, i18n: AppTranslator) => ({
  cards: list.slice(0, HOME_SECTION_LIMIT).map((e) => eventCardData(e, timeZone, i18n)),
});

function homeData(boot: BootstrapData, events: HomeEvents, rails: VodRails, i18n: AppTranslator) {
  const timeZone = channelZone(boot.settings);
  return {
    title: documentTitle(i18n.t('lists.home.title'), boot.settings.name),
    description: i18n.t('lists.home.description', { channel: boot.settings.name }),
    channelName: boot.settings.name,
    slides: slideViews(slidesOn(boot.slides, { type: 'main' }), boot.pages),
    live: section(events.live, timeZone, i18n),
    upcoming: section(events.upcoming, timeZone, i18n),
    finished: section(events.finished, timeZone, i18n),
    rails: vodRailsData(rails, timeZone, i18n.locale),
  };
}

/* The page's data depends on nothing but the bootstrap data and two shared channel answers: the
   same objects for every visitor until the caches fetch them again (then new ones), and nothing
   in it reads the clock (a card's status is the channel's). So it is worked out and serialised
   once per set of sources, not per request: Remix v2 (without single fetch) sends a loader's data
   through JSON anyway, and this page's is the largest part of its render after React.
   One kept per language (issue 36): a multilanguage channel's French page is its own. */
const kept = new Map<Locale, { boot: BootstrapData; events: HomeEvents; rails: VodRails; json: Uint8Array<ArrayBuffer> }>();
function homeJson(boot: BootstrapData, events: HomeEvents, rails: VodRails, i18n: AppTranslator): Uint8Array<ArrayBuffer> {
  let page = kept.get(i18n.locale);
  if (page?.boot !== boot || page.events !== events || page.rails !== rails) {
    page = { boot, events, rails, json: new TextEncoder().encode(JSON.stringify(homeData(boot, events, rails, i18n))) };
    kept.set(i18n.locale, page);
  }
  return page.json;
}

export async function loader(args: LoaderFunctionArgs): Promise<TypedResponse<ReturnType<typeof homeData>>> {
  const { channel } = requestContext(args);
  const boot = await channel.bootstrap();
  const [{ data: events }, { data: rails }, i18n] = await Promise.all([channel.shared(api.eventsForHomepage), channel.shared(api.vodMediaRails), i18nOf(args)]);
  // What json() would send (the body is copied into each Response).
  return new Response(homeJson(boot, events, rails, i18n), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
