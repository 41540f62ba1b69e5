import * as account from './account.ts';
import * as alerts from './alerts.ts';
import * as auth from './auth.ts';
import * as billing from './billing.ts';
import * as calendar from './calendar.ts';
import * as checkout from './checkout.ts';
import * as clips from './clips.ts';
import * as content from './content.ts';
import * as customForms from './custom-forms.ts';
import { datalakeCalls } from './datalake.ts';
import * as events from './events.ts';
import * as follows from './follows.ts';
import * as gifts from './gifts.ts';
import type { Endpoint } from './http.ts';
import * as keys from './keys.ts';
import * as orders from './orders.ts';
import * as prerolls from './prerolls.ts';
import * as profile from './profile.ts';
import * as publicCalls from './public.ts';
import * as report from './report.ts';
import * as subscriptions from './subscriptions.ts';
import * as vod from './vod.ts';

/* The contract: one file per area, named as the channel API's route file that serves it
   (contract/clips.ts ↔ channel-api/routes/clips.ts); words per docs/glossary.md. */

export * from './http.ts';
export * from './refusals.ts';
export * from './entities.ts';
export { bootstrapData, type BootstrapData } from './public.ts';
export { eventsQuery, type EventsQuery } from './events.ts';
export * from './auth.ts';
export * from './clips.ts';
export * from './orders.ts';
export * from './checkout.ts';
export * from './gifts.ts';
export * from './alerts.ts';
export * from './follows.ts';
export * from './calendar.ts';
export * from './subscriptions.ts';
export * from './billing.ts';
export * from './prerolls.ts';
export * from './analytics.ts';
export * from './datalake.ts';
export * from './report.ts';
export * from './custom-forms.ts';

/** Every call of the channel API, by name. The web client and the channel API both read this. */
export const api = {
  channelConfig: keys.channelConfig,
  getApiKey: keys.getApiKey,
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
  events: events.events,
  event: events.event,
  operatorReport: report.operatorReport,
  dismissPreroll: prerolls.dismissPreroll,
  prerollClick: prerolls.prerollClick,
  eventsCategories: events.eventsCategories,
  eventsForHomepage: events.eventsForHomepage,
  participantGroupProperties: content.participantGroupProperties,
  geo: content.geo,
  customForm: customForms.customForm,
  answerCustomForm: customForms.answerCustomForm,
  vodMediaItems: vod.vodMediaItems,
  vodMediaItem: vod.vodMediaItem,
  vodMediaCategories: vod.vodMediaCategories,
  vodMediaSearch: vod.vodMediaSearch,
  vodMediaRails: vod.vodMediaRails,
  login: auth.login,
  logout: auth.logout,
  register: auth.register,
  social: auth.social,
  emailVerify: auth.emailVerify,
  passwordResetRequest: auth.passwordResetRequest,
  passwordReset: auth.passwordReset,
  addSession: auth.addSession,
  profile: profile.profile,
  updateProfile: profile.updateProfile,
  userAccess: profile.userAccess,
  setLanguage: profile.setLanguage,
  deleteAccountInfo: account.deleteAccountInfo,
  deleteAccountConfirm: account.deleteAccountConfirm,
  orders: orders.orders,
  orderDetail: orders.orderDetail,
  packageDetail: checkout.packageDetail,
  subscriptionDetail: checkout.subscriptionDetail,
  purchaseQuote: checkout.purchaseQuote,
  applyCoupon: checkout.applyCoupon,
  buy: checkout.buy,
  buyBundle: checkout.buyBundle,
  startTrial: subscriptions.startTrial,
  invoicePreview: subscriptions.invoicePreview,
  unsubscribe: subscriptions.unsubscribe,
  customerPortal: billing.customerPortal,
  giftDetail: gifts.giftDetail,
  redeemGift: gifts.redeemGift,
  resendGift: gifts.resendGift,
  listCards: billing.listCards,
  setupIntent: billing.setupIntent,
  deleteCard: billing.deleteCard,
  clipsUser: clips.clipsUser,
  createClip: clips.createClip,
  clipsEvent: clips.clipsEvent,
  sharedClip: clips.sharedClip,
  clipDownload: clips.clipDownload,
  eventsWithClip: clips.eventsWithClip,
  deleteClip: clips.deleteClip,
  renameClip: clips.renameClip,
  downloadEvent: events.downloadEvent,
  follows: follows.follows,
  addFollow: follows.addFollow,
  deleteFollow: follows.deleteFollow,
  followedEvents: follows.followedEvents,
  calendarFeed: calendar.calendarFeed,
  makeCalendarFeed: calendar.makeCalendarFeed,
  deleteCalendarFeed: calendar.deleteCalendarFeed,
  calendarFeedGames: calendar.calendarFeedGames,
  followAlerts: follows.followAlerts,
  alertUnsubscribe: alerts.alertUnsubscribe,
  confirmAlertUnsubscribe: alerts.confirmAlertUnsubscribe,
  ...datalakeCalls,
} satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
