import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { visitorKey } from './commerce.ts';
import { channels } from '../../channel-api/db/schema.ts';
import { prepareAd } from '../../channel-api/media/preroll-media.ts';
import { startChannelApi } from '../../channel-api/server.ts';
import { api } from '../../contract/index.ts';
import { linkSharedMedia } from '../support/media-cache.ts';

/* The pre-roll figure of `npm run bench` (issue 35, ADR 050), called by run.ts: requests/s of a
   game's stitched media playlist (the ad's segments, a discontinuity, the game's) against its
   plain one, on the channel API (its own, embedded, PGlite), for an on-demand game (its 360p
   rendition, read from disk and stitched per request) and a live game (its DVR playlist since the
   kick-off, computed per request, against a viewer's stitched one). Gzip accepted, as players
   ask. `node --import tsx tests/bench/prerolls.ts` runs it alone. */

export interface PrerollFigures {
  vod: { plain: number; stitched: number; ratio: number };
  live: { plain: number; stitched: number; ratio: number };
}

const AD = path.resolve(import.meta.dirname, '../../channel-api/seed/demo/lakeshore-ad.mp4');

async function rps(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx || result.errors) console.warn(`  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

export async function prerollsBench(opts: { seconds: number }): Promise<PrerollFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-prerolls-'));
  await linkSharedMedia(dataDir);
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const channel = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir, logger: false }).finally(() => {
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  });
  try {
    // One pre-roll before every game, stored before anything reads the list.
    const { ad, duration } = await prepareAd(AD, dataDir);
    const [row] = await channel.db.select().from(channels).limit(1);
    const preroll = { id: 1, ad, duration, location_ids: [], category_ids: [], skip_after_seconds: 5, link: null, starts: null, ends: null };
    await channel.db
      .update(channels)
      .set({ settings: { ...row.settings, prerolls: [preroll] } })
      .where(eq(channels.id, row.id));

    const key = await visitorKey(channel.url);
    const list = api.events.response.parse(await (await fetch(`${channel.url}/events?limit=100&api_key=${key}`)).json()).data;
    const detail = async (id: number) => api.event.response.parse(await (await fetch(`${channel.url}/events/${id}?api_key=${key}`)).json()).data;
    const vod = await detail(list.find((e) => e.stream_status === 'finished' && e.type === 'free')!.id);
    const live = await detail(list.find((e) => e.stream_status === 'live' && e.type === 'free')!.id);
    if (!vod.url || !live.url || !vod.preroll) throw new Error('prerolls bench: no playback or no pre-roll');

    const vodPlain = `${channel.url}${vod.url.replace(/master\.m3u8$/, '360p.m3u8')}`;
    const vodStitched = `${channel.url}${vod.url.replace(/master\.m3u8$/, 'preroll-1/360p.m3u8')}`;
    const livePlain = `${channel.url}${live.url.replace(/master\.m3u8$/, 'video.m3u8')}`;
    const stitchedMaster = await (await fetch(`${channel.url}${live.url.replace(/master\.m3u8$/, 'preroll-1/master.m3u8')}`)).text();
    const viewer = /^video-\d+-\d+\.m3u8$/m.exec(stitchedMaster)?.[0];
    if (!viewer) throw new Error('prerolls bench: the live stitched master names no playlist');
    const liveStitched = `${channel.url}${live.url.replace(/master\.m3u8$/, `preroll-1/${viewer}`)}`;

    const vodFigures = { plain: await rps(vodPlain, opts.seconds), stitched: await rps(vodStitched, opts.seconds) };
    const liveFigures = { plain: await rps(livePlain, opts.seconds), stitched: await rps(liveStitched, opts.seconds) };
    const ratio = (f: { plain: number; stitched: number }) => Number((f.stitched / f.plain).toFixed(2));
    return { vod: { ...vodFigures, ratio: ratio(vodFigures) }, live: { ...liveFigures, ratio: ratio(liveFigures) } };
  } finally {
    await channel.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function prerollsRows(f: PrerollFigures): [string, string, string][] {
  return [
    ['pre-roll: stitched / plain media playlist, on-demand game (360p)', `${f.vod.ratio} (${f.vod.stitched} / ${f.vod.plain} req/s)`, '≥ 0.5'],
    [
      'pre-roll: stitched / plain media playlist, live game (its viewer’s / the DVR one)',
      `${f.live.ratio} (${f.live.stitched} / ${f.live.plain} req/s)`,
      '≥ 0.5',
    ],
  ];
}

// `node --import tsx tests/bench/prerolls.ts`: this figure alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const figures = await prerollsBench({ seconds: Number(process.env.BENCH_SECONDS ?? 10) });
  console.log(JSON.stringify(figures, null, 2));
  for (const row of prerollsRows(figures)) console.log(row.join(' | '));
  process.exit(0);
}
