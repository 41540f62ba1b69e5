import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type Event, type Package } from '#contract';
import { downloads, events as eventRows, packages as packageRows } from '../../../channel-api/db/schema.ts';
import { loadSigning, signingFrom } from '../../../channel-api/signing.ts';
import { gameName } from '../../../contract/game-name.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, shopForThisFile } from '../support/commerce.ts';

/* GET /download-event/{id} (issue 25, ADR 038): a finished game the fan may watch, with the
   `download` capability of one of their products, as a signed link to its MP4; every refusal says
   why; each fan's download of a game counts once in featureCount, however many requests ask. */

const { server, http, acc, shop } = shopForThisFile({ publicUrl: 'http://127.0.0.1:3999' });

const download = (key: string | null, id: number | string) => http.request('GET', `/download-event/${id}`, { query: key === null ? {} : { api_key: key } });
const downloadsCount = async (key: string) =>
  api.userAccess.response.parse((await http.request('GET', '/user/access', { query: { api_key: key } })).json).data.featureCount.downloads;
const features = async (key: string, id: number) => api.event.response.parse((await shop.event(key, id)).json).data.features;

async function subscriber() {
  const fan = await acc.signUp();
  const subs = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data;
  const started = await shop.buy(fan.key, { subscription_id: subs[0].id });
  expect(started.status, started.text).toBe(200);
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  return fan;
}

