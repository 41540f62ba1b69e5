import * as content from './content.ts';
import * as publicCalls from './public.ts';
import type { Endpoint } from './http.ts';

export * from './http.ts';
export * from './entities.ts';
export { bootstrapData, type BootstrapData } from './public.ts';
export { eventsQuery, type EventsQuery } from './content.ts';

/** Every call of the channel API, by name. The web client and the channel API both read this. */
export const api = {
  channelConfig: publicCalls.channelConfig,
  getApiKey: publicCalls.getApiKey,
  settings: publicCalls.settings,
  menu: publicCalls.menu,
  slides: publicCalls.slides,
  pages: publicCalls.pages,
  colorSettings: publicCalls.colorSettings,
  faq: publicCalls.faq,
  eventsLocations: publicCalls.eventsLocations,
  subscriptions: publicCalls.subscriptions,
  packages: publicCalls.packages,
  participants: publicCalls.participants,
  participantGroups: publicCalls.participantGroups,
  channelBootstrapData: publicCalls.channelBootstrapData,
  page: content.page,
  events: content.events,
  event: content.event,
  eventsCategories: content.eventsCategories,
  eventsForHomepage: content.eventsForHomepage,
  participantGroupProperties: content.participantGroupProperties,
  geo: content.geo,
  vodMediaItems: content.vodMediaItems,
  vodMediaItem: content.vodMediaItem,
  vodMediaCategories: content.vodMediaCategories,
  vodMediaSearch: content.vodMediaSearch,
  vodMediaRails: content.vodMediaRails,
} satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
