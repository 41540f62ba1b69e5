import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, REFUSAL_CODES, type Endpoint, type EndpointName } from '#contract';
import type { Db } from '../../../channel-api/db/client.ts';
import { scopeOfPath } from '../../../channel-api/media-urls.ts';
import { signingFrom } from '../../../channel-api/signing.ts';
import { hostileString, NESTED_KEYS, OUT_OF_RANGE, PROTOTYPE_KEYS } from '../../support/hostile.ts';
import { cleanBody } from '../../support/leaks.ts';
import { onPostgres } from '../support/channel-api.ts';
import { cases, type Req } from '../support/endpoint-cases.ts';
import { startEndpointWorld } from '../support/endpoint-world.ts';
import { forThisFile } from '../support/fixture.ts';

/* Property-based fuzz of every endpoint of the contract (issue 7). Each case starts from the
 * endpoint's own happy request (support/endpoint-cases.ts) and breaks it: a param replaced with a value of the
 * wrong type, a number out of range, NUL or control characters, a huge or non-Latin-1 string;
 * params dropped, duplicated, or named like built-in object properties; a hostile path param;
 * a body that is not a JSON object, or not JSON; a missing or malformed api key. Every answer
 * must be a status below 500 with no stack trace, SQL or driver words, never the channel key
 * (but from the channel config itself), a refusal's `code` from the contract's list, and a refused POST must leave every table, and the
 * outbox, exactly as it was. Seeded: the same cases on every run. */

const RUNS = 24;
const SEED = 7;

const world = forThisFile(() => startEndpointWorld(), { timeout: 180_000 });

/** Every table's row count and a hash of its rows, and the mail written: what a refused write
 *  must leave as it was. All but the failed sign-ins, which a refused sign-in records on purpose
 *  (channel-api/services/sign-in-limits.ts). */
