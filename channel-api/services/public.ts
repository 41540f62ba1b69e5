import type { Caller, Deps } from '../deps.ts';
import { eventCategoriesOf, packagesOf, participantGroupsOf, participantsOf, subscriptionsOf } from '../repo/catalogue.ts';
import { faqOf, locationsOf, menuOf, pagesOf, settingsOf, slidesOf, staticBlocksOf, type SlideFilter } from '../repo/content.ts';

/* What a channel shows everyone (spec section 7, public calls: no api key): its settings, menus,
 * slides, pages, FAQ, venues, products, schools and teams, and all of it at once for a page's frame. */

type Channel = Pick<Caller, 'channel'>;

export const settings = ({ channel }: Channel) => settingsOf(channel);
export const menu = (deps: Deps, { channel }: Channel) => menuOf(deps.db, channel.id);
export const slides = (deps: Deps, { channel }: Channel, only: SlideFilter = {}) => slidesOf(deps.db, channel.id, only);
export const pages = (deps: Deps, { channel }: Channel) => pagesOf(deps.db, channel.id);
export const faq = (deps: Deps, { channel }: Channel) => faqOf(deps.db, channel.id);
export const venues = (deps: Deps, { channel }: Channel) => locationsOf(deps.db, channel.id);
export const subscriptions = (deps: Deps, { channel }: Channel) => subscriptionsOf(deps.db, channel.id);
export const packages = (deps: Deps, { channel }: Channel) => packagesOf(deps.db, channel.id);
export const participants = (deps: Deps, { channel }: Channel, opts: { noLimit: boolean; groupId?: number }) => participantsOf(deps.db, channel.id, opts);
export const participantGroups = (deps: Deps, { channel }: Channel) => participantGroupsOf(deps.db, channel.id);

/** Everything a page needs to render the channel's frame, in one call. */
export async function bootstrap(deps: Deps, { channel }: Channel) {
  const { db } = deps;
  const id = channel.id;
  const [menu, slides, pages, faq, categories, locations, packages, subscriptions, groups, blocks] = await Promise.all([
    menuOf(db, id),
    slidesOf(db, id),
    pagesOf(db, id),
    faqOf(db, id),
    eventCategoriesOf(db, id),
    locationsOf(db, id),
    packagesOf(db, id),
    subscriptionsOf(db, id),
    participantGroupsOf(db, id),
    staticBlocksOf(db, id),
  ]);
  return {
    settings: settingsOf(channel),
    menu,
    slides,
    pages,
    'color-settings': channel.colorSettings,
    faq,
    'events-categories': categories,
    'events-locations': locations,
    packages,
    subscriptions,
    'participant-groups': groups,
    'participant-group-properties': channel.groupProperties,
    static_blocks: blocks,
  };
}
