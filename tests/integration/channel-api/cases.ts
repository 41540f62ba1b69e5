import type { EndpointName } from '#contract';

/* One happy request and some bad ones for every endpoint of the contract. The api key is added
 * by the runner (endpoints.test.ts) for apiKey endpoints; `path` overrides the contract path. */

export interface Req {
  path?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
}
export interface BadReq extends Req {
  status: number;
  /** The field that must be named in errors. */
  field?: string;
}
export interface Ids {
  channelKey: string;
  pageId: number;
  eventId: number;
  vodId: number;
}
export interface Case {
  happy: (ids: Ids) => Req;
  bad: (ids: Ids) => BadReq[];
}

const unknownParam: BadReq = { query: { bogus: '1' }, status: 400, field: 'bogus' };
const noParams: Case = { happy: () => ({}), bad: () => [unknownParam] };

export const cases: Record<EndpointName, Case> = {
  channelConfig: {
    happy: () => ({ path: '/channels/demo.json' }),
    bad: () => [
      { path: '/channels/Not_A_Slug.json', status: 400, field: 'slug' },
      { path: '/channels/no-such-channel.json', status: 404 },
    ],
  },
  getApiKey: {
    happy: (ids) => ({ body: { channel_key: ids.channelKey } }),
    bad: () => [
      { body: {}, status: 400, field: 'channel_key' },
      { body: { channel_key: 42 }, status: 400, field: 'channel_key' },
      { body: { channel_key: 'wrong-key' }, status: 403, field: 'channel_key' },
      { body: '[1,2]', status: 400 },
    ],
  },
  settings: noParams,
  menu: noParams,
  slides: {
    happy: () => ({ query: { type: 'main' } }),
    bad: () => [{ query: { type: 'bogus' }, status: 400, field: 'type' }],
  },
  pages: noParams,
  colorSettings: noParams,
  faq: noParams,
  eventsLocations: noParams,
  subscriptions: noParams,
  packages: noParams,
  participants: {
    happy: () => ({ query: { no_limit: '1' } }),
    bad: () => [
      { query: { no_limit: '5' }, status: 400, field: 'no_limit' },
      { query: { participant_group_id: 'north' }, status: 400, field: 'participant_group_id' },
    ],
  },
  participantGroups: noParams,
  channelBootstrapData: {
    happy: () => ({ query: { 'color-settings[client_interface]': 'web', 'slides[client_interface]': 'web' } }),
    bad: () => [
      { query: {}, status: 400, field: 'color-settings' },
      { query: { 'color-settings[client_interface]': 'tv', 'slides[client_interface]': 'web' }, status: 400, field: 'color-settings.client_interface' },
    ],
  },
  page: {
    happy: (ids) => ({ path: `/pages/${ids.pageId}` }),
    bad: () => [
      { path: '/pages/abc', status: 400, field: 'id' },
      { path: '/pages/999999', status: 404 },
    ],
  },
  events: {
    happy: () => ({ query: { stream_status: 'live,upcoming', limit: '5', sort_field: 'event_utc_ts', sort_direction: 'asc' } }),
    bad: () => [
      { query: { limit: '1000' }, status: 400, field: 'limit' },
      { query: { stream_status: 'soon' }, status: 400, field: 'stream_status' },
      { query: { start_date: '200', end_date: '100' }, status: 400, field: 'end_date' },
      { query: { sort_field: 'price' }, status: 400, field: 'sort_field' },
      { query: { offset: '-1' }, status: 400, field: 'offset' },
    ],
  },
  event: {
    happy: (ids) => ({ path: `/events/${ids.eventId}` }),
    bad: () => [
      { path: '/events/first', status: 400, field: 'id' },
      { path: '/events/999999', status: 404 },
    ],
  },
  eventsCategories: noParams,
  eventsForHomepage: noParams,
  participantGroupProperties: noParams,
  geo: noParams,
  vodMediaItems: {
    happy: () => ({ query: { limit: '5' } }),
    bad: () => [{ query: { category: 'x' }, status: 400, field: 'category' }],
  },
  vodMediaItem: {
    happy: (ids) => ({ path: `/vod-media-items/${ids.vodId}` }),
    bad: () => [
      { path: '/vod-media-items/0', status: 400, field: 'id' },
      { path: '/vod-media-items/999999', status: 404 },
    ],
  },
  vodMediaCategories: noParams,
  vodMediaSearch: {
    happy: () => ({ query: { title: 'final' } }),
    bad: () => [
      { query: { limit: '0' }, status: 400, field: 'limit' },
      { query: { sort_field: 'views' }, status: 400, field: 'sort_field' },
    ],
  },
  vodMediaRails: noParams,
};
