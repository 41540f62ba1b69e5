import { randomUUID } from 'node:crypto';
import type { EndpointName } from '#contract';
import { PASSWORD, registration } from '../../support/registration.ts';

/* One happy request and some bad ones for every endpoint of the contract. The api key is added
 * by the runner (endpoints.test.ts) for apiKey endpoints: a visitor's, unless the request names
 * a signed-in user's `key`; `path` overrides the contract path. */

export interface Req {
  /** An api key other than the runner's visitor key (a signed-in user's). */
  key?: string;
  path?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
}
export interface BadReq extends Req {
  status: number;
  /** The field that must be named in errors. */
  field?: string;
  /** The refusal's code (contract/refusals.ts), where the status alone does not say it. */
  code?: string;
}
export interface Ids {
  channelKey: string;
  pageId: number;
  eventId: number;
  vodId: number;
  /** What is for sale: a paid event with its single-event package, a season pass with one of its
   *  categories, a subscription. */
  shop: { eventId: number; ticketId: number; packageId: number; categoryId: number; subscriptionId: number };
  /** A signed-in fan shared by the read-only cases. */
  user: { key: string; email: string };
  /** Another fan with a saved card (4242): its id is not `user`'s. */
  card: { key: string; id: string };
  /** Makes what a single-use case consumes (mailed links, codes, sessions). */
  fresh: {
    signUp(): Promise<{ key: string; email: string }>;
    verifyToken(): Promise<string>;
    sessionCode(): Promise<string>;
    resetToken(email: string): Promise<string>;
    deleteToken(): Promise<string>;
    idToken(email: string): Promise<string>;
    /** A new order of the fan with this key (a started purchase of the shop's event). */
    order(key: string): Promise<number>;
    /** A new fan with a saved card (4242): their key and the card's id. */
    savedCard(): Promise<{ key: string; id: string }>;
    /** A new fan with a paid, renewing subscription: their key and its order. */
    subscriber(): Promise<{ key: string; orderId: number }>;
    /** A new fan who follows one game: their key and the follow's id. */
    follow(): Promise<{ key: string; id: number }>;
    /** A new fan who follows one game and has a calendar feed: their key and the feed's token. */
    calendarFeed(): Promise<{ key: string; token: string }>;
    /** The unsubscribe token of a new fan's reminder alert on one followed game. */
    alertToken(): Promise<string>;
    /** A new paid gift of the season pass (from a new buyer to a new address): its mailed token. */
    gift(): Promise<string>;
    /** The same, as its buyer sees it: the buyer's key and their order of it. */
    giftOrder(): Promise<{ key: string; orderId: number }>;
    /** A new queued clip of `clip`'s fan: its id. */
    queuedClip(): Promise<number>;
  };
  /** A subscriber's processed clip of a free finished game (its job done). */
  clip: { key: string; id: number; uuid: string; eventId: number };
  /** A subscriber who has as many clips in progress as a fan may (ADR 057): the next is refused. */
  busyClipper: { key: string };
  /** A gift already redeemed (by a third fan), with its buyer's key and order. */
  redeemedGift: { token: string; buyerKey: string; orderId: number };
  /** The channel's pre-roll (before every game, with a link). */
  prerollId: number;
  /** An operator of the channel (who reads the report). */
  operator: { key: string; email: string };
}
export interface Case {
  happy: (ids: Ids) => Req | Promise<Req>;
  bad: (ids: Ids) => BadReq[];
}

const unknownParam: BadReq = { query: { bogus: '1' }, status: 400, field: 'bogus' };
const noParams: Case = { happy: () => ({}), bad: () => [unknownParam] };

/* The datalake (spec section 7, ADR 049): every call with the api key; a visitor's address and
   agent may be named (the web server's batches), else they are the caller's. */
