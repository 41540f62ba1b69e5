import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, like, lt, sql } from 'drizzle-orm';
import { latency, post, visitorKey, type Latency } from './commerce.ts';
import { events, users } from '../../channel-api/db/schema.ts';
import { startChannelApi } from '../../channel-api/server.ts';
import { linkSharedMedia } from '../support/media-cache.ts';
import { tokenFrom, waitForMail } from '../support/outbox.ts';
import { registration, uniqueEmail } from '../support/registration.ts';

/* The clips figures of `npm run bench` (issue 25), called by run.ts: the time from POST /clip to
   the clip processed (GET /clips/user polled every 25 ms), for a 30 s clip on segment boundaries
   (copied), one whose cut falls inside a segment (re-encoded), and 10 clips asked at once by 10 fans. A
   channel API of its own (embedded, PGlite); the game is a finished demo game when its recording
   lasts 30 s or more, else the live game (its loop since kick-off). */

const SECONDS = 30;
const SAMPLES = 10;
const AT_ONCE = 10;

export interface ClipsFigures {
  seconds: number;
  source: 'finished game' | 'live game';
  /** Cuts on segment boundaries: the segments copied. */
  aligned: Latency;
  /** A cut inside a segment: re-encoded. */
  reencoded: Latency;
  /** AT_ONCE clips asked at once (half of each kind): each clip's time, and until the last. */
  atOnce: Latency & { clips: number; allMs: number };
}

const round = (ms: number) => Math.round(ms);

export async function clipsBench(): Promise<ClipsFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-clips-'));
  await linkSharedMedia(dataDir);
  // The figures are PGlite's, as the embedded default: a DATABASE_URL in the environment is not used.
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const channel = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir, logger: false }).finally(() => {
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  });
  try {
    const key = await visitorKey(channel.url);
    /** A fan who may clip (a fan has at most 3 clips being made at once: ADR 057). */
    const clipper = async () => {
      const email = uniqueEmail('bench-clips');
      const after = Date.now();
      await post(channel.url, '/v2/auth/register', { ...registration(email), api_key: key });
      const token = tokenFrom(await waitForMail(path.join(dataDir, 'outbox'), { to: email, subject: 'Verify', after }), '/verify-email');
      const verified = await post(channel.url, '/auth/email-verify', { token, api_key: key });
      const session = (await post(channel.url, '/auth/add_session', { code: verified.data.code, api_key: key })).data;
      await channel.db
        .update(users)
        .set({ capabilities: ['watch', 'clipping'] })
        .where(eq(users.id, (session.user as { id: number }).id));
      return session.api_key as string;
    };
    const fanKey = await clipper();

    const now = Math.floor(Date.now() / 1000);
    const [finished] = await channel.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.type, 'free'), like(events.asset, 'game-%'), eq(events.alwaysLive, false), lt(sql`${events.eventUtcTs} + ${events.duration}`, now)));
    const [live] = await channel.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.type, 'free'), eq(events.asset, 'live')));
    const ask = (eventId: number, start: number, by = fanKey) =>
      fetch(`${channel.url}/clip`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: by, event_id: eventId, name: 'Bench clip', start_time: start, duration: SECONDS, tags: ['Highlight'] }),
      });
    // A finished game if its recording is long enough, else the live game from a minute back.
    let source: ClipsFigures['source'] = 'finished game';
    let game = finished.id;
    let base = 0;
    const probe = await ask(game, base);
    if (probe.status !== 200) {
      source = 'live game';
      game = live.id;
      const detail = (await (await fetch(`${channel.url}/events/${game}?api_key=${fanKey}`)).json()) as { data: { event_utc_ts: number } };
      base = Math.floor(Date.now() / 1000) - detail.data.event_utc_ts - SECONDS - 4;
      if (base < 0) throw new Error('the live game started less than 34 s ago: run the bench again');
      base -= base % 2;
    }
    await untilProcessed(channel.url, fanKey);

    const one = async (start: number, by = fanKey): Promise<number> => {
      const t0 = performance.now();
      const res = await ask(game, start, by);
      if (res.status !== 200) throw new Error(`POST /clip: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { id: number } };
      await untilProcessed(channel.url, by, data.id);
      return performance.now() - t0;
    };
    const aligned: number[] = [];
    const reencoded: number[] = [];
    for (let i = 0; i < SAMPLES; i++) aligned.push(await one(base));
    for (let i = 0; i < SAMPLES; i++) reencoded.push(await one(base + 1));
    // Ten fans asking at once, one clip each.
    const fans = await Promise.all(Array.from({ length: AT_ONCE }, () => clipper()));
    const t0 = performance.now();
    const all = await Promise.all(fans.map((by, i) => one(base + (i % 2), by)));
    const allMs = performance.now() - t0;
    return {
      seconds: SECONDS,
      source,
      aligned: latency(aligned),
      reencoded: latency(reencoded),
      atOnce: { ...latency(all), clips: AT_ONCE, allMs: round(allMs) },
    };
  } finally {
    await channel.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until the clip (or every clip of the fan) is processed; throws when one failed. */
async function untilProcessed(base: string, key: string, id?: number): Promise<void> {
  const until = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${base}/clips/user?api_key=${key}`);
    const list = ((await res.json()) as { data: { id: number; status: string; error: string | null }[] }).data.filter((c) => id === undefined || c.id === id);
    const failed = list.find((c) => c.status === 'failed');
    if (failed) throw new Error(`clip ${failed.id} failed: ${failed.error}`);
    if ((id === undefined || list.length > 0) && list.every((c) => c.status === 'processed')) return;
    if (Date.now() > until) throw new Error('clips not processed in 2 minutes');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function clipsRows(f: ClipsFigures): [string, string, string][] {
  const ms = (l: Latency) => `p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms (${l.samples} clips)`;
  return [
    [`clip of ${f.seconds} s, POST /clip → processed, on segment boundaries (${f.source})`, ms(f.aligned), '≤ 3 s'],
    [`clip of ${f.seconds} s, a cut inside a segment (re-encoded)`, ms(f.reencoded), '≤ 3 s'],
    [`${f.atOnce.clips} clips of ${f.seconds} s asked at once`, `${ms(f.atOnce)}; all in ${f.atOnce.allMs} ms`, ''],
  ];
}