async function fingerprint(db: Db, outbox: string): Promise<string> {
  const tables = (
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'sign_in_failures' order by tablename`)
  ).rows.map((r) => String((r as { tablename: string }).tablename));
  const union = sql.join(
    tables.map(
      (t) => sql`select ${t}::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(t)} x`,
    ),
    sql` union all `,
  );
  const rows = (await db.execute(union)).rows as { t: string; n: number; h: string }[];
  const mail = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  return JSON.stringify({ rows: rows.map((r) => [r.t, Number(r.n), r.h]), mail });
}

// ---------------------------------------------------------------- hostile variants

/** JSON values of every wrong kind. */
const jsonValue = fc.oneof(
  { arbitrary: hostileString(5_000), weight: 5 },
  { arbitrary: fc.constantFrom<unknown>(2147483648, -2147483649, 9007199254740991, 1e20, 1e308, -1, 0, 1.5, -0.5), weight: 2 },
  {
    arbitrary: fc.constantFrom<unknown>(
      true,
      false,
      null,
      [],
      ['1'],
      [1, 2],
      {},
      { a: 1 },
      { __proto__: { polluted: 1 } },
      { constructor: { prototype: { polluted: 1 } } },
    ),
    weight: 2,
  },
);

type Transport = 'json' | 'text' | 'form' | 'broken-multipart' | 'empty' | 'not-json' | 'json-array' | 'json-string' | 'json-null' | 'utf16';
const usually = <T>(normal: T[], hostile: T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...normal), weight: 4 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 });

const caseArb = fc.record({
  mutations: fc.array(
    fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('set' as const), field: fc.nat(), value: jsonValue }), weight: 6 },
      { arbitrary: fc.record({ kind: fc.constant('number' as const), field: fc.nat(), value: fc.constantFrom(...OUT_OF_RANGE) }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('drop' as const), field: fc.nat() }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('duplicate' as const), field: fc.nat(), value: hostileString(100) }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('extra' as const), name: fc.constantFrom(...PROTOTYPE_KEYS, ...NESTED_KEYS), value: jsonValue }), weight: 2 },
      {
        arbitrary: fc.record({
          kind: fc.constant('path' as const),
          field: fc.nat(),
          value: fc.oneof(
            hostileString(300),
            fc.constantFrom('..', '%2e%2e', '..%2f..%2fchannels%2fdemo.json', '2147483648', '99999999999999999999', '-1', '0x1', '1e3'),
          ),
        }),
        weight: 2,
      },
    ),
    { minLength: 1, maxLength: 3 },
  ),
  transport: usually<Transport>(['json'], ['text', 'form', 'broken-multipart', 'empty', 'not-json', 'json-array', 'json-string', 'json-null', 'utf16']),
  key: usually(['own'], ['missing', 'nul', 'huge', 'traversal', 'object']),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

/** The names a request of this endpoint carries: its own params plus the path's. */
function paramNames(ep: Endpoint, req: Req): string[] {
  const source = ep.method === 'POST' ? Object.keys((req.body as Record<string, unknown> | undefined) ?? {}) : Object.keys(req.query ?? {});
  const shape =
    (ep.params as unknown as { shape?: Record<string, unknown>; _def?: { schema?: { shape?: Record<string, unknown> } } }).shape ??
    (ep.params as unknown as { _def: { schema?: { shape?: Record<string, unknown> } } })._def.schema?.shape ??
    {};
  return [...new Set([...source, ...Object.keys(shape)])].filter((n) => !ep.path.includes(`:${n}`));
}

const KEYS: Record<string, (own: string | undefined) => unknown> = {
  own: (own) => own,
  missing: () => undefined,
  nul: (own) => `${own ?? 'k'}\u0000`,
  huge: () => 'k'.repeat(5_000),
  traversal: () => '../../channels/demo.json',
  object: () => ({ $ne: null }),
};

async function send(ep: Endpoint, happy: Req, c: Case, ownKey: string | undefined): Promise<{ status: number; text: string }> {
  const names = paramNames(ep, happy);
  const pick = (i: number) => names[i % Math.max(1, names.length)];
  let path = happy.path ?? ep.path;
  const params: [string, unknown][] = Object.entries((ep.method === 'POST' ? (happy.body as Record<string, unknown>) : happy.query) ?? {});
  for (const m of c.mutations) {
    if (m.kind === 'path') {
      const segments = path.split('/');
      const at = segments.length - 1 - (m.field % Math.max(1, segments.length - 1));
      if (at > 0) segments[at] = encodeURIComponent(m.value.replace(/[\ud800-\udfff]/g, '\ufffd'));
      path = segments.join('/');
      continue;
    }
    const name = m.kind === 'extra' ? m.name : pick(m.field);
    if (name === undefined) continue;
    if (m.kind === 'drop') {
      for (let i = params.length - 1; i >= 0; i--) if (params[i][0] === name) params.splice(i, 1);
    } else if (m.kind === 'duplicate') {
      params.push([name, m.value]);
    } else {
      const value =
        m.kind === 'number' ? (ep.method === 'POST' && !Number.isNaN(Number(m.value)) && m.value.trim() !== '' ? Number(m.value) : m.value) : m.value;
      const at = params.findIndex(([k]) => k === name);
      if (at === -1 || m.kind === 'extra') params.push([name, value]);
      else params[at] = [name, value];
    }
  }
  const key = KEYS[c.key](ownKey);
  const url = new URL(path, world.server.url);
  if (ep.method !== 'POST') {
    for (const [k, v] of params) url.searchParams.append(k, typeof v === 'string' ? v.replace(/[\ud800-\udfff]/g, '\ufffd') : JSON.stringify(v));
    if (key !== undefined) url.searchParams.append('api_key', typeof key === 'string' ? key : JSON.stringify(key));
    const res = await fetch(url, { method: ep.method });
    return { status: res.status, text: await res.text() };
  }
  // A JSON object built by assignment, so a '__proto__' param is a real key, as JSON.parse makes it.
  const object: Record<string, unknown> = {};
  for (const [k, v] of params) Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
  if (key !== undefined) object.api_key = key;
  const json = JSON.stringify(object);
  const bodies: Record<Transport, [string | undefined, string | Blob | undefined]> = {
    json: ['application/json', json],
    text: ['text/plain', json],
    form: ['application/x-www-form-urlencoded', new URLSearchParams(params.map(([k, v]) => [k, String(v)])).toString()],
    'broken-multipart': ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
    empty: ['application/json', undefined],
    'not-json': ['application/json', `${json.slice(0, -1)},}`],
    'json-array': ['application/json', `[${json}]`],
    'json-string': ['application/json', JSON.stringify(json)],
    'json-null': ['application/json', 'null'],
    utf16: ['application/json; charset=utf-16', new Blob([new Uint8Array(Buffer.from(json, 'utf16le'))])],
  };
  const [type, body] = bodies[c.transport];
  const res = await fetch(url, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
  return { status: res.status, text: await res.text() };
}

const entries = Object.entries(api) as [EndpointName, Endpoint][];

describe(`fuzz: every endpoint with ${RUNS} hostile variants of its own request (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('covers every endpoint of the contract', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(api).sort());
  });

  it.each(entries)('%s: no 5xx, no leak, a refused POST changes nothing', async (name, ep) => {
    const happy = await cases[name].happy(world.ids);
    const ownKey = happy.key ?? (ep.auth === 'apiKey' ? world.apiKey : undefined);
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        // What an earlier accepted request keeps in memory for a moment (a pre-roll click) is
        // written first, and what this one may have kept is written before the second look.
        // A clip an accepted request queued is made by the worker meanwhile: its row changes when made.
        const settled = async () => (await world.clipsMade(), await world.server.flushAnalytics(), await fingerprint(world.server.db, world.server.outbox));
        const before = ep.method === 'POST' ? await settled() : '';
        const res = await send(ep, happy, c, ownKey);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const label = `${name} ${JSON.stringify(c).slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, label).toBeLessThan(500);
        expect(cleanBody(res.text), label).toEqual([]);
        if (name !== 'channelConfig') expect(res.text.includes(world.ids.channelKey), `${label}: the channel key`).toBe(false);
        // Every refusal says why in a code of the contract's list, beside its message.
        if (res.status >= 400) expect(REFUSAL_CODES, `${label}: the refusal's code`).toContain(JSON.parse(res.text).code);
        if (ep.method === 'POST' && res.status >= 400) expect(await settled(), `${label}: a refused POST changed the data`).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // Most variants must reach the endpoint's own rules, not only the key check.
    expect(Object.keys(statuses).length, JSON.stringify(statuses)).toBeGreaterThan(1);
  });
});

