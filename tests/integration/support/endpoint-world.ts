import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startApiWithGoogle, type client, type TestChannelApi } from './channel-api.ts';
import { CARD, commerce, giftMailedAWhileAgo } from './commerce.ts';
import type { Ids } from './endpoint-cases.ts';
import { channels, clips, users } from '../../../channel-api/db/schema.ts';
import { prepareAd } from '../../../channel-api/media/preroll-media.ts';
import { loadSigning } from '../../../channel-api/signing.ts';
import { CLIPS_IN_PROGRESS_MAX } from '../../../contract/clips.ts';
import { mintIdToken } from '../../support/oidc-provider.ts';
import { pathTokenFrom, tokenFrom, waitForMail } from '../../support/outbox.ts';
import { uniqueEmail } from '../../support/registration.ts';

/* A channel API with what every endpoint case needs (endpoint-cases.ts Ids): a visitor key, real ids,
   a signed-in fan, and makers of single-use tokens; plus a local OpenID provider for social
   sign-in. Shared by the endpoint cases and the fuzz suite. */

export interface EndpointWorld {
  server: TestChannelApi;
  http: ReturnType<typeof client>;
  /** A visitor's api key. */
  apiKey: string;
  ids: Ids;
  /** Waits until none of the clipping fan's clips is still queued: an accepted POST /clip (or
   *  `fresh.queuedClip`) is made by the worker meanwhile (the busy fan's stay queued: no job). */
  clipsMade(): Promise<void>;
  close(): Promise<void>;
}

const oidcClient = { client_id: 'endpoints-web', client_secret: 'endpoints-client-secret', redirect_uris: ['http://127.0.0.1:3300/auth/google/callback'] };