const visitor = { ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (fuzz)' };
const videoEvent = (ids: Ids) => ({ name: 'play', stream_id: '/media/vod/game-1/master.m3u8', event_id: String(ids.eventId), position: '12', ...visitor });
const viewing = (ids: Ids) => ({ stream_id: 'live/live-1', event_id: String(ids.eventId), seconds: '30', source: 'player', ...visitor });
const datalakeCases: Record<Extract<EndpointName, `datalake${string}`>, Case> = {
  datalakeHash: {
    happy: () => ({ query: visitor }),
    bad: () => [{ query: { ip: 'not an address' }, status: 400, field: 'ip' }, unknownParam],
  },
  datalakeSession: {
    happy: () => ({ body: { trk: 'spring-mail', device_type: 'desktop', resolution: '1280x720', ...visitor } }),
    bad: () => [
      { body: { trk: 'no spaces please' }, status: 400, field: 'trk' },
      { body: { resolution: 'huge' }, status: 400, field: 'resolution' },
      { body: { device_type: 'fridge' }, status: 400, field: 'device_type' },
    ],
  },
  datalakeSessionGet: {
    happy: () => ({ query: { trk: 'spring-mail', ...visitor } }),
    bad: () => [{ query: { trk: 'x'.repeat(101) }, status: 400, field: 'trk' }, unknownParam],
  },
  datalakeEvent: {
    happy: (ids) => ({ body: { name: 'page_view', path: `/watch/${ids.eventId}?trk=spring`, trk: 'spring', ...visitor } }),
    bad: () => [
      { body: {}, status: 400, field: 'name' },
      { body: { name: 'Page View' }, status: 400, field: 'name' },
      { body: { name: 'page_view', path: 'watch/1' }, status: 400, field: 'path' },
      { body: { name: 'preroll_skip', props: { 'Bad Key': 'x' } }, status: 400, field: 'props' },
      { body: { name: 'page_view', event_id: 0 }, status: 400, field: 'event_id' },
    ],
  },
  datalakeEventGet: {
    happy: () => ({ query: { name: 'preroll_impression', path: '/watch/1', ...visitor } }),
    bad: () => [
      { query: { name: '' }, status: 400, field: 'name' },
      { query: { name: 'page_view', bogus: '1' }, status: 400, field: 'bogus' },
    ],
  },
  datalakeEvents: {
    happy: (ids) => ({
      body: {
        events: [
          { name: 'page_view', path: '/', ...visitor },
          { name: 'page_view', path: `/watch/${ids.eventId}`, ...visitor },
        ],
      },
    }),
    bad: () => [
      { body: { events: [] }, status: 400, field: 'events' },
      { body: { events: 'page_view' }, status: 400, field: 'events' },
      { body: { events: Array.from({ length: 101 }, () => ({ name: 'page_view' })) }, status: 400, field: 'events' },
      { body: { events: [{ name: 'page_view', ip: 'nope' }] }, status: 400, field: 'events.0.ip' },
    ],
  },
  datalakeVideoEvent: {
    happy: (ids) => ({ body: videoEvent(ids) }),
    bad: (ids) => [
      { body: { ...videoEvent(ids), name: 'rewind' }, status: 400, field: 'name' },
      { body: { ...videoEvent(ids), stream_id: '/media/images/x.png' }, status: 400, field: 'stream_id' },
      { body: { ...videoEvent(ids), position: -1 }, status: 400, field: 'position' },
    ],
  },
  datalakeVideoEventGet: {
    happy: (ids) => ({ query: videoEvent(ids) }),
    bad: (ids) => [{ query: { ...videoEvent(ids), stream_id: '../../etc' }, status: 400, field: 'stream_id' }, unknownParam],
  },
  datalakeViewing: {
    happy: (ids) => ({ body: viewing(ids) }),
    bad: (ids) => [
      { body: { ...viewing(ids), seconds: 601 }, status: 400, field: 'seconds' },
      { body: { ...viewing(ids), seconds: 1.5 }, status: 400, field: 'seconds' },
      { body: { ...viewing(ids), source: 'guess' }, status: 400, field: 'source' },
    ],
  },
  datalakeViewingGet: {
    happy: (ids) => ({ query: viewing(ids) }),
    bad: (ids) => [{ query: { ...viewing(ids), seconds: 'lots' }, status: 400, field: 'seconds' }],
  },
  datalakeViewings: {
    happy: (ids) => ({ body: { views: [viewing(ids), { ...viewing(ids), source: 'segments', seconds: 4 }] } }),
    bad: (ids) => [
      { body: { views: [] }, status: 400, field: 'views' },
      { body: { views: [{ ...viewing(ids), stream_id: 'nope' }] }, status: 400, field: 'stream_id' },
    ],
  },
};

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
    happy: () => ({ query: { type: 'participant', belongs_to_id: '1' } }),
    bad: () => [
      { query: { type: 'bogus' }, status: 400, field: 'type' },
      { query: { belongs_to_id: 'north' }, status: 400, field: 'belongs_to_id' },
    ],
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
  // The demo's form (channel-api/seed/demo/forms.ts): a required select, a date, a checkbox.
  customForm: {
    happy: (ids) => ({ key: ids.user.key, path: '/custom-forms/passes' }),
    bad: () => [
      { path: '/custom-forms/nope', status: 404 },
      { path: '/custom-forms/passes', query: { bogus: '1' }, status: 400, field: 'bogus' },
    ],
  },
  answerCustomForm: {
    happy: (ids) => ({ key: ids.user.key, path: '/custom-forms/passes', body: { fields: [{ name: 'school', value: 'Lakeview Lions' }] } }),
    bad: (ids) => [
      { path: '/custom-forms/passes', body: { fields: [{ name: 'school', value: 'Lakeview Lions' }] }, status: 401 },
      { key: ids.user.key, path: '/custom-forms/passes', body: { fields: [] }, status: 400, field: 'school' },
      { key: ids.user.key, path: '/custom-forms/passes', body: { fields: [{ name: 'school', value: 'Nowhere High' }] }, status: 400, field: 'school' },
      {
        key: ids.user.key,
        path: '/custom-forms/passes',
        body: {
          fields: [
            { name: 'school', value: 'Lakeview Lions' },
            { name: 'first_game', value: '2026-02-30' },
          ],
        },
        status: 400,
        field: 'first_game',
      },
      {
        key: ids.user.key,
        path: '/custom-forms/passes',
        body: {
          fields: [
            { name: 'school', value: 'Lakeview Lions' },
            { name: 'bogus', value: 'x' },
          ],
        },
        status: 400,
        field: 'bogus',
      },
      { key: ids.user.key, path: '/custom-forms/passes', body: { fields: 'school' }, status: 400, field: 'fields' },
      { key: ids.user.key, path: '/custom-forms/nope', body: { fields: [] }, status: 404 },
    ],
  },
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
  login: {
    happy: (ids) => ({ body: { email: ids.user.email, password: PASSWORD } }),
    bad: () => [
      { body: { email: 'nobody', password: 'x' }, status: 400, field: 'email' },
      { body: { email: 'a@b.co' }, status: 400, field: 'password' },
      { body: { email: 'nobody@example.test', password: 'wrong password' }, status: 422 },
    ],
  },
  logout: {
    happy: async (ids) => ({ key: (await ids.fresh.signUp()).key }),
    bad: () => [{ status: 401 }, { body: { bogus: 1 }, status: 400, field: 'bogus' }],
  },
  register: {
    happy: () => ({ body: registration(`endpoint-${randomUUID()}@example.test`) }),
    bad: (ids) => [
      { body: { ...registration('x@example.test'), terms: false }, status: 400, field: 'terms' },
      { body: { ...registration('x@example.test'), password_confirmation: 'other' }, status: 400, field: 'password_confirmation' },
      { body: registration(ids.user.email), status: 422, field: 'email' },
    ],
  },
  social: {
    happy: async (ids) => ({ path: '/v2/auth/social/google', body: { id_token: await ids.fresh.idToken(ids.user.email) } }),
    bad: () => [
      { path: '/v2/auth/social/myspace', body: { id_token: 'x' }, status: 400, field: 'provider' },
      { path: '/v2/auth/social/google', body: { id_token: 'not.a.token' }, status: 400, field: 'id_token' },
      { path: '/v2/auth/social/facebook', body: { access_token: 'x' }, status: 400, field: 'provider' },
      { path: '/v2/auth/social/facebook', body: { id_token: 'x' }, status: 400, field: 'access_token' },
      { path: '/v2/auth/social/google', body: { access_token: 'x' }, status: 400, field: 'id_token' },
    ],
  },
  emailVerify: {
    happy: async (ids) => ({ body: { token: await ids.fresh.verifyToken() } }),
    bad: () => [
      { body: {}, status: 400, field: 'token' },
      { body: { token: 'u'.repeat(43) }, status: 400, field: 'token' },
    ],
  },
  passwordResetRequest: {
    happy: (ids) => ({ body: { email: ids.user.email } }),
    bad: () => [
      { body: { email: 'no' }, status: 400, field: 'email' },
      { body: { email: 'nobody@example.test' }, status: 404, field: 'email' },
    ],
  },
  passwordReset: {
    happy: async (ids) => {
      const fan = await ids.fresh.signUp();
      return { body: { token: await ids.fresh.resetToken(fan.email), password: PASSWORD, password_confirmation: PASSWORD } };
    },
    bad: () => [
      { body: { token: 'u'.repeat(43), password: 'short', password_confirmation: 'short' }, status: 400, field: 'password' },
      { body: { token: 'u'.repeat(43), password: PASSWORD, password_confirmation: PASSWORD }, status: 400, field: 'token' },
    ],
  },
  addSession: {
    happy: async (ids) => ({ body: { code: await ids.fresh.sessionCode() } }),
    bad: () => [
      { body: {}, status: 400, field: 'code' },
      { body: { code: 'c'.repeat(43) }, status: 400, field: 'code' },
    ],
  },
  profile: {
    happy: (ids) => ({ key: ids.user.key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, query: { bogus: '1' }, status: 400, field: 'bogus' }],
  },
  updateProfile: {
    happy: (ids) => ({ key: ids.user.key, body: { _method: 'patch', news_opt_in: true } }),
    bad: (ids) => [
      { body: { _method: 'patch', first_name: 'X' }, status: 401 },
      { key: ids.user.key, body: { first_name: 'X' }, status: 400, field: '_method' },
      { key: ids.user.key, body: { _method: 'patch', email: 'nope' }, status: 400, field: 'email' },
    ],
  },
  userAccess: {
    happy: (ids) => ({ key: ids.user.key }),
    bad: () => [{ status: 401 }],
  },
  setLanguage: {
    happy: (ids) => ({ key: ids.user.key, body: { language: 'fr' } }),
    bad: (ids) => [
      { body: { language: 'fr' }, status: 401 },
      { key: ids.user.key, body: { language: 'de' }, status: 400, field: 'language' },
      { key: ids.user.key, body: {}, status: 400, field: 'language' },
      { key: ids.user.key, body: { language: 'fr', locale: 'fr' }, status: 400, field: 'locale' },
    ],
  },
  deleteAccountInfo: {
    happy: async (ids) => ({ query: { token: await ids.fresh.deleteToken() } }),
    bad: () => [
      { query: {}, status: 400, field: 'token' },
      { query: { token: 'd'.repeat(43) }, status: 400, field: 'token' },
    ],
  },
  deleteAccountConfirm: {
    happy: async (ids) => ({ body: { token: await ids.fresh.deleteToken() } }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, body: { token: 'd'.repeat(43) }, status: 400, field: 'token' }],
  },
  orders: {
    happy: (ids) => ({ key: ids.user.key, query: { no_limit: '1' } }),
    bad: (ids) => [
      { status: 401 },
      { key: ids.user.key, query: { limit: '0' }, status: 400, field: 'limit' },
      { key: ids.user.key, query: { activity_status: 'gone' }, status: 400, field: 'activity_status' },
    ],
  },
  follows: {
    happy: (ids) => ({ key: ids.user.key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, query: { user_id: '1' }, status: 400, field: 'user_id' }],
  },
  addFollow: {
    happy: (ids) => ({ key: ids.user.key, body: { favoritable_id: ids.eventId, favoritable_type: 'favorite_event' } }),
    bad: (ids) => [
      { body: { favoritable_id: ids.eventId, favoritable_type: 'favorite_event' }, status: 401 },
      { key: ids.user.key, body: { favoritable_id: ids.eventId }, status: 400, field: 'favoritable_type' },
      { key: ids.user.key, body: { favoritable_id: ids.eventId, favoritable_type: 'team' }, status: 400, field: 'favoritable_type' },
      { key: ids.user.key, body: { favoritable_id: ids.eventId, favoritable_type: ['favorite_event'] }, status: 400, field: 'favoritable_type' },
      { key: ids.user.key, body: { favoritable_id: 'x', favoritable_type: 'participant' }, status: 400, field: 'favoritable_id' },
      { key: ids.user.key, body: { favoritable_id: 2000000000, favoritable_type: 'participant' }, status: 404, field: 'favoritable_id' },
    ],
  },
  deleteFollow: {
    happy: async (ids) => {
      const fan = await ids.fresh.follow();
      return { key: fan.key, path: `/favorite/${fan.id}` };
    },
    bad: (ids) => [
      { path: '/favorite/1', status: 401 },
      { key: ids.user.key, path: '/favorite/2000000000', status: 404 },
      { key: ids.user.key, path: '/favorite/x', status: 400, field: 'id' },
    ],
  },
  followAlerts: {
    happy: async (ids) => {
      const fan = await ids.fresh.follow();
      return { key: fan.key, body: { alerts: [{ id: fan.id, go_live: true, reminder: false }] } };
    },
    bad: (ids) => [
      { body: { alerts: [{ id: 1, go_live: true, reminder: true }] }, status: 401 },
      { key: ids.user.key, body: { alerts: [] }, status: 400, field: 'alerts' },
      { key: ids.user.key, body: { alerts: [{ id: 'x', go_live: true, reminder: true }] }, status: 400, field: 'alerts.0.id' },
      { key: ids.user.key, body: { alerts: [{ id: 1, go_live: 'yes', reminder: true }] }, status: 400, field: 'alerts.0.go_live' },
      { key: ids.user.key, body: { alerts: [{ id: 1, go_live: true }] }, status: 400, field: 'alerts.0.reminder' },
    ],
  },
  alertUnsubscribe: {
    happy: async (ids) => ({ path: `/alerts/unsubscribe/${await ids.fresh.alertToken()}` }),
    bad: () => [
      { path: '/alerts/unsubscribe/not-a-token', status: 400, field: 'token' },
      { path: '/alerts/unsubscribe/eyJ1IjoxfQ.AAAA', status: 404 },
    ],
  },
  confirmAlertUnsubscribe: {
    happy: async (ids) => ({ path: `/alerts/unsubscribe/${await ids.fresh.alertToken()}` }),
    bad: () => [
      { path: '/alerts/unsubscribe/not-a-token', status: 400, field: 'token' },
      { path: '/alerts/unsubscribe/eyJ1IjoxfQ.AAAA', status: 404 },
    ],
  },
  followedEvents: {
    happy: (ids) => ({ key: ids.user.key, query: { stream_status: 'live,upcoming', limit: '5' } }),
    bad: (ids) => [
      { status: 401 },
      { key: ids.user.key, query: { stream_status: 'soon' }, status: 400, field: 'stream_status' },
      { key: ids.user.key, query: { start_date: '10', end_date: '5' }, status: 400, field: 'end_date' },
      { key: ids.user.key, query: { category: '1' }, status: 400, field: 'category' },
      { key: ids.user.key, query: { limit: '1000' }, status: 400, field: 'limit' },
    ],
  },
  calendarFeed: {
    happy: (ids) => ({ key: ids.user.key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, query: { user_id: '1' }, status: 400, field: 'user_id' }],
  },
  makeCalendarFeed: {
    happy: async (ids) => ({ key: (await ids.fresh.signUp()).key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, body: { token: 'mine' }, status: 400, field: 'token' }],
  },
  deleteCalendarFeed: {
    happy: async (ids) => ({ key: (await ids.fresh.calendarFeed()).key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, query: { user_id: '1' }, status: 400, field: 'user_id' }],
  },
  calendarFeedGames: {
    happy: async (ids) => ({ path: `/calendar-feed/${(await ids.fresh.calendarFeed()).token}` }),
    bad: () => [
      { path: `/calendar-feed/${'A'.repeat(22)}`, status: 404 },
      { path: '/calendar-feed/not-a-token', status: 404 },
      { path: `/calendar-feed/${'A'.repeat(101)}`, status: 400, field: 'token' },
      { path: `/calendar-feed/${'A'.repeat(22)}`, query: { bogus: '1' }, status: 400, field: 'bogus' },
    ],
  },
  clipsUser: {
    happy: (ids) => ({ key: ids.user.key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, query: { user_id: '1' }, status: 400, field: 'user_id' }],
  },
  downloadEvent: {
    // The shop's paid game has finished: a subscriber may watch and download it.
    happy: async (ids) => ({ key: (await ids.fresh.subscriber()).key, path: `/download-event/${ids.shop.eventId}` }),
    bad: (ids) => [
      { path: `/download-event/${ids.eventId}`, status: 401 },
      { key: ids.user.key, path: '/download-event/2000000000', status: 404 },
      { key: ids.user.key, path: '/download-event/x', status: 400, field: 'id' },
      { key: ids.user.key, path: `/download-event/${ids.eventId}`, query: { bogus: '1' }, status: 400, field: 'bogus' },
      // The shared fan holds no pass: the paid game stays closed to them.
      { key: ids.user.key, path: `/download-event/${ids.shop.eventId}`, status: 403 },
    ],
  },
  createClip: {
    happy: (ids) => ({ key: ids.clip.key, body: { event_id: ids.clip.eventId, name: 'A save', start_time: 2, duration: 6, tags: ['Save', 'Highlight'] } }),
    bad: (ids) => {
      const body = { event_id: ids.clip.eventId, name: 'A save', start_time: 2, duration: 6, tags: ['Save'] };
      return [
        { body, status: 401 },
        { key: ids.clip.key, body: { ...body, event_id: 2000000000 }, status: 404, field: 'event_id' },
        { key: ids.clip.key, body: { ...body, duration: 301 }, status: 400, field: 'duration' },
        { key: ids.clip.key, body: { ...body, start_time: 86_400 }, status: 400, field: 'start_time' },
        { key: ids.clip.key, body: { ...body, tags: ['Nope'] }, status: 400, field: 'tags' },
        { key: ids.clip.key, body: { ...body, tags: 'Save', name: '' }, status: 400, field: 'name' },
        { key: ids.clip.key, body: { ...body, user_id: 1 }, status: 400, field: 'user_id' },
        { key: ids.busyClipper.key, body, status: 409, code: 'too_many_clips' },
      ];
    },
  },
  dismissPreroll: {
    happy: (ids) => ({ path: `/prerolls/${ids.prerollId}/dismiss`, body: { reason: 'skip' } }),
    bad: (ids) => [
      { path: '/prerolls/2000000000/dismiss', body: { reason: 'skip' }, status: 404 },
      { path: `/prerolls/${ids.prerollId}/dismiss`, body: { reason: 'later' }, status: 400, field: 'reason' },
      { path: `/prerolls/${ids.prerollId}/dismiss`, body: {}, status: 400, field: 'reason' },
      { path: '/prerolls/x/dismiss', body: { reason: 'skip' }, status: 400, field: 'id' },
    ],
  },
  operatorReport: {
    happy: (ids) => ({ key: ids.operator.key, query: { from: '2026-01-01', to: '2026-01-31' } }),
    bad: (ids) => [
      // A fan, and a visitor: no such page.
      { key: ids.user.key, query: { from: '2026-01-01', to: '2026-01-31' }, status: 404 },
      { query: { from: '2026-01-01', to: '2026-01-31' }, status: 404 },
      { key: ids.operator.key, query: { from: '2026-02-30', to: '2026-03-01' }, status: 400, field: 'from' },
      { key: ids.operator.key, query: { from: '2026-03-02', to: '2026-03-01' }, status: 400, field: 'from' },
      { key: ids.operator.key, query: { from: '2020-01-01', to: '2026-03-01' }, status: 400, field: 'to' },
      { key: ids.operator.key, query: { from: '2026-01-01' }, status: 400, field: 'to' },
      { key: ids.operator.key, query: { from: '2026-01-01', to: '2026-01-31', bogus: '1' }, status: 400, field: 'bogus' },
    ],
  },
  prerollClick: {
    happy: (ids) => ({ path: `/prerolls/${ids.prerollId}/click`, body: {} }),
    bad: () => [
      { path: '/prerolls/2000000000/click', body: {}, status: 404 },
      { path: '/prerolls/0/click', body: {}, status: 400, field: 'id' },
    ],
  },
  clipsEvent: {
    happy: (ids) => ({ key: ids.clip.key, path: `/clips/event/${ids.clip.eventId}` }),
    bad: (ids) => [
      { path: `/clips/event/${ids.clip.eventId}`, status: 401 },
      { key: ids.clip.key, path: '/clips/event/2000000000', status: 404 },
      { key: ids.clip.key, path: '/clips/event/x', status: 400, field: 'id' },
    ],
  },
  sharedClip: {
    happy: (ids) => ({ path: `/shared-clip/${ids.clip.id}`, query: { uuid: ids.clip.uuid } }),
    bad: (ids) => [
      { path: `/shared-clip/${ids.clip.id}`, query: { uuid: randomUUID() }, status: 404 },
      { path: `/shared-clip/${ids.clip.id}`, status: 400, field: 'uuid' },
      { path: `/shared-clip/${ids.clip.id}`, query: { uuid: 'not-a-uuid' }, status: 400, field: 'uuid' },
      { path: '/shared-clip/0', query: { uuid: ids.clip.uuid }, status: 400, field: 'id' },
    ],
  },
  clipDownload: {
    happy: (ids) => ({ key: ids.clip.key, path: `/clip/download/${ids.clip.id}` }),
    bad: (ids) => [
      { path: `/clip/download/${ids.clip.id}`, status: 401 },
      { key: ids.user.key, path: `/clip/download/${ids.clip.id}`, status: 404 },
      { key: ids.clip.key, path: '/clip/download/-1', status: 400, field: 'id' },
    ],
  },
  eventsWithClip: {
    happy: (ids) => ({ key: ids.clip.key }),
    bad: (ids) => [{ status: 401 }, { key: ids.clip.key, query: { page: '1' }, status: 400, field: 'page' }],
  },
  deleteClip: {
    happy: async (ids) => ({ key: ids.clip.key, path: `/clip/${await ids.fresh.queuedClip()}` }),
    bad: (ids) => [
      { path: `/clip/${ids.clip.id}`, status: 401 },
      { key: ids.user.key, path: `/clip/${ids.clip.id}`, status: 404 },
      { key: ids.clip.key, path: '/clip/2000000000', status: 404 },
      { key: ids.clip.key, path: '/clip/abc', status: 400, field: 'id' },
    ],
  },
  renameClip: {
    happy: (ids) => ({ key: ids.clip.key, path: `/clip/${ids.clip.id}/name`, body: { name: 'Renamed' } }),
    bad: (ids) => [
      { path: `/clip/${ids.clip.id}/name`, body: { name: 'Renamed' }, status: 401 },
      { key: ids.user.key, path: `/clip/${ids.clip.id}/name`, body: { name: 'Renamed' }, status: 404 },
      { key: ids.clip.key, path: `/clip/${ids.clip.id}/name`, body: { name: '  ' }, status: 400, field: 'name' },
      { key: ids.clip.key, path: `/clip/${ids.clip.id}/name`, body: { name: 'x'.repeat(81) }, status: 400, field: 'name' },
    ],
  },
  orderDetail: {
    happy: async (ids) => ({ key: ids.user.key, path: `/orders/${await ids.fresh.order(ids.user.key)}` }),
    bad: (ids) => [
      { path: '/orders/1', status: 401 },
      { key: ids.user.key, path: '/orders/2000000000', status: 404 },
      { key: ids.user.key, path: '/orders/x', status: 400, field: 'id' },
      { key: ids.user.key, path: '/orders/1', query: { bogus: '1' }, status: 400, field: 'bogus' },
    ],
  },
  packageDetail: {
    happy: (ids) => ({ key: ids.user.key, path: `/packages/${ids.shop.packageId}` }),
    bad: (ids) => [
      { key: ids.user.key, path: '/packages/2000000000', status: 404 },
      { key: ids.user.key, path: '/packages/0', status: 400, field: 'id' },
    ],
  },
  subscriptionDetail: {
    happy: (ids) => ({ key: ids.user.key, path: `/subscriptions/${ids.shop.subscriptionId}` }),
    bad: (ids) => [
      { key: ids.user.key, path: '/subscriptions/2000000000', status: 404 },
      { key: ids.user.key, path: '/subscriptions/-1', status: 400, field: 'id' },
    ],
  },
  purchaseQuote: {
    happy: (ids) => ({ key: ids.user.key, query: { event_id: String(ids.shop.eventId), package_id: String(ids.shop.ticketId) } }),
    bad: (ids) => [
      { query: { event_id: String(ids.shop.eventId), package_id: String(ids.shop.ticketId) }, status: 401 },
      { key: ids.user.key, query: {}, status: 400, field: 'id' },
      { key: ids.user.key, query: { event_id: String(ids.shop.eventId) }, status: 400, field: 'package_id' },
      { key: ids.user.key, query: { package_id: String(ids.shop.packageId), 'event_category_ids[a]': '1' }, status: 400, field: 'event_category_ids' },
    ],
  },
  applyCoupon: {
    // The demo's SEASON5: $5 off passes of at least $20 (a season pass's choice is $47.99).
    happy: (ids) => ({
      key: ids.user.key,
      query: { package_id: String(ids.shop.packageId), 'event_category_ids[]': String(ids.shop.categoryId), code: 'season5' },
    }),
    bad: (ids) => {
      const event = { event_id: String(ids.shop.eventId), package_id: String(ids.shop.ticketId) };
      return [
        { query: { ...event, code: 'WELCOME10' }, status: 401 },
        { key: ids.user.key, query: event, status: 400, field: 'code' },
        { key: ids.user.key, query: { ...event, code: '' }, status: 400, field: 'code' },
        { key: ids.user.key, query: { ...event, code: 'NO-SUCH-CODE' }, status: 400, field: 'code' },
        // Expired; and SEASON5 is for passes only.
        { key: ids.user.key, query: { ...event, code: 'GAMEDAY' }, status: 400, field: 'code' },
        { key: ids.user.key, query: { ...event, code: 'SEASON5' }, status: 400, field: 'code' },
        { key: ids.user.key, query: { ...event, code: 'X'.repeat(41) }, status: 400, field: 'code' },
        { key: ids.user.key, query: { code: 'WELCOME10' }, status: 400, field: 'id' },
        { key: ids.user.key, query: { ...event, code: 'WELCOME10', promotion_code: 'WELCOME10' }, status: 400, field: 'promotion_code' },
      ];
    },
  },
  buy: {
    happy: (ids) => ({ key: ids.user.key, body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId, idempotency_key: randomUUID() } }),
    bad: (ids) => [
      { body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId, idempotency_key: randomUUID() }, status: 401 },
      { key: ids.user.key, body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId }, status: 400, field: 'idempotency_key' },
      { key: ids.user.key, body: { idempotency_key: randomUUID() }, status: 400, field: 'id' },
      { key: ids.user.key, body: { event_id: ids.shop.eventId, package_id: 2000000000, idempotency_key: randomUUID() }, status: 404, field: 'package_id' },
      { key: ids.user.key, body: { subscription_id: 2000000000, idempotency_key: randomUUID() }, status: 404, field: 'subscription_id' },
      {
        key: ids.user.key,
        body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId, promotion_code: 'NO-SUCH-CODE', idempotency_key: randomUUID() },
        status: 400,
        field: 'promotion_code',
      },
      // A single game is not given as a gift.
      {
        key: ids.user.key,
        body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId, gift_email: 'friend@example.test', idempotency_key: randomUUID() },
        status: 400,
        field: 'gift_email',
      },
      // Saved cards: another fan's is not found; a malformed id is no card; a subscription goes to the checkout.
      {
        key: ids.user.key,
        body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId, payment_method_id: ids.card.id, idempotency_key: randomUUID() },
        status: 404,
        field: 'payment_method_id',
      },
      {
        key: ids.user.key,
        body: { event_id: ids.shop.eventId, package_id: ids.shop.ticketId, payment_method_id: 'card-1', idempotency_key: randomUUID() },
        status: 400,
        field: 'payment_method_id',
      },
      {
        key: ids.card.key,
        body: { subscription_id: ids.shop.subscriptionId, payment_method_id: ids.card.id, idempotency_key: randomUUID() },
        status: 400,
        field: 'payment_method_id',
      },
    ],
  },
  startTrial: {
    happy: async (ids) => ({ key: (await ids.fresh.signUp()).key, body: { subscription_id: ids.shop.subscriptionId, idempotency_key: randomUUID() } }),
    bad: (ids) => [
      { body: { subscription_id: ids.shop.subscriptionId, idempotency_key: randomUUID() }, status: 401 },
      { key: ids.user.key, body: { idempotency_key: randomUUID() }, status: 400, field: 'subscription_id' },
      { key: ids.user.key, body: { subscription_id: 2000000000, idempotency_key: randomUUID() }, status: 404, field: 'subscription_id' },
      { key: ids.user.key, body: { subscription_id: ids.shop.subscriptionId }, status: 400, field: 'idempotency_key' },
    ],
  },
  invoicePreview: {
    happy: (ids) => ({ key: ids.user.key, body: { subscription_id: ids.shop.subscriptionId } }),
    bad: (ids) => [
      { body: { subscription_id: ids.shop.subscriptionId }, status: 401 },
      { key: ids.user.key, body: { subscription_id: 'monthly' }, status: 400, field: 'subscription_id' },
      { key: ids.user.key, body: { subscription_id: 2000000000 }, status: 404, field: 'subscription_id' },
      { key: ids.user.key, body: { subscription_id: ids.shop.subscriptionId, trial: 'yes' }, status: 400, field: 'trial' },
    ],
  },
  unsubscribe: {
    happy: async (ids) => {
      const fan = await ids.fresh.subscriber();
      return { key: fan.key, body: { order_id: fan.orderId } };
    },
    bad: (ids) => [
      { body: { order_id: 1 }, status: 401 },
      { key: ids.user.key, body: {}, status: 400, field: 'order_id' },
      { key: ids.user.key, body: { order_id: 2000000000 }, status: 404 },
    ],
  },
  listCards: {
    happy: (ids) => ({ key: ids.card.key }),
    bad: (ids) => [{ status: 401 }, { key: ids.user.key, query: { customer: 'cus_1' }, status: 400, field: 'customer' }],
  },
  setupIntent: {
    happy: (ids) => ({ key: ids.user.key, body: { return_url: '/profile/payment-methods' } }),
    bad: (ids) => [
      { status: 401 },
      // Return addresses off the allow-list (ADR 029): another site, however written, or another page.
      ...['https://evil.example', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/profile/../login', '/profile'].map((return_url) => ({
        key: ids.user.key,
        body: { return_url },
        status: 400,
        field: 'return_url',
      })),
    ],
  },
  deleteCard: {
    happy: async (ids) => {
      const fan = await ids.fresh.savedCard();
      return { key: fan.key, body: { payment_method_id: fan.id } };
    },
    bad: (ids) => [
      { body: { payment_method_id: ids.card.id }, status: 401 },
      { key: ids.user.key, body: {}, status: 400, field: 'payment_method_id' },
      { key: ids.user.key, body: { payment_method_id: 42 }, status: 400, field: 'payment_method_id' },
      { key: ids.user.key, body: { payment_method_id: 'pm_sbx_NoSuchCard' }, status: 404, field: 'payment_method_id' },
      // Another fan's card: not found, and still theirs.
      { key: ids.user.key, body: { payment_method_id: ids.card.id }, status: 404, field: 'payment_method_id' },
    ],
  },
  customerPortal: {
    happy: (ids) => ({ key: ids.user.key, query: { return_url: '/profile' } }),
    bad: (ids) => [
      { status: 401 },
      ...['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/orders/1/../../login', '/profile/payment-methods'].map(
        (return_url) => ({
          key: ids.user.key,
          query: { return_url },
          status: 400,
          field: 'return_url',
        }),
      ),
    ],
  },
  giftDetail: {
    happy: async (ids) => ({ key: ids.user.key, path: `/gifts/${await ids.fresh.gift()}` }),
    bad: (ids) => [
      { path: `/gifts/${ids.redeemedGift.token}`, status: 401 },
      { key: ids.user.key, path: `/gifts/${'A'.repeat(43)}`, status: 404, field: 'token' },
      { key: ids.user.key, path: '/gifts/short', status: 400, field: 'token' },
      { key: ids.user.key, path: `/gifts/${ids.redeemedGift.token}`, query: { bogus: '1' }, status: 400, field: 'bogus' },
    ],
  },
  redeemGift: {
    happy: async (ids) => ({ key: (await ids.fresh.signUp()).key, body: { token: await ids.fresh.gift() } }),
    bad: (ids) => [
      { body: { token: ids.redeemedGift.token }, status: 401 },
      { key: ids.user.key, body: {}, status: 400, field: 'token' },
      { key: ids.user.key, body: { token: 'A'.repeat(44) }, status: 400, field: 'token' },
      { key: ids.user.key, body: { token: ['A'.repeat(43)] }, status: 400, field: 'token' },
      { key: ids.user.key, body: { token: 'A'.repeat(43) }, status: 404, field: 'token' },
      // A second redemption; and its buyer.
      { key: ids.user.key, body: { token: ids.redeemedGift.token }, status: 409 },
      { key: ids.redeemedGift.buyerKey, body: { token: ids.redeemedGift.token }, status: 409 },
    ],
  },
  resendGift: {
    happy: async (ids) => {
      const { key, orderId } = await ids.fresh.giftOrder();
      return { key, body: { order_id: orderId, recipient_email: 'right-address@example.test' } };
    },
    bad: (ids) => [
      { body: { order_id: ids.redeemedGift.orderId, recipient_email: 'x@example.test' }, status: 401 },
      { key: ids.redeemedGift.buyerKey, body: { recipient_email: 'x@example.test' }, status: 400, field: 'order_id' },
      { key: ids.redeemedGift.buyerKey, body: { order_id: ids.redeemedGift.orderId }, status: 400, field: 'recipient_email' },
      {
        key: ids.redeemedGift.buyerKey,
        body: { order_id: ids.redeemedGift.orderId, recipient_email: 'not-an-address' },
        status: 400,
        field: 'recipient_email',
      },
      { key: ids.redeemedGift.buyerKey, body: { order_id: '1; drop', recipient_email: 'x@example.test' }, status: 400, field: 'order_id' },
      // Another fan's gift: not found. A redeemed one: refused.
      { key: ids.user.key, body: { order_id: ids.redeemedGift.orderId, recipient_email: 'x@example.test' }, status: 404, field: 'order_id' },
      { key: ids.redeemedGift.buyerKey, body: { order_id: ids.redeemedGift.orderId, recipient_email: 'x@example.test' }, status: 409 },
    ],
  },
  buyBundle: {
    happy: (ids) => ({ key: ids.user.key, body: { package_id: ids.shop.packageId, event_category_ids: [ids.shop.categoryId], idempotency_key: randomUUID() } }),
    bad: (ids) => [
      {
        key: ids.user.key,
        body: { package_id: ids.shop.packageId, event_category_ids: [ids.shop.categoryId], gift_email: ids.user.email, idempotency_key: randomUUID() },
        status: 400,
        field: 'gift_email',
      },
      {
        key: ids.user.key,
        body: {
          package_id: ids.shop.packageId,
          event_category_ids: [ids.shop.categoryId],
          gift_email: 'friend@example.test',
          gift_message: 'x'.repeat(301),
          idempotency_key: randomUUID(),
        },
        status: 400,
        field: 'gift_message',
      },
      { body: { package_id: ids.shop.packageId, event_category_ids: [ids.shop.categoryId], idempotency_key: randomUUID() }, status: 401 },
      { key: ids.user.key, body: { package_id: ids.shop.packageId, idempotency_key: randomUUID() }, status: 400, field: 'event_category_ids' },
      {
        key: ids.user.key,
        body: { package_id: ids.shop.packageId, event_category_ids: 'all', idempotency_key: randomUUID() },
        status: 400,
        field: 'event_category_ids',
      },
      {
        key: ids.user.key,
        body: { package_id: ids.shop.packageId, event_category_ids: [2000000000], idempotency_key: randomUUID() },
        status: 400,
        field: 'event_category_ids',
      },
      {
        key: ids.user.key,
        body: { package_id: ids.shop.packageId, event_category_ids: [ids.shop.categoryId], idempotency_key: 'short' },
        status: 400,
        field: 'idempotency_key',
      },
      {
        key: ids.user.key,
        body: { package_id: ids.shop.packageId, event_category_ids: [ids.shop.categoryId], promotion_code: 'GAMEDAY', idempotency_key: randomUUID() },
        status: 400,
        field: 'promotion_code',
      },
      {
        key: ids.user.key,
        body: { package_id: ids.shop.packageId, event_category_ids: [ids.shop.categoryId], payment_method_id: ids.card.id, idempotency_key: randomUUID() },
        status: 404,
        field: 'payment_method_id',
      },
    ],
  },
  ...datalakeCases,
};