describe('fuzz: the generated images (/media/images/<name>.svg and .webp)', () => {
  it('answers a hostile image name with 404 and a real one with its image, never 5xx', async () => {
    const name = fc.oneof(
      { arbitrary: hostileString(300), weight: 4 },
      { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, ...NESTED_KEYS, ...OUT_OF_RANGE), weight: 2 },
      {
        arbitrary: fc.constantFrom('..', '../channels/demo', '%2e%2e%2fchannels%2fdemo', 'logo-lakeview.svg', 'logo-lakeview\u0000', 'LOGO-LAKEVIEW'),
        weight: 1,
      },
      { arbitrary: fc.constantFrom('logo-lakeview', 'poster-soccer', 'conference-logo'), weight: 1 },
    );
    const real = new Set(['logo-lakeview', 'poster-soccer', 'conference-logo']);
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom('svg', 'webp'), async (n, ext) => {
        // Every UTF-8 byte %-escaped (a lone surrogate goes as U+FFFD, as a browser sends it).
        const escaped = [...Buffer.from(n, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
        const res = await fetch(`${world.server.url}/media/images/${escaped}.${ext}`);
        const body = Buffer.from(await res.arrayBuffer());
        const label = `${JSON.stringify(n)}.${ext} → ${res.status}`;
        expect(res.status, label).toBe(real.has(n) ? 200 : 404);
        if (res.status === 200) expect(res.headers.get('content-type'), label).toMatch(ext === 'svg' ? /^image\/svg\+xml/ : /^image\/webp$/);
        else expect(cleanBody(body.toString('utf8')), label).toEqual([]);
      }),
      { seed: SEED, numRuns: 120, endOnFailure: true },
    );
  });
});

