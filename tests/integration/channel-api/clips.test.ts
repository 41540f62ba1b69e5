import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, gt, isNotNull, like, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, CLIP_MSG, CLIP_NAME_MAX, type Clip } from '#contract';
import { clips, events, packages, users } from '../../../channel-api/db/schema.ts';
import type { Deps } from '../../../channel-api/deps.ts';
import { CLIP_ERRORS, clipQueue, makeClip } from '../../../channel-api/services/clips.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* Fans' clips (issue 25): who may clip what, the job that cuts them (checked with ffprobe), the
   files, the share link, downloads and deletion — and nobody else's clips. */

const game = { finished: 0, live: 0, liveKickoff: 0, upcoming: 0, paid: 0 };

const { server, http, acc } = apiForThisFile({}, async ({ server, http }) => {
  const now = Math.floor(Date.now() / 1000);
  const [finished] = await server.db
    .select()
    .from(events)
    .where(and(eq(events.type, 'free'), like(events.asset, 'game-%'), eq(events.alwaysLive, false), lt(sql`${events.eventUtcTs} + ${events.duration}`, now)));
  const [live] = await server.db
    .select()
    .from(events)
    .where(and(eq(events.type, 'free'), eq(events.asset, 'live'), lt(events.eventUtcTs, now - 120)));
  const [upcoming] = await server.db
    .select()
    .from(events)
    .where(and(eq(events.type, 'free'), gt(events.eventUtcTs, now + 3600)));
  const [paid] = await server.db
    .select()
    .from(events)
    .where(and(eq(events.type, 'paid'), isNotNull(events.asset), eq(events.alwaysLive, false), lt(sql`${events.eventUtcTs} + ${events.duration}`, now)));
  game.finished = finished.id;
  game.live = live.id;
  game.upcoming = upcoming.id;
  game.paid = paid.id;
  const detail = await http.request('GET', `/events/${live.id}`, { query: { api_key: await http.apiKey() } });
  expect(detail.json.data.stream_status).toBe('live');
  game.liveKickoff = detail.json.data.event_utc_ts;
});

/** A signed-in fan whom the channel granted these capabilities. */
async function fanWith(capabilities: string[]) {
  const fan = await acc.signUp();
  await server.db.update(users).set({ capabilities }).where(eq(users.id, fan.user.id));
  return fan;
}
const clipper = () => fanWith(['watch', 'clipping', 'download_clip']);

const post = (key: string, body: Record<string, unknown>) => http.request('POST', '/clip', { body: { api_key: key, ...body } });
const ask = (key: string, over: Record<string, unknown> = {}) =>
  post(key, { event_id: game.finished, name: 'Great save', start_time: 2, duration: 10, tags: ['Save'], ...over });

async function clipsOf(key: string): Promise<Clip[]> {
  const res = await http.request('GET', '/clips/user', { query: { api_key: key } });
  expect(res.status, res.text).toBe(200);
  return api.clipsUser.response.parse(res.json).data;
}