export async function startEndpointWorld(): Promise<EndpointWorld> {
  const started = await startApiWithGoogle(oidcClient);
  const { server, http, acc, provider } = started;
  // A pre-roll before every game (ADR 050), stored before anything reads the channel's list.
  const prerollId = await addPreroll(server);
  const apiKey = await http.apiKey();
  const config = await http.request('GET', '/channels/demo.json');
  const withKey = { api_key: apiKey };
  const [pages, events, vod, catalogue] = await Promise.all([
    http.request('GET', '/pages'),
    http.request('GET', '/events', { query: { ...withKey, stream_status: 'finished', limit: '1' } }),
    http.request('GET', '/vod-media-items', { query: { ...withKey, limit: '1' } }),
    commerce(http).paidEvent(),
  ]);
  const season = catalogue.packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)!;
  const subscriptions = await http.request('GET', '/subscriptions');
  const mailed = async (email: string, subject: string, pathname: string, after: number) =>
    tokenFrom(await waitForMail(server.outbox, { to: email, subject, after }), pathname);
  /** A paid gift of the season pass from this buyer to a new address: the mailed token. */
  const giftOf = async (buyer: { key: string }) => {
    const to = uniqueEmail('giftee');
    const shop = commerce(http);
    const started = await shop.buyBundle(buyer.key, { package_id: season.id, event_category_ids: [season.event_categories[0]], gift_email: to });
    if (started.status !== 200) throw new Error(`gift: ${started.status} ${started.text}`);
    const after = Date.now();
    const paid = await shop.pay(started.json.data.redirect_url, CARD.ok);
    if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${paid.text}`);
    return {
      token: pathTokenFrom(await waitForMail(server.outbox, { to, subject: 'gave you a gift', after }), '/gift/'),
      orderId: started.json.data.order_id as number,
    };
  };
  // A subscriber's processed clip of a free finished game (a subscription grants clipping).
  const finished = await http.request('GET', '/events', { query: { ...withKey, stream_status: 'finished', limit: '100' } });
  const clipGame = (finished.json.data as { id: number; type: string }[]).find((e) => e.type === 'free')!.id;
  const askClip = async (key: string) => {
    const made = await http.request('POST', '/clip', {
      body: { api_key: key, event_id: clipGame, name: 'Endpoint clip', start_time: 0, duration: 4, tags: ['Highlight'] },
    });
    if (made.status !== 200) throw new Error(`clip: ${made.status} ${made.text}`);
    return made.json.data as { id: number; uuid: string };
  };
  let clipperKey = '';
  const fresh: Ids['fresh'] = {
    queuedClip: async () => (await askClip(clipperKey)).id,
    signUp: () => acc.signUp(),
    verifyToken: () => acc.register(uniqueEmail()),
    sessionCode: async () => (await acc.post('/auth/email-verify', { token: await acc.register(uniqueEmail()), api_key: apiKey })).json.data.code,
    resetToken: async (email) => {
      const after = Date.now();
      await acc.post('/auth/password-reset-request', { email, api_key: apiKey });
      return mailed(email, 'Reset', '/password-reset', after);
    },
    deleteToken: async () => {
      const fan = await acc.signUp();
      const after = Date.now();
      await acc.post('/delete-account-confirm', { api_key: fan.key });
      return mailed(fan.email, 'deletion', '/confirm-account-deletion', after);
    },
    idToken: (email) => mintIdToken({ issuer: provider.issuer, client: oidcClient, login: email }),
    subscriber: async () => {
      const fan = await acc.signUp();
      const shop = commerce(http);
      const started = await shop.buy(fan.key, { subscription_id: subscriptions.json.data[0].id });
      if (started.status !== 200) throw new Error(`buy: ${started.status} ${started.text}`);
      const paid = await shop.pay(started.json.data.redirect_url, CARD.ok);
      if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${paid.text}`);
      return { key: fan.key, orderId: started.json.data.order_id as number };
    },
    gift: async () => (await giftOf(await acc.signUp())).token,
    giftOrder: async () => {
      const buyer = await acc.signUp();
      const { orderId } = await giftOf(buyer);
      // The buyer finds out later that it went astray.
      await giftMailedAWhileAgo(server.db, orderId);
      return { key: buyer.key, orderId };
    },
    savedCard: async () => {
      const fan = await acc.signUp();
      return { key: fan.key, id: await commerce(http).saveCard(fan.key) };
    },
    follow: async () => {
      const fan = await acc.signUp();
      const added = await http.request('POST', '/favorite', {
        body: { favoritable_id: events.json.data[0].id, favoritable_type: 'favorite_event', api_key: fan.key },
      });
      if (added.status !== 200) throw new Error(`follow: ${added.status} ${added.text}`);
      return { key: fan.key, id: added.json.data.id as number };
    },
    calendarFeed: async () => {
      const fan = await acc.signUp();
      await http.request('POST', '/favorite', { body: { favoritable_id: events.json.data[0].id, favoritable_type: 'favorite_event', api_key: fan.key } });
      const made = await http.request('POST', '/calendar-feed', { body: { api_key: fan.key } });
      if (made.status !== 200) throw new Error(`calendar feed: ${made.status} ${made.text}`);
      return { key: fan.key, token: made.json.data.token as string };
    },
    alertToken: async () => {
      const fan = await acc.signUp();
      const added = await http.request('POST', '/favorite', {
        body: { favoritable_id: events.json.data[0].id, favoritable_type: 'favorite_event', api_key: fan.key },
      });
      if (added.status !== 200) throw new Error(`follow: ${added.status} ${added.text}`);
      // Signed as the alert mail signs it (services/alerts.ts), with the server's own secret.
      const signing = await loadSigning(server.db, {});
      return signing.token('alert-unsubscribe', { u: fan.user.id as number, f: [added.json.data.id as number], k: 'reminder' });
    },
    order: async (key) => {
      const started = await commerce(http).buy(key, { event_id: catalogue.event.id, package_id: catalogue.ticket.id });
      if (started.status !== 200) throw new Error(`buy: ${started.status} ${started.text}`);
      return started.json.data.order_id as number;
    },
  };
  /** Waits (up to 60 s) until the clipping fan's clips are as `done` says. */
  const untilClips = async (done: (mine: { id: number; status: string }[]) => boolean, what: string) => {
    for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const mine = await http.request('GET', '/clips/user', { query: { api_key: clipperKey } });
      if (done(mine.json.data)) return;
      if (Date.now() > until) throw new Error(`${what} after 60 s: ${mine.text}`);
    }
  };
  clipperKey = (await fresh.subscriber()).key;
  const clip = { key: clipperKey, eventId: clipGame, ...(await askClip(clipperKey)) };
  await untilClips((mine) => mine.find((c) => c.id === clip.id)?.status === 'processed', 'clip not processed');
  // A fan who may clip, with the most clips in progress a fan may have: rows with no job, so they stay queued.
  const busy = await acc.signUp();
  await server.db
    .update(users)
    .set({ capabilities: ['watch', 'clipping'] })
    .where(eq(users.id, busy.user.id));
  const inProgress = { userId: busy.user.id as number, eventId: clipGame, name: 'Busy clip', startTime: 0, duration: 4, tags: ['Highlight'] };
  await server.db.insert(clips).values(Array.from({ length: CLIPS_IN_PROGRESS_MAX }, () => inProgress));
  const user = await acc.signUp();
  // An operator: a fan made one as the import's `operators` or `user:create --role` would.
  const operator = await acc.signUp();
  await server.db.update(users).set({ role: 'operator' }).where(eq(users.email, operator.email));
  const giver = await acc.signUp();
  const redeemed = await giftOf(giver);
  const redeemer = await acc.signUp();
  const claimed = await http.request('POST', '/gifts/redeem', { body: { token: redeemed.token, api_key: redeemer.key } });
  if (claimed.status !== 200) throw new Error(`redeem: ${claimed.status} ${claimed.text}`);
  const cardHolder = await acc.signUp();
  const card = { key: cardHolder.key, id: await commerce(http).saveCard(cardHolder.key) };
  const ids: Ids = {
    channelKey: config.json.channel_key,
    pageId: pages.json.data[0].id,
    eventId: events.json.data[0].id,
    vodId: vod.json.data[0].id,
    shop: {
      eventId: catalogue.event.id,
      ticketId: catalogue.ticket.id,
      packageId: season.id,
      categoryId: season.event_categories[0],
      subscriptionId: subscriptions.json.data[0].id,
    },
    user,
    card,
    fresh,
    redeemedGift: { token: redeemed.token, buyerKey: giver.key, orderId: redeemed.orderId },
    clip,
    busyClipper: { key: busy.key },
    prerollId,
    operator,
  };
  return {
    server,
    http,
    apiKey,
    ids,
    clipsMade: () => untilClips((mine) => !mine.some((c) => c.status === 'queued'), 'a clip is still queued'),
    close: started.close,
  };
}

/** Gives the demo channel one pre-roll, everywhere, with a link (the demo's own ad, prepared as the
 *  import does): its id. */
async function addPreroll(server: TestChannelApi): Promise<number> {
  const { ad, duration } = await prepareAd(path.resolve(import.meta.dirname, '../../../channel-api/seed/demo/lakeshore-ad.mp4'), server.dataDir);
  const [channel] = await server.db.select().from(channels).limit(1);
  const preroll = {
    id: 1,
    ad,
    duration,
    location_ids: [],
    category_ids: [],
    skip_after_seconds: 5,
    link: 'https://sponsor.example/',
    starts: null,
    ends: null,
  };
  await server.db
    .update(channels)
    .set({ settings: { ...channel.settings, prerolls: [preroll] } })
    .where(eq(channels.id, channel.id));
  return preroll.id;
}
