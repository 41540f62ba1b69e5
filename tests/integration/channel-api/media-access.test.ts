import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type Event, type EventDetail } from '#contract';
import { orders } from '../../../channel-api/db/schema.ts';
import { sessionRef } from '../../../channel-api/media/grants.ts';
import { signingFrom } from '../../../channel-api/signing.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, shopForThisFile } from '../support/commerce.ts';

/* Media entitlement (ADR 026): an asset a free event or video plays is public; any other asset's
   files are served only on a media grant, for that asset, unexpired, signed with the server's own
   key, whose fan's session lasts and who may still watch what it was granted for. */

const SECRET = 'media-access-test-secret';
let all: Event[];

const { server, http, acc, shop } = shopForThisFile({ secret: SECRET, publicUrl: 'http://127.0.0.1:3999' }, async ({ shop }) => {
  all = (await shop.catalogue()).events;
});

const detail = async (key: string, id: number): Promise<EventDetail> => api.event.response.parse((await shop.event(key, id)).json).data;
/** A media file as the web server's proxy asks for it: with the grant cookie, or none. */
const media = (path: string, grant?: string) => fetch(new URL(path, server.url), { headers: grant ? { cookie: `__media_grant=${grant}` } : {} });
const files = (d: { url: string | null; mp4_url: string | null; captions: { url: string }[] }) => {
  const base = d.url!.replace(/master\.m3u8$/, '');
  return [d.url!, `${base}360p.m3u8`, `${base}360p_000.ts`, d.mp4_url!, d.captions[0].url];
};
const pick = (status: string, type: string, not: number[] = []) =>
  all.find((e) => e.stream_status === status && e.type === type && !not.includes(e.id)) as Event;

async function buyer() {
  const fan = await acc.signUp();
  const { event, ticket } = await shop.paidEvent();
  const started = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id });
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  return { fan, event, ticket, bought: await detail(fan.key, event.id) };
}

