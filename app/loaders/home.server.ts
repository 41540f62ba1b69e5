/* The home page's loader. It lives in a .server module (re-exported by routes/_index) so the
 * browser bundle carries none of its imports: the compiler leaves a stub module for every
 * .server import a route file keeps, and a route file that re-exports its loader keeps only one.
 * Everything the page shows is worked out here, so the dates, Intl formatting, titles and links
 * of the cards stay on the server and the page's data is only what it renders. */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { loadBootstrapOrWhoops } from '~/channel/bootstrap.server';
import { eventCardData } from '~/domain/event-card';
import { documentTitle } from '~/domain/page-text';
import { slideViews } from '~/domain/slide-link';
import { vodRailsData } from '~/domain/vod-card';
import { requestContext } from '~/http/request-context.server';

/** Cards per home section; the rest are one 'all …' link away on the filtered schedule. */
export const HOME_SECTION_LIMIT = 8;

export async function loader(args: LoaderFunctionArgs) {
  const boot = await loadBootstrapOrWhoops();
  const { channel } = requestContext(args);
  const [{ data: events }, { data: rails }] = await Promise.all([channel.shared(api.eventsForHomepage), channel.shared(api.vodMediaRails)]);
  const section = (list: typeof events.live) => ({
    cards: list.slice(0, HOME_SECTION_LIMIT).map(eventCardData),
    more: list.length > HOME_SECTION_LIMIT,
  });
  return json({
    title: documentTitle('Home', boot.settings.name),
    channelName: boot.settings.name,
    slides: slideViews(boot.slides, boot.pages),
    live: section(events.live),
    upcoming: section(events.upcoming),
    finished: section(events.finished),
    rails: vodRailsData(rails),
  });
}
