import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { eventCategoriesOf, packagesOf, participantGroupsOf, participantsOf, subscriptionsOf } from '../repo/catalogue.ts';
import { faqOf, locationsOf, menuOf, pagesOf, settingsOf, slidesOf, staticBlocksOf } from '../repo/content.ts';

/** Calls that need no api key (spec section 7, public). */
export function publicRoutes(router: Router, deps: Deps) {
  const { db } = deps;
  mount(router, deps, api.settings, async ({ channel }) => ({ data: settingsOf(channel) }));
  mount(router, deps, api.menu, async ({ channel }) => ({ data: await menuOf(db, channel.id) }));
  mount(router, deps, api.slides, async ({ channel, params }) => ({ data: await slidesOf(db, channel.id, params.type) }));
  mount(router, deps, api.pages, async ({ channel }) => ({ data: await pagesOf(db, channel.id) }));
  mount(router, deps, api.colorSettings, async ({ channel }) => ({ data: channel.colorSettings }));
  mount(router, deps, api.faq, async ({ channel }) => ({ data: await faqOf(db, channel.id) }));
  mount(router, deps, api.eventsLocations, async ({ channel }) => ({ data: await locationsOf(db, channel.id) }));
  mount(router, deps, api.subscriptions, async ({ channel }) => ({ data: await subscriptionsOf(db, channel.id) }));
  mount(router, deps, api.packages, async ({ channel }) => ({ data: await packagesOf(db, channel.id) }));
  mount(router, deps, api.participants, async ({ channel, params }) => ({
    data: await participantsOf(db, channel.id, { noLimit: params.no_limit === 1, groupId: params.participant_group_id }),
  }));
  mount(router, deps, api.participantGroups, async ({ channel }) => ({ data: await participantGroupsOf(db, channel.id) }));

  // Everything a page needs to render the channel's frame, in one call.
  mount(router, deps, api.channelBootstrapData, async ({ channel }) => {
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
      data: {
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
      },
    };
  });
}