describe('fuzz: clip files (/media/clips/<uuid>/<file>)', () => {
  it("serves a processed clip's three files and nothing else for any uuid or name, never 5xx", async () => {
    const { uuid } = world.ids.clip;
    const part = fc.oneof(
      { arbitrary: hostileString(200), weight: 4 },
      { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, ...NESTED_KEYS, ...OUT_OF_RANGE), weight: 2 },
      { arbitrary: fc.constantFrom('..', '.', 'segments.txt', '.complete', uuid.toUpperCase(), `${uuid}\u0000`, '../media/game-4/video.mp4'), weight: 2 },
      { arbitrary: fc.constantFrom(uuid, 'clip.mp4', 'preview.jpg', 'poster.jpg'), weight: 2 },
    );
    const files = new Set(['clip.mp4', 'preview.jpg', 'poster.jpg']);
    await fc.assert(
      fc.asyncProperty(part, part, async (dir, file) => {
        const escape = (x: string) => [...Buffer.from(x, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
        const res = await fetch(`${world.server.url}/media/clips/${escape(dir)}/${escape(file)}`);
        const body = Buffer.from(await res.arrayBuffer());
        const label = `${JSON.stringify(dir)}/${JSON.stringify(file)} → ${res.status}`;
        const real = dir === uuid && files.has(file);
        if (real) expect(res.status, label).toBe(200);
        else {
          expect([400, 404], label).toContain(res.status);
          expect(cleanBody(body.toString('utf8')), label).toEqual([]);
        }
      }),
      { seed: SEED, numRuns: 120, endOnFailure: true },
    );
  });
});

describe('fuzz: media files and their grants (/media/vod, /media/live)', () => {
  it('never serves what is not public without a grant for it, whatever the path or cookie; never 5xx', async () => {
    // Public: free games play them, and the browser check's stream. Protected: what is sold, the fans-only game, an unknown asset.
    const scopes = {
      'vod/game-1': true,
      'live/live': true,
      'vod/test-pattern': true,
      'vod/game-4': false,
      'vod/game-7': false,
      'live/live-2': false,
      'vod/game-99': false,
    };
    const files = ['master.m3u8', '360p.m3u8', '360p_000.ts', 'video.mp4', 'captions.vtt', 'video.m3u8', 'v/10.ts', 's/10.vtt'];
    const signedElsewhere = signingFrom(['not-the-server-secret']).token('media-grant', { s: 'vod/game-4', u: 1, k: 'x', i: 'e:1', x: 4_000_000_000 });
    const grant = fc.oneof(
      { arbitrary: hostileString(300), weight: 3 },
      { arbitrary: fc.constantFrom('', '.', 'a.b', signedElsewhere, `${signedElsewhere}; __media_grant=${signedElsewhere}`), weight: 2 },
    );
    // Every UTF-8 byte %-escaped (a lone surrogate goes as U+FFFD, as a browser sends it).
    const escaped = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    // A live game's DVR playlists (ADR 040): <kick-off>-<duration>/<playlist>, the game hostile too.
    const dvrFile = fc.oneof(
      fc.constantFrom('master.m3u8', 'kickoff.m3u8', 'back-30.m3u8', 'video.m3u8', 'subs.m3u8', 'x.m3u8'),
      // Time-shifted playlists: a shift in any spelling.
      fc.tuple(fc.constantFrom('video', 'subs'), fc.oneof(fc.nat(200_000).map(String), hostileString(12).map(escaped))).map(([k, n]) => `${k}-back-${n}.m3u8`),
    );
    // Well-formed kick-offs and lengths no game has (ADR 057): never a playlist.
    const noGame = ['1795000001-7201', '1795000001-21600', `${Math.floor(Date.now() / 1000) + 3600}-7200`, '1795000001-1'];
    const game = fc.oneof(fc.constantFrom('1795000000-7200', '0-0', '99999999999999-1', '1795000000-999999', ...noGame), hostileString(30).map(escaped));
    // A game's stitched variant (ADR 050): preroll-<id>/<file>, beside its files or a live game's.
    const prerollDir = fc.oneof(fc.constantFrom('preroll-1', 'preroll-0', 'preroll-2', 'preroll-99999999999'), hostileString(20).map(escaped));
    const prerollFile = fc.oneof(
      fc.constantFrom('master.m3u8', '360p.m3u8', 'captions.vtt', 'ad/360p_000.ts', 'after-ad/360p_000.ts', 'after-ad/7.ts', 'ad/blank.vtt', 'kickoff.m3u8'),
      fc.tuple(fc.constantFrom('video', 'subs'), fc.nat(), fc.nat()).map(([k, a, b]) => `${k}-${a}-${b}.m3u8`),
      hostileString(40).map(escaped),
    );
    const file = fc.oneof(
      fc.constantFrom(...files),
      hostileString(60).map(escaped),
      fc.tuple(game, dvrFile).map(([g, f]) => `${g}/${f}`),
      fc.tuple(prerollDir, prerollFile).map(([d, f]) => `${d}/${f}`),
      fc.tuple(game, prerollDir, prerollFile).map(([g, d, f]) => `${g}/${d}/${f}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(scopes)),
        file,
        grant,
        fc.constantFrom('__media_grant', '__Secure-media_grant', 'media_grant'),
        async (scope, f, g, name) => {
          const url = new URL(`${world.server.url}/media/${scope}/${f}`);
          // The URL as sent (dot segments resolved): the asset it names is what must be protected.
          const asked = scopeOfPath(url.pathname.slice('/media'.length));
          const res = await fetch(url, { headers: { cookie: `${name}=${escaped(g)}` } });
          const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
          const label = `/media/${scope}/${f} with ${name}=${JSON.stringify(g).slice(0, 80)} → ${res.status}`;
          expect(res.status, label).toBeLessThan(500);
          if (asked !== null && !(scopes as Record<string, boolean>)[asked]) {
            expect(res.status, label).toBe(403);
            expect(body, label).not.toMatch(/#EXTM3U|WEBVTT|ftyp/);
          }
          if (res.status >= 400) expect(cleanBody(body), label).toEqual([]);
          if (noGame.includes(f.split('/')[0])) {
            expect(res.status, label).toBeGreaterThanOrEqual(400);
            expect(body, label).not.toMatch(/#EXTM3U/);
          }
        },
      ),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  });
});
