import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isNotNull, sql } from 'drizzle-orm';
import { latency, post, visitorKey, type Latency } from './commerce.ts';
import { followedEventsQueryFor, parseMyGamesFilters } from '../../app/domain/my-games.ts';
import type { Db } from '../../channel-api/db/client.ts';
import { eventCategories, eventLocations, eventParticipants, events, participantGroups, participants } from '../../channel-api/db/schema.ts';
import { startChannelApi } from '../../channel-api/server.ts';
import { linkSharedMedia } from '../support/media-cache.ts';
import { tokenFrom, waitForMail } from '../support/outbox.ts';
import { PASSWORD, registration, uniqueEmail } from '../support/registration.ts';
import { SERVER_NODE_ARGS } from '../support/server-command.ts';

/* The following figures of `npm run bench` (issue 24), called by run.ts. A channel of GAMES games
   (the demo's, and more made by the bench over two years around today, each between two of the
   demo's teams, at one of its venues, in its sport), and a fan following FOLLOWS things: teams,
   schools, sports, venues, a division and single games, as a keen fan of a conference might.
   - GET /events/favorite on the channel API (embedded, PGlite), one request at a time, with the
     query My games sends by default (games to come) and for on demand (latest first);
   - My games (GET /my-games, the whole document) rendered by a web server of its own pointed at
     that channel API, signed in as the fan, one request at a time;
   - the fan's calendar feed (GET /calendar/<token>.ics through that web server, no cookie): the
     feed's cap of 500 games, one request at a time.
   BENCH_SECONDS scales the sample counts (25 per second, 100 to 500). */

const GAMES = 5_000;
const FOLLOWS = 50;

export interface FollowsFigures {
  games: number;
  follows: number;
  /** Games the fan's follows cover, of GAMES. */
  covered: number;
  followedEventsUpcoming: Latency;
  followedEventsOnDemand: Latency;
  myGames: Latency & { htmlBytes: number };
  /** GET /calendar/<token>.ics: its games (the feed's cap) and size. */
  calendarFeed: Latency & { games: number; bytes: number };
}

/** Adds games until the channel has `total`: demo teams, venues and sports, spread over ±1 year. */
async function seedGames(db: Db, total: number): Promise<void> {
  const [{ channelId }] = await db.select({ channelId: events.channelId }).from(events).limit(1);
  const have = (await db.select({ id: events.id }).from(events)).length;
  const teams = await db.select({ id: participants.id }).from(participants).where(isNotNull(participants.parentId));
  const sports = await db.select({ id: eventCategories.id }).from(eventCategories).where(isNotNull(eventCategories.parentId));
  const venues = await db.select({ id: eventLocations.id }).from(eventLocations);
  const now = Math.floor(Date.now() / 1000);
  const span = 365 * 86_400;
  const batch = 500;
  for (let made = 0; made < total - have; made += batch) {
    const n = Math.min(batch, total - have - made);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = made + k;
      return {
        channelId,
        name: `Bench game ${i + 1}`,
        description: 'A game made by the bench.',
        type: i % 2 === 0 ? 'free' : 'paid',
        eventUtcTs: now - span + Math.floor(((i * 7919) % total) * ((2 * span) / total)),
        duration: 7200,
        timeZone: 'America/Chicago',
        locationId: venues[i % venues.length].id,
        eventCategoryId: sports[i % sports.length].id,
      };
    });
    const ids = await db.insert(events).values(rows).returning({ id: events.id });
    await db.insert(eventParticipants).values(
      ids.flatMap(({ id }, k) => {
        const i = made + k;
        const away = teams[(i * 3) % teams.length];
        const home = teams[(i * 5 + 1) % teams.length];
        return home.id === away.id
          ? [{ eventId: id, participantId: away.id, position: 0 }]
          : [
              { eventId: id, participantId: away.id, position: 0 },
              { eventId: id, participantId: home.id, position: 1 },
            ];
      }),
    );
  }
}

/** What the fan follows: FOLLOWS things of every kind, most of them teams. */
async function followables(db: Db): Promise<{ favoritable_type: string; favoritable_id: number }[]> {
  const people = await db.select({ id: participants.id, parentId: participants.parentId }).from(participants).orderBy(participants.id);
  const first = async (rows: Promise<{ id: number }[]>, n: number) => (await rows).slice(0, n).map((r) => r.id);
  const kinds: [string, number[]][] = [
    [
      'participant',
      people
        .filter((p) => p.parentId !== null)
        .slice(0, 34)
        .map((p) => p.id),
    ],
    [
      'participant',
      people
        .filter((p) => p.parentId === null)
        .slice(0, 5)
        .map((p) => p.id),
    ],
    ['event_category', await first(db.select({ id: eventCategories.id }).from(eventCategories).orderBy(eventCategories.id), 3)],
    ['event_location', await first(db.select({ id: eventLocations.id }).from(eventLocations).orderBy(eventLocations.id), 2)],
    ['participant_group', await first(db.select({ id: participantGroups.id }).from(participantGroups).orderBy(participantGroups.id), 1)],
    ['favorite_event', await first(db.select({ id: events.id }).from(events).orderBy(events.id), 5)],
  ];
  const all = kinds.flatMap(([type, ids]) => ids.map((id) => ({ favoritable_type: type, favoritable_id: id })));
  if (all.length !== FOLLOWS) throw new Error(`the demo has too few things to follow ${FOLLOWS}: ${all.length}`);
  return all;
}