/** A finished paid game, and the season pass (a pass: watch and clip, no downloads) that covers it. */
async function passAndGame(): Promise<{ game: Event; pass: Package }> {
  const { packages, events } = await shop.catalogue();
  for (const game of events.filter((e) => e.type === 'paid' && e.stream_status === 'finished')) {
    const pass = packages.find(
      (p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass && p.event_categories.includes(game.event_categories[0].id),
    );
    if (pass) return { game, pass };
  }
  throw new Error('the demo sells no season pass for a finished paid game');
}

async function passHolder(pass: Package, category: number) {
  const fan = await acc.signUp();
  const started = await shop.buyBundle(fan.key, { package_id: pass.id, event_category_ids: [category] });
  expect(started.status, started.text).toBe(200);
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  return fan;
}

describe(`GET /download-event/{id} (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the catalogue says what each product grants: the demo’s single game watches, a pass also clips, a subscription does everything', async () => {
    const packages = api.packages.response.parse((await http.request('GET', '/packages')).json).data;
    const subs = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data;
    expect(packages.find((p) => p.type === 'event')!.capabilities).toEqual(['watch']);
    expect(packages.find((p) => p.type === 'package')!.capabilities).toEqual(['watch', 'clipping']);
    for (const s of subs) expect([...s.capabilities].sort()).toEqual(['clipping', 'download', 'download_clip', 'no_ads', 'vod_media_access', 'watch']);
  });

  it('refuses a visitor (401), an unknown game (404), a game the fan may not watch (403), a game not finished (409)', async () => {
    const fan = await acc.signUp();
    const { game } = await passAndGame();
    const { events } = await shop.catalogue();
    expect((await download(await http.apiKey(), game.id)).status).toBe(401);
    expect((await download(fan.key, 2_000_000_000)).json).toMatchObject({ code: 'not_found' });
    const refused = await download(fan.key, game.id);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ code: 'forbidden', message: 'You need a pass to watch this game before you can download it.' });
    for (const status of ['live', 'upcoming'] as const) {
      const free = events.find((e) => e.type === 'free' && e.stream_status === status)!;
      const early = await download(fan.key, free.id);
      expect(early.status, early.text).toBe(409);
      expect(early.json).toEqual({ code: 'not_available', message: 'A game can be downloaded once it has finished.' });
    }
    expect(await downloadsCount(fan.key)).toBe(0);
  });

  it('a pass holder may watch the game but not download it: 403 no_capability names what grants downloads; the game says why', async () => {
    const { game, pass } = await passAndGame();
    const fan = await passHolder(pass, game.event_categories[0].id);
    expect((await shop.event(fan.key, game.id)).json.data.has_access).toBe(true);
    const refused = await download(fan.key, game.id);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ code: 'no_capability', message: 'Downloads come with the Monthly subscription or the Annual subscription.' });
    expect(await features(fan.key, game.id)).toEqual({
      clip: { state: 'allowed', capability: 'clipping' },
      download: { state: 'no_capability', capability: 'download' },
    });
    expect(await downloadsCount(fan.key)).toBe(0);
  });

  it('a subscriber gets a signed link to the MP4 with a proper name: the file, its ranges, and nothing for a forged or expired link', async () => {
    const fan = await subscriber();
    const { game } = await passAndGame();
    expect((await features(fan.key, game.id)).download).toEqual({ state: 'allowed', capability: 'download' });
    const res = await download(fan.key, game.id);
    expect(res.status, res.text).toBe(200);
    const { data } = api.downloadEvent.response.parse(res.json);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      game.event_utc_ts * 1000,
    );
    // The game's one name ('Lakeview Lions @ Harbor Point Pirates (Boys Basketball)') and its day in the channel's zone.
    expect(data.filename).toBe(`${gameName(game)} ${date}.mp4`);
    expect(data.filename).toMatch(/^[A-Za-z0-9 _.@()-]+ \d{4}-\d{2}-\d{2}\.mp4$/);
    expect(data.url).toMatch(/^\/media\/downloads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);

    const { asset } = (await server.db.select({ asset: eventRows.asset }).from(eventRows).where(eq(eventRows.id, game.id)))[0];
    const file = fs.readFileSync(path.join(server.dataDir, 'media', asset!, 'video.mp4'));
    expect(data.bytes).toBe(file.length);

    const whole = await fetch(new URL(data.url, server.url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toBe(`attachment; filename="${data.filename}"`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    const body = Buffer.from(await whole.arrayBuffer());
    expect(body.equals(file)).toBe(true);
    expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const part = await fetch(new URL(data.url, server.url), { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);

    const token = data.url.slice('/media/downloads/'.length);
    const claims = (await loadSigning(server.db, {})).claims('download', token)!;
    const forged = signingFrom(['not-the-server-secret-at-all-0123456789']).token('download', claims);
    const expired = (await loadSigning(server.db, {})).token('download', { ...claims, x: Math.floor(Date.now() / 1000) - 1 });
    const otherFile = (await loadSigning(server.db, {})).token('download', { ...claims, f: '../secret.txt' });
    const past = await fetch(new URL(data.url, server.url), { headers: { range: `bytes=${file.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${file.length}`);
    expect(past.headers.get('content-disposition')).toBeNull();
    expect(past.headers.get('content-type')).toMatch(/^application\/json/);

    const gone = (await loadSigning(server.db, {})).token('download', { ...claims, f: `media/${asset}/gone.mp4` });
    const goneAnswer = await fetch(new URL(`/media/downloads/${gone}`, server.url));
    expect(goneAnswer.status).toBe(404);
    expect(goneAnswer.headers.get('content-disposition')).toBeNull();
    expect(await goneAnswer.json()).toEqual({ code: 'not_found', message: 'The file of this download is gone.' });

    // Its MAC with the first character changed (the last ones may hold only padding bits, or be the replacement already).
    const dot = token.lastIndexOf('.');
    const tampered = `${token.slice(0, dot + 1)}${token[dot + 1] === 'A' ? 'B' : 'A'}${token.slice(dot + 2)}`;
    for (const bad of [forged, expired, otherFile, tampered]) {
      const refused = await fetch(new URL(`/media/downloads/${bad}`, server.url));
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-disposition')).toBeNull();
      expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
    }
  });

  it('counts a fan’s download of a game once, however often and however many requests ask at once; another game counts again', async () => {
    const fan = await subscriber();
    const { events } = await shop.catalogue();
    // Pay-per-view games are sold by their own ticket only: a subscription does not open them.
    const [first, second] = events.filter((e) => e.stream_status === 'finished' && e.type !== 'ppv');
    const answers = await Promise.all(Array.from({ length: 6 }, () => download(fan.key, first.id)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await downloadsCount(fan.key)).toBe(1);
    expect((await download(fan.key, first.id)).status).toBe(200);
    expect(await downloadsCount(fan.key)).toBe(1);
    const again = await Promise.all([download(fan.key, second.id), download(fan.key, second.id), download(fan.key, first.id)]);
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await downloadsCount(fan.key)).toBe(2);
    const rows = await server.db
      .select({ item: downloads.itemId, kind: downloads.kind })
      .from(downloads)
      .where(and(eq(downloads.userId, fan.user.id as number)));
    expect(rows.sort((a, b) => a.item - b.item)).toEqual([first.id, second.id].sort((a, b) => a - b).map((item) => ({ item, kind: 'event' })));
  });

  it('answers as the game’s features.download says, for a visitor, a fan, a pass holder and a subscriber on every kind of game', async () => {
    const { game, pass } = await passAndGame();
    const { events } = await shop.catalogue();
    const games = [game, ...(['finished', 'live', 'upcoming'] as const).map((status) => events.find((e) => e.type === 'free' && e.stream_status === status)!)];
    const keys = [await http.apiKey(), (await acc.signUp()).key, (await passHolder(pass, game.event_categories[0].id)).key, (await subscriber()).key];
    const answers = {
      allowed: [200, undefined],
      sign_in: [401, 'unauthenticated'],
      no_access: [403, 'forbidden'],
      unavailable: [409, 'not_available'],
      no_capability: [403, 'no_capability'],
    };
    const seen = new Set<string>();
    for (const key of keys) {
      for (const g of games) {
        const { state } = (await features(key, g.id)).download;
        const res = await download(key, g.id);
        expect([res.status, res.json.code], `${state} on ${g.stream_status} game ${g.id}`).toEqual(answers[state]);
        seen.add(state);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(answers).sort());
  });

  it('a finished game without a recording has nothing to download (409), and says so on the game', async () => {
    const fan = await subscriber();
    const { events } = await shop.catalogue();
    const game = events.filter((e) => e.type === 'free' && e.stream_status === 'finished').at(-1)!;
    const [{ asset }] = await server.db.select({ asset: eventRows.asset }).from(eventRows).where(eq(eventRows.id, game.id));
    await server.db.update(eventRows).set({ asset: null }).where(eq(eventRows.id, game.id));
    try {
      const refused = await download(fan.key, game.id);
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({ code: 'not_available', message: 'This game has no recording to download.' });
      expect((await features(fan.key, game.id)).download.state).toBe('unavailable');
    } finally {
      await server.db.update(eventRows).set({ asset }).where(eq(eventRows.id, game.id));
    }
  });

  it('what a product grants is read from the channel’s data: a single game that no longer grants watch opens nothing', async () => {
    const { event, ticket } = await shop.paidEvent();
    const fan = await acc.signUp();
    const started = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id });
    expect(started.status, started.text).toBe(200);
    expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
    expect((await shop.event(fan.key, event.id)).json.data.has_access).toBe(true);
    await server.db
      .update(packageRows)
      .set({ capabilities: ['clipping'] })
      .where(eq(packageRows.id, ticket.id));
    try {
      const detail = api.event.response.parse((await shop.event(fan.key, event.id)).json).data;
      expect(detail.has_access).toBe(false);
      expect(detail.url).toBeNull();
      expect(detail.features.download.state).toBe('no_access');
      expect((await http.request('GET', '/user/access', { query: { api_key: fan.key } })).json.data.capabilities).toContain('clipping');
    } finally {
      await server.db
        .update(packageRows)
        .set({ capabilities: ['watch'] })
        .where(eq(packageRows.id, ticket.id));
    }
  });
});