describe(`media access (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('serves a free game’s media to anyone, with no grant, and lets shared caches keep it', async () => {
    const free = await detail(await http.apiKey(), pick('finished', 'free').id);
    expect(free.media_grant).toBeNull();
    for (const path of files(free)) {
      const res = await media(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toMatch(/^(public|no-cache)/);
    }
    const live = await detail(await http.apiKey(), pick('live', 'free').id);
    expect(live).toMatchObject({ url: `/media/live/live/${live.event_utc_ts}-${live.duration}/master.m3u8`, media_grant: null });
    expect((await media(live.url!)).status).toBe(200);
  });

  it('serves a paid game’s files (playlists, segments, MP4, captions) only with its buyer’s grant, privately', async () => {
    const { bought } = await buyer();
    expect(bought.has_access).toBe(true);
    expect(bought.url).toMatch(/^\/media\/vod\/game-[456]\/master\.m3u8$/);
    const grant = bought.media_grant!;
    expect(grant.path).toBe(bought.url!.replace(/master\.m3u8$/, ''));
    expect(Date.parse(grant.expires_at) - Date.now()).toBeGreaterThan(3 * 3600_000);
    for (const path of files(bought)) {
      const without = await media(path);
      expect(without.status, path).toBe(403);
      expect(without.headers.get('cache-control')).toBe('no-store');
      expect((await without.json()).message).toMatch(/open its page/);
      const withGrant = await media(path, grant.value);
      expect(withGrant.status, path).toBe(200);
      expect(withGrant.headers.get('cache-control'), path).toMatch(/^private/);
    }
  });

  it('refuses a tampered grant, an expired one, one signed with another key, and one for another asset', async () => {
    const { bought } = await buyer();
    const grant = bought.media_grant!.value;
    const [payload, mac] = grant.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const signed = (c: Record<string, unknown>, secret = SECRET) => signingFrom([secret]).token('media-grant', c);
    const cases: [string, string, RegExp][] = [
      ['tampered claims', `${Buffer.from(JSON.stringify({ ...claims, x: claims.x + 3600 })).toString('base64url')}.${mac}`, /not valid/],
      ['a changed signature', `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`, /not valid/],
      ['an expired grant', signed({ ...claims, x: Math.floor(Date.now() / 1000) - 1 }), /expired/],
      ['another key (the public channel key, say)', signed(claims, (await http.request('GET', '/channels/demo.json')).json.channel_key), /not valid/],
      ['junk', 'a.b', /not valid/],
    ];
    for (const [what, value, reason] of cases) {
      const res = await media(bought.url!, value);
      expect(res.status, what).toBe(403);
      expect((await res.json()).message, what).toMatch(reason);
    }
    // A grant for this asset does not open another paid one.
    const elsewhere = ['game-4', 'game-5', 'game-6'].find((a) => a !== bought.url!.split('/')[3]);
    const res = await media(`/media/vod/${elsewhere}/master.m3u8`, grant);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/another video/);
    // Even signed right, a grant naming another fan's session is refused at the origin.
    const forged = signed({ ...claims, k: sessionRef(await http.apiKey()) });
    expect((await media(bought.url!, forged)).status).toBe(403);
    expect((await media(bought.url!, grant)).status).toBe(200);
  });

  it('gives a single game’s buyer that game’s media only, and another fan none of it', async () => {
    const { bought, event, fan } = await buyer();
    const second = pick('finished', 'paid', [event.id]);
    const secondDetail = await detail(fan.key, second.id);
    expect(secondDetail).toMatchObject({ has_access: false, url: null, media_grant: null });
    const other = await acc.signUp();
    expect(await detail(other.key, event.id)).toMatchObject({ has_access: false, url: null, media_grant: null });
    expect((await media(bought.url!)).status).toBe(403);
  });

  it('ends a grant with its session (signing out) and when its fan may no longer watch (a lapsed order)', async () => {
    const { fan, event } = await buyer();
    const second = await acc.login(fan.email);
    const key2 = second.json.data.api_key as string;
    const [one, two] = [await detail(fan.key, event.id), await detail(key2, event.id)];
    expect((await media(one.url!, one.media_grant!.value)).status).toBe(200);
    expect((await http.request('POST', '/auth/logout', { body: { api_key: key2 } })).status).toBe(200);
    const signedOut = await media(two.url!, two.media_grant!.value);
    expect(signedOut.status).toBe(403);
    expect((await signedOut.json()).message).toMatch(/session has ended/);
    // A grant of a third session, not used yet; then the order lapses: the origin refuses it.
    const fresh = await detail((await acc.login(fan.email)).json.data.api_key, event.id);
    expect(fresh.media_grant).not.toBeNull();
    await server.db.update(orders).set({ activityStatus: 'expired' }).where(eq(orders.userId, fan.user.id));
    expect((await media(fresh.url!, fresh.media_grant!.value)).status).toBe(403);
  });

  it('gives a paid live game its own stream, served on a grant only', async () => {
    const paidLive = pick('live', 'paid');
    const anonymous = await detail(await http.apiKey(), paidLive.id);
    expect(anonymous).toMatchObject({ has_access: false, url: null, media_grant: null });
    const row = await server.db.query.events.findFirst({ where: (e, { eq: is }) => is(e.id, paidLive.id) });
    expect(row?.asset).toBe('live-2');
    const game = `${paidLive.event_utc_ts}-${paidLive.duration}`;
    for (const path of [
      '/media/live/live-2/master.m3u8',
      '/media/live/live-2/video.m3u8',
      '/media/live/live-2/v/100.ts',
      '/media/live/live-2/s/100.vtt',
      `/media/live/live-2/${game}/master.m3u8`,
      `/media/live/live-2/${game}/kickoff.m3u8`,
      `/media/live/live-2/${game}/video.m3u8`,
    ]) {
      expect((await media(path)).status, path).toBe(403);
    }
  });

  it('serves a paid live game’s start links (time-shifted playlists) on its buyer’s grant, privately', async () => {
    const paidLive = pick('live', 'paid');
    const fan = await acc.signUp();
    const { packages } = await shop.catalogue();
    const ticket = packages.find((p) => p.type === 'event' && p.event_categories.some((c) => paidLive.event_categories.some((ec) => ec.id === c)))!;
    const bought = await shop.buy(fan.key, { event_id: paidLive.id, package_id: ticket.id });
    expect((await shop.pay(bought.json.data.redirect_url, CARD.ok)).status).toBe(303);
    const watched = await detail(fan.key, paidLive.id);
    const dir = `/media/live/live-2/${paidLive.event_utc_ts}-${paidLive.duration}`;
    expect(watched).toMatchObject({ has_access: true, url: `${dir}/master.m3u8` });
    const grant = watched.media_grant!.value;
    const kickoff = await media(`${dir}/kickoff.m3u8`, grant);
    expect(kickoff.status).toBe(200);
    const shifted = (await kickoff.text()).split('\n').find((l) => l.startsWith('video-back-'))!;
    expect(shifted).toMatch(/^video-back-\d+\.m3u8$/);
    for (const file of ['back-30.m3u8', 'video-back-30.m3u8', 'subs-back-30.m3u8', shifted, shifted.replace('video', 'subs')]) {
      expect((await media(`${dir}/${file}`)).status, file).toBe(403);
      const res = await media(`${dir}/${file}`, grant);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toMatch(/^private/);
      expect(await res.text(), file).toMatch(/^#EXTM3U/);
    }
  });

  it('plays a game free to fans with an account (register) for any signed-in fan, and no visitor', async () => {
    const fansOnly = pick('finished', 'register');
    const visitor = await detail(await http.apiKey(), fansOnly.id);
    expect(visitor).toMatchObject({ has_access: false, url: null, media_grant: null });
    const fan = await acc.signUp();
    const signedIn = await detail(fan.key, fansOnly.id);
    expect(signedIn).toMatchObject({ has_access: true, url: '/media/vod/game-7/master.m3u8' });
    expect((await media(signedIn.url!)).status).toBe(403);
    expect((await media(signedIn.url!, signedIn.media_grant!.value)).status).toBe(200);
  });

  it('sells a pay-per-view game by its ticket only: a pass of its sport does not cover it', async () => {
    const ppv = pick('finished', 'ppv');
    const fan = await acc.signUp();
    const { packages } = await shop.catalogue();
    const sport = ppv.event_categories.map((c) => c.id);
    const season = packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass && p.event_categories.some((c) => sport.includes(c)))!;
    const choice = season.event_categories.find((c) => sport.includes(c))!;
    const started = await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [choice] });
    expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
    expect(await detail(fan.key, ppv.id)).toMatchObject({ has_access: false, media_grant: null });
    const ticket = packages.find((p) => p.type === 'event' && p.event_categories.some((c) => sport.includes(c)))!;
    const bought = await shop.buy(fan.key, { event_id: ppv.id, package_id: ticket.id });
    expect(bought.status).toBe(200);
    expect((await shop.pay(bought.json.data.redirect_url, CARD.ok)).status).toBe(303);
    const watched = await detail(fan.key, ppv.id);
    expect(watched.has_access).toBe(true);
    expect((await media(watched.url!, watched.media_grant!.value)).status).toBe(200);
  });
});