async function timed(n: number, request: () => Promise<Response>): Promise<{ ms: number[]; last: string }> {
  const ms: number[] = [];
  let last = '';
  for (let i = 0; i < n + 5; i++) {
    const start = performance.now();
    const res = await request();
    last = await res.text();
    if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${last.slice(0, 200)}`);
    if (i >= 5) ms.push(performance.now() - start);
  }
  return { ms, last };
}

/** A web server of its own, on the bench's channel API; its session cookie for the fan. */
async function webServerFor(channelApiUrl: string, port: number, email: string): Promise<{ base: string; cookie: string; stop(): Promise<void> }> {
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      CHANNEL_API_URL: channelApiUrl,
      SENTRY_DSN: '',
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`web server exited with ${proc.exitCode}`);
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error('web server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const cookies = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    const form = await fetch(`${base}/login`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1];
    if (!csrf) throw new Error('no CSRF token on /login');
    const signIn = await fetch(`${base}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies(form), origin: base },
      body: new URLSearchParams({ email, password: PASSWORD, csrf }).toString(),
    });
    const cookie = cookies(signIn);
    if (signIn.status !== 303 || !cookie) throw new Error(`sign-in: ${signIn.status}`);
    return { base, cookie, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function followsBench(opts: { seconds: number; port: number }): Promise<FollowsFigures> {
  const n = Math.max(100, Math.min(500, Math.round(opts.seconds * 25)));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-follows-'));
  await linkSharedMedia(dataDir);
  // The figures are PGlite's, as the embedded default: a DATABASE_URL in the environment is not used.
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const channel = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir, logger: false, publicUrl: 'http://fieldhouse.bench' }).finally(() => {
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  });
  let web: Awaited<ReturnType<typeof webServerFor>> | null = null;
  try {
    await seedGames(channel.db, GAMES);
    // As a channel's import does (import-channel.ts) and PGlite's hourly refresh would: the planner
    // sees the new games (db/client.ts).
    await channel.db.execute(sql`ANALYZE`);
    const key = await visitorKey(channel.url);
    const email = uniqueEmail('bench-follows');
    const after = Date.now();
    await post(channel.url, '/v2/auth/register', { ...registration(email), api_key: key });
    const token = tokenFrom(await waitForMail(path.join(dataDir, 'outbox'), { to: email, subject: 'Verify', after }), '/verify-email');
    const verified = await post(channel.url, '/auth/email-verify', { token, api_key: key });
    const fanKey = (await post(channel.url, '/auth/add_session', { code: verified.data.code, api_key: key })).data.api_key as string;
    for (const thing of await followables(channel.db)) await post(channel.url, '/favorite', { ...thing, api_key: fanKey });

    const followedEvents = (query: Record<string, unknown>) => {
      const search = new URLSearchParams({ api_key: fanKey });
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.set(k, String(v));
      return () => fetch(`${channel.url}/events/favorite?${search}`);
    };
    const upcoming = followedEventsQueryFor(parseMyGamesFilters(new URLSearchParams()), 'UTC');
    const onDemand = followedEventsQueryFor(parseMyGamesFilters(new URLSearchParams({ show: 'finished' })), 'UTC');
    const everything = JSON.parse((await timed(0, followedEvents({ limit: 1 }))).last) as { meta: { total: number } };
    const up = await timed(n, followedEvents(upcoming));
    const past = await timed(n, followedEvents(onDemand));

    web = await webServerFor(channel.url, opts.port, email);
    const { base, cookie } = web;
    const page = await timed(n, () => fetch(`${base}/my-games`, { headers: { cookie, 'accept-encoding': 'identity' } }));
    if (!page.last.includes('<h1>My games</h1>')) throw new Error('GET /my-games did not render My games');
    // The fan's calendar feed, as a calendar app fetches it: no cookie, the token in the address.
    const { token: feedToken } = (await post(channel.url, '/calendar-feed', { api_key: fanKey })).data as { token: string };
    const feed = await timed(n, () => fetch(`${base}/calendar/${feedToken}.ics`, { headers: { 'accept-encoding': 'identity' } }));
    const feedGames = feed.last.split('BEGIN:VEVENT').length - 1;
    return {
      games: GAMES,
      follows: FOLLOWS,
      covered: everything.meta.total,
      followedEventsUpcoming: latency(up.ms),
      followedEventsOnDemand: latency(past.ms),
      myGames: { ...latency(page.ms), htmlBytes: Buffer.byteLength(page.last) },
      calendarFeed: { ...latency(feed.ms), games: feedGames, bytes: Buffer.byteLength(feed.last) },
    };
  } finally {
    await web?.stop();
    await channel.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rows run.ts prints: measure, value, target. */
export function followsRows(f: FollowsFigures): [string, string, string][] {
  const ms = (l: Latency) => `p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms (${l.samples} requests)`;
  const setting = `a fan following ${f.follows} things, ${f.covered} of ${f.games} games theirs`;
  return [
    [`GET /events/favorite, games to come (${setting})`, ms(f.followedEventsUpcoming), ''],
    ['GET /events/favorite, on demand latest first', ms(f.followedEventsOnDemand), ''],
    [`My games rendered (GET /my-games, ${Math.round(f.myGames.htmlBytes / 1024)} KB of HTML)`, ms(f.myGames), ''],
    [`calendar feed of ${f.calendarFeed.games} games (GET /calendar/<token>.ics, ${Math.round(f.calendarFeed.bytes / 1024)} KB)`, ms(f.calendarFeed), ''],
  ];
}