/** Waits until none of the fan's clips is queued (the job runs in the server). */
async function settled(key: string, timeoutMs = 90_000): Promise<Clip[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await clipsOf(key);
    if (list.every((c) => c.status !== 'queued')) return list;
    if (Date.now() > until) throw new Error(`clips still queued: ${JSON.stringify(list.map((c) => [c.id, c.status, c.progress]))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The channel's products that grant a capability, and those that do not, by name. */
async function productsBy(capability: string) {
  const packages = api.packages.response.parse((await http.request('GET', '/packages')).json).data;
  const subs = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data;
  const all = [...packages, ...subs];
  const grants = (p: (typeof all)[number]) => p.capabilities.some((c) => c === capability);
  return { granting: all.filter(grants).map((p) => p.name), others: all.filter((p) => !grants(p)).map((p) => p.name) };
}

/** The products a "<Noun> come with the A or the B." refusal names. */
function namedIn(message: string, noun: string): string[] {
  const lead = `${noun} come with the `;
  expect(message.startsWith(lead) && message.endsWith('.'), message).toBe(true);
  return message.slice(lead.length, -1).split(' or the ');
}

const fileOf = (url: string) => path.join(server.dataDir, url.replace(/^\/media\//, ''));

/* ffprobe and ffmpeg run without blocking: the channel API runs in this process, and an event loop
   stopped for seconds lets the server drop an idle keep-alive socket that fetch then reuses
   (ECONNRESET, seen under load). */
const run = promisify(execFile);

async function ffprobe(file: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', file]);
  return JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
}

async function expectPlayableClip(clip: Clip, seconds: number) {
  expect(clip.media).not.toBeNull();
  const info = await ffprobe(fileOf(clip.media!.video));
  expect(Math.abs(Number(info.format.duration) - seconds)).toBeLessThanOrEqual(0.5);
  expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
  // Decodes from end to end without an error.
  expect((await run('ffmpeg', ['-v', 'error', '-i', fileOf(clip.media!.video), '-f', 'null', '-'])).stderr).toBe('');
  const preview = (await ffprobe(fileOf(clip.media!.preview))).streams[0];
  expect([preview.width, preview.height]).toEqual([1200, 630]);
  const poster = (await ffprobe(fileOf(clip.media!.poster))).streams[0];
  expect([poster.width, poster.height]).toEqual([clip.media!.width, clip.media!.height]);
}

describe(`clips (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes a 10 s clip of a finished game: queued, then processed, its files playable and public', async () => {
    const fan = await clipper();
    const res = await ask(fan.key);
    expect(res.status, res.text).toBe(200);
    const queued = api.createClip.response.parse(res.json).data;
    expect(queued).toMatchObject({ event_id: game.finished, name: 'Great save', start_time: 2, duration: 10, tags: ['Save'], status: 'queued', media: null });
    const [clip] = await settled(fan.key);
    expect(clip).toMatchObject({ id: queued.id, status: 'processed', progress: 100, error: null });
    await expectPlayableClip(clip, 10);
    expect(clip.media!.video).toBe(`/media/clips/${clip.uuid}/clip.mp4`);

    const video = await fetch(`${server.url}${clip.media!.video}`, { headers: { Range: 'bytes=0-99' } });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(video.headers.get('cache-control')).toContain('immutable');
    expect((await video.arrayBuffer()).byteLength).toBe(100);
    const size = Number(video.headers.get('content-range')!.split('/')[1]);
    const past = await fetch(`${server.url}${clip.media!.video}`, { headers: { Range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(past.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}${clip.media!.preview}`)).headers.get('content-type')).toBe('image/jpeg');
    for (const bad of [
      `/media/clips/${clip.uuid}/../../media/game-1/video.mp4`,
      `/media/clips/${clip.uuid}/segments.txt`,
      '/media/clips/not-a-uuid/clip.mp4',
    ]) {
      expect((await fetch(`${server.url}${bad}`)).status).toBe(404);
    }

    const [user] = await server.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(user.clipsCount).toBe(1);
    const ofGame = await http.request('GET', `/clips/event/${game.finished}`, { query: { api_key: fan.key } });
    expect(api.clipsEvent.response.parse(ofGame.json).data.map((c) => c.id)).toEqual([clip.id]);
    const ofOther = await http.request('GET', `/clips/event/${game.live}`, { query: { api_key: fan.key } });
    expect(ofOther.json.data).toEqual([]);
    const withClip = await http.request('GET', '/events/with_clip', { query: { api_key: fan.key } });
    expect(api.eventsWithClip.response.parse(withClip.json).data).toEqual([expect.objectContaining({ id: game.finished, clips: 1 })]);

    // The share link: anyone with id and uuid, nothing of the owner.
    const shared = await http.request('GET', `/shared-clip/${clip.id}`, { query: { uuid: clip.uuid } });
    expect(shared.status, shared.text).toBe(200);
    expect(api.sharedClip.response.parse(shared.json).data).toEqual({
      id: clip.id,
      event_id: game.finished,
      event_name: clip.event_name,
      name: 'Great save',
      duration: 10,
      tags: ['Save'],
      status: 'processed',
      media: clip.media,
      created_at: clip.created_at,
    });
    const wrong = await http.request('GET', `/shared-clip/${clip.id}`, { query: { uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(wrong.status).toBe(404);
  });

  it('cuts inside a segment to the second (re-encoded), and the last seconds of a live game', async () => {
    const fan = await clipper();
    expect((await ask(fan.key, { start_time: 3, duration: 7, name: 'Odd' })).status).toBe(200);
    const sinceKickoff = Math.floor(Date.now() / 1000) - game.liveKickoff;
    const live = await post(fan.key, { event_id: game.live, name: 'Live', start_time: sinceKickoff - 13, duration: 11, tags: ['Goal', 'Highlight'] });
    expect(live.status, live.text).toBe(200);
    const list = await settled(fan.key);
    expect(list.map((c) => [c.name, c.status])).toEqual([
      ['Live', 'processed'],
      ['Odd', 'processed'],
    ]);
    await expectPlayableClip(list[0], 11);
    await expectPlayableClip(list[1], 7);
  }, 60_000);

  it('refuses a visitor, an unknown game, a game the fan may not watch, one not started, a fan without clipping', async () => {
    const visitor = await http.apiKey();
    expect((await ask(visitor)).json.code).toBe('unauthenticated');
    const fan = await clipper();
    const unknown = await ask(fan.key, { event_id: 2_000_000_000 });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'not_found']);
    const paid = await ask(fan.key, { event_id: game.paid });
    expect([paid.status, paid.json.code]).toEqual([403, 'forbidden']);
    expect(paid.json.message).toMatch(/may not watch this game/);
    const upcoming = await ask(fan.key, { event_id: game.upcoming });
    expect([upcoming.status, upcoming.json.code]).toEqual([409, 'not_available']);
    const watcher = await fanWith(['watch']);
    const noCap = await ask(watcher.key);
    expect([noCap.status, noCap.json.code]).toEqual([403, 'no_capability']);
    const clipping = await productsBy('clipping');
    expect(namedIn(noCap.json.message, 'Clips').sort()).toEqual([...new Set(clipping.granting)].sort());
    expect(await clipsOf(fan.key)).toEqual([]);
    const [user] = await server.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(user.clipsCount).toBe(0);
  });

  it('refuses over 5 minutes, tags not in the channel list, and times outside the game', async () => {
    const fan = await clipper();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ duration: 301 }, 'duration', /300/],
      [{ duration: 0 }, 'duration', /1/],
      [{ tags: ['Not a tag'] }, 'tags', CLIP_MSG.tag],
      [{ tags: [] }, 'tags', CLIP_MSG.tag],
      [{ name: ' ' }, 'name', CLIP_MSG.required],
      [{ start_time: 5000 }, 'start_time', /within the game's video/],
      [{ start_time: 10, duration: 290 }, 'duration', /within the game's video/],
      [{ event_id: game.live, start_time: 86_000 }, 'start_time', /within the game so far/],
      [{ event_media_id: 7 }, 'event_media_id', /one video/],
    ];
    for (const [over, field, message] of cases) {
      const res = await ask(fan.key, over);
      expect([res.status, res.json.code], `${JSON.stringify(over)}: ${res.text}`).toEqual([400, 'invalid_params']);
      expect(res.json.errors[field][0]).toMatch(message);
    }
    expect(await clipsOf(fan.key)).toEqual([]);
  });

  it("keeps each fan's clips their own: another fan's clip is not found", async () => {
    const owner = await clipper();
    const other = await clipper();
    const made = (await ask(owner.key)).json.data as Clip;
    await settled(owner.key);
    expect(await clipsOf(other.key)).toEqual([]);
    expect((await http.request('GET', `/clip/download/${made.id}`, { query: { api_key: other.key } })).status).toBe(404);
    expect((await http.request('DELETE', `/clip/${made.id}`, { query: { api_key: other.key } })).status).toBe(404);
    expect((await http.request('GET', `/clips/event/${game.finished}`, { query: { api_key: other.key } })).json.data).toEqual([]);
    expect((await clipsOf(owner.key)).map((c) => c.id)).toEqual([made.id]);
  });

  it("renames the owner's clip (its share page says the new name); refuses another fan, an empty or too long name", async () => {
    const owner = await clipper();
    const other = await clipper();
    const made = (await ask(owner.key)).json.data as Clip;
    const rename = (key: string, name: unknown) => acc.post(`/clip/${made.id}/name`, { name, api_key: key });
    const res = await rename(owner.key, '  The save of the season ');
    expect(res.status, res.text).toBe(200);
    expect(api.renameClip.response.parse(res.json).data).toMatchObject({ id: made.id, name: 'The save of the season', uuid: made.uuid });
    expect((await clipsOf(owner.key)).map((c) => c.name)).toEqual(['The save of the season']);
    const shared = await http.request('GET', `/shared-clip/${made.id}`, { query: { uuid: made.uuid } });
    expect(shared.json.data.name).toBe('The save of the season');
    expect((await rename(other.key, 'Mine now')).status).toBe(404);
    for (const [name, message] of [
      ['   ', CLIP_MSG.required],
      ['x'.repeat(CLIP_NAME_MAX + 1), `Field length must be less than ${CLIP_NAME_MAX + 1}`],
      [undefined, CLIP_MSG.required],
    ] as const) {
      const bad = await rename(owner.key, name);
      expect(bad.status, JSON.stringify(name)).toBe(400);
      expect(bad.json.errors.name).toEqual([message]);
    }
    expect((await clipsOf(owner.key)).map((c) => c.name)).toEqual(['The save of the season']);
  });

  it('downloads a processed clip with download_clip, counted once; refuses one not ready or without it', async () => {
    const fan = await clipper();
    const made = (await ask(fan.key, { name: 'Top: "save"/1' })).json.data as Clip;
    const [clip] = await settled(fan.key);
    const first = await http.request('GET', `/clip/download/${made.id}`, { query: { api_key: fan.key } });
    expect(first.status, first.text).toBe(200);
    const link = api.clipDownload.response.parse(first.json).data;
    // The names, without what file systems refuse; the game's is its one name ('… @ … (Boys Soccer)').
    expect(clip.event_name).toMatch(/^[\w ]+ @ [\w ]+ \((Boys|Girls) \w+\)$/);
    expect(link.filename).toBe(`Top save 1 - ${clip.event_name}.mp4`);
    expect(link.bytes).toBe(fs.statSync(fileOf(clip.media!.video)).size);
    const file = await fetch(`${server.url}${link.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect((await file.arrayBuffer()).byteLength).toBe(link.bytes);
    expect((await http.request('GET', `/clip/download/${made.id}`, { query: { api_key: fan.key } })).status).toBe(200);
    const count = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0].downloadsCount;
    expect(await count(fan.user.id)).toBe(1);

    // A clip still queued (no job for it here), then a fan who may clip but not download.
    const [queued] = await server.db
      .insert(clips)
      .values({ userId: fan.user.id, eventId: game.finished, name: 'Later', startTime: 0, duration: 4 })
      .returning();
    const notReady = await http.request('GET', `/clip/download/${queued.id}`, { query: { api_key: fan.key } });
    expect([notReady.status, notReady.json.code]).toEqual([409, 'not_available']);
    const clipOnly = await fanWith(['watch', 'clipping']);
    const theirs = (await ask(clipOnly.key)).json.data as Clip;
    await settled(clipOnly.key);
    const refused = await http.request('GET', `/clip/download/${theirs.id}`, { query: { api_key: clipOnly.key } });
    expect([refused.status, refused.json.code]).toEqual([403, 'no_capability']);
    expect(refused.json.message).toBe('Clip downloads come with the Monthly subscription or the Annual subscription.');
    expect(await count(clipOnly.user.id)).toBe(0);
  });

  it('a refused clip download names only the products that grant download_clip, from the channel’s data', async () => {
    const fan = await fanWith(['watch', 'clipping']);
    const [clip] = await server.db.insert(clips).values({ userId: fan.user.id, eventId: game.finished, name: 'Mine', startTime: 0, duration: 4 }).returning();
    const refusedNow = async () => {
      const res = await http.request('GET', `/clip/download/${clip.id}`, { query: { api_key: fan.key } });
      expect([res.status, res.json.code]).toEqual([403, 'no_capability']);
      return namedIn(res.json.message, 'Clip downloads');
    };
    // The demo's passes grant clipping but not download_clip: none of them is named.
    const [pass] = await server.db.select().from(packages).where(eq(packages.type, 'package')).limit(1);
    const { granting, others } = await productsBy('download_clip');
    expect(others).toContain(pass.name);
    expect((await refusedNow()).sort()).toEqual([...granting].sort());

    // Once the channel says a pass grants download_clip, the refusal names it.
    await server.db
      .update(packages)
      .set({ capabilities: [...pass.capabilities, 'download_clip'] })
      .where(eq(packages.id, pass.id));
    try {
      expect(await refusedNow()).toContain(pass.name);
    } finally {
      await server.db.update(packages).set({ capabilities: pass.capabilities }).where(eq(packages.id, pass.id));
    }
  });

  it('shows a clip whose job failed as failed, with its error, and a clip whose job died as failed', async () => {
    const fan = await clipper();
    // Past the end of the recording: both tries fail.
    const [bad] = await server.db
      .insert(clips)
      .values({ userId: fan.user.id, eventId: game.finished, name: 'Broken', startTime: 4000, duration: 10 })
      .returning();
    await server.jobs.send(clipQueue, { clipId: bad.id, source: { kind: 'vod', asset: 'game-1' } }, { key: String(bad.id) });
    const [failed] = await settled(fan.key, 60_000);
    expect(failed).toMatchObject({ id: bad.id, status: 'failed', error: CLIP_ERRORS.failed, media: null });
    const shared = await http.request('GET', `/shared-clip/${bad.id}`, { query: { uuid: bad.uuid } });
    expect(shared.json.data).toMatchObject({ status: 'failed', media: null });

    const [stale] = await server.db
      .insert(clips)
      .values({ userId: fan.user.id, eventId: game.finished, name: 'Lost', startTime: 0, duration: 4, createdAt: new Date(Date.now() - 10 * 60_000) })
      .returning();
    const list = await clipsOf(fan.key);
    expect(list.find((c) => c.id === stale.id)).toMatchObject({ status: 'failed', error: CLIP_ERRORS.tooLong });
  });

  it("deletes the owner's clip and its files; a queued clip's job does not bring it back", async () => {
    const fan = await clipper();
    const made = (await ask(fan.key)).json.data as Clip;
    const [clip] = await settled(fan.key);
    const dir = path.dirname(fileOf(clip.media!.video));
    expect(fs.existsSync(dir)).toBe(true);
    const res = await http.request('DELETE', `/clip/${made.id}`, { query: { api_key: fan.key } });
    expect([res.status, res.json.data]).toEqual([200, { id: made.id }]);
    expect(fs.existsSync(dir)).toBe(false);
    expect((await fetch(`${server.url}${clip.media!.video}`)).status).toBe(404);
    expect(await clipsOf(fan.key)).toEqual([]);
    expect((await http.request('DELETE', `/clip/${made.id}`, { query: { api_key: fan.key } })).status).toBe(404);
    // Deleting does not lower the count of clips made (ADR 039).
    const [user] = await server.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(user.clipsCount).toBe(1);

    const [queued] = await server.db.insert(clips).values({ userId: fan.user.id, eventId: game.finished, name: 'Gone', startTime: 0, duration: 4 }).returning();
    expect((await http.request('DELETE', `/clip/${queued.id}`, { query: { api_key: fan.key } })).status).toBe(200);
    const deps = { db: server.db, dataDir: server.dataDir, log: () => undefined } as unknown as Deps;
    const job = { id: 'x', key: null, attempt: 1, data: { clipId: queued.id, source: { kind: 'vod' as const, asset: 'game-1' } } };
    expect(await makeClip(deps, job)).toBe('gone');
    expect(fs.existsSync(path.join(server.dataDir, 'clips', queued.uuid))).toBe(false);
  });

  it("deleting the account removes its clips' files", async () => {
    const fan = await clipper();
    await ask(fan.key);
    const [clip] = await settled(fan.key);
    const dir = path.dirname(fileOf(clip.media!.video));
    expect(fs.existsSync(dir)).toBe(true);
    const after = Date.now();
    expect((await acc.post('/delete-account-confirm', { api_key: fan.key })).status).toBe(200);
    const token = tokenFrom(await waitForMail(server.outbox, { to: fan.email, subject: 'deletion', after }), '/confirm-account-deletion');
    expect((await acc.post('/delete-account-confirm', { token, api_key: await http.apiKey() })).status).toBe(200);
    expect(fs.existsSync(dir)).toBe(false);
    expect((await http.request('GET', `/shared-clip/${clip.id}`, { query: { uuid: clip.uuid } })).status).toBe(404);
  });

  it('makes one clip per POST when several come at once, and processes 10 asked at once by five fans (two each, within their limit)', async () => {
    const fans = await Promise.all(Array.from({ length: 5 }, () => clipper()));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask(fans[i % 5].key, { name: `Clip ${i}`, start_time: i % 5, duration: 4 + (i % 3) })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const list = (await Promise.all(fans.map((fan) => settled(fan.key)))).flat();
    expect(list).toHaveLength(10);
    expect(new Set(list.map((c) => c.id)).size).toBe(10);
    expect(list.every((c) => c.status === 'processed')).toBe(true);
    for (const fan of fans) {
      const [user] = await server.db.select().from(users).where(eq(users.id, fan.user.id));
      expect(user.clipsCount).toBe(2);
    }
    for (const c of list) expect(Math.abs(Number((await ffprobe(fileOf(c.media!.video))).format.duration) - c.duration)).toBeLessThanOrEqual(0.5);
  }, 120_000);
});
