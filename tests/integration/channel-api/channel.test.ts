import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import nodeHttp from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { api } from '#contract';
import { canDrawSvg, drawWebp, imagesRouter } from '../../../channel-api/images.ts';
import { runFfmpegOutput } from '../../../channel-api/media/ffmpeg.ts';
import { images as demoImages } from '../../../channel-api/seed/demo/schools.ts';
import { apiForThisFile } from '../support/channel-api.ts';

/* The demo channel's content, VOD, geo, images and the HTTP edge cases. */

let key: string;
const { server, http } = apiForThisFile({}, async ({ http }) => {
  key = await http.apiKey();
});

const get = (path: string, query: Record<string, string> = {}) => http.request('GET', path, { query: { api_key: key, ...query } });

/** Width and height from a lossless WebP's VP8L header. */
function webpSize(b: Buffer): { width: number; height: number } {
  expect(b.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(b.subarray(8, 16).toString('latin1')).toBe('WEBPVP8L');
  return { width: 1 + (((b[22] & 0x3f) << 8) | b[21]), height: 1 + (((b[24] & 0x0f) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6)) };
}

/** Serves an images router on a port of its own for the duration of `visit`. */
async function withImages(router: express.Router, visit: (base: string) => Promise<void>): Promise<void> {
  const listener = express().use('/media/images', router).listen(0, '127.0.0.1');
  await once(listener, 'listening');
  try {
    await visit(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/media/images`);
  } finally {
    listener.close();
  }
}

function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    nodeHttp.get(url, { headers }, (res) => resolve(res.resume().statusCode ?? 0)).on('error', reject);
  });
}

/** The colour (#RRGGBB, upper case) at x, y of an image, decoded by ffmpeg. */
async function pixel(image: Buffer, x: number, y: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pixel-'));
  try {
    await writeFile(join(dir, 'in.webp'), image);
    const crop = `crop=1:1:${x}:${y}`;
    const { stdout } = await runFfmpegOutput(['-loglevel', 'error', '-i', join(dir, 'in.webp'), '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    return `#${stdout.subarray(0, 3).toString('hex').toUpperCase()}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const demoPoster = (sport: string) => {
  const spec = demoImages().find((i) => i.name === `poster-${sport}`);
  if (!spec || spec.style !== 'banner') throw new Error(`no demo poster for ${sport}`);
  return spec;
};

/** Relative luminance contrast ratio (WCAG 2). */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the demo channel', () => {
  it('is a school conference: 8+ schools with logos and teams, two divisions, four sports', async () => {
    const schools = api.participants.response.parse((await http.request('GET', '/participants', { query: { no_limit: '1' } })).json).data;
    expect(schools.length).toBeGreaterThanOrEqual(8);
    for (const s of schools) {
      expect(s.images.logo).toMatch(/^\/media\/images\/.+\.webp$/);
      expect(s.children?.length).toBeGreaterThan(0);
      for (const team of s.children ?? []) {
        expect(['M', 'W']).toContain(team.properties.gender);
        expect(['basketball', 'soccer', 'volleyball', 'football']).toContain(team.properties.sport);
      }
    }
    const groups = api.participantGroups.response.parse((await http.request('GET', '/participant-groups')).json).data;
    expect(groups).toHaveLength(2);
    const north = await http.request('GET', '/participants', { query: { participant_group_id: String(groups[0].id) } });
    expect(north.json.data.length).toBe(4);
    const sports = api.eventsCategories.response.parse((await get('/events-categories')).json).data;
    expect(sports.map((c) => c.alias).sort()).toEqual(['basketball', 'football', 'soccer', 'volleyball']);
  });

  it('has its menus, custom pages with text, static blocks, FAQ and slides', async () => {
    const menu = api.menu.response.parse((await http.request('GET', '/menu')).json).data;
    expect(menu.header.map((m) => [m.name, m.url])).toEqual([
      ['Live', '/live'],
      ['Schedule', '/schedule'],
      ['On demand', '/vod'],
      ['Packages', '/packages'],
    ]);
    expect(menu.footer.map((m) => m.url)).toEqual([
      '/faq',
      '/about',
      '/contacts',
      '/privacy_policy',
      '/terms_conditions',
      '/code-of-conduct',
      '/broadcast-team',
      '/venues',
    ]);
    expect(menu.group_menu).toHaveLength(2);
    expect(menu.participant_menu.length).toBeGreaterThanOrEqual(8);

    const pages = api.pages.response.parse((await http.request('GET', '/pages')).json).data;
    expect(pages.map((p) => p.url)).toEqual(['/code-of-conduct', '/broadcast-team', '/venues']);
    const page = api.page.response.parse((await get(`/pages/${pages[2].id}`)).json).data;
    expect(page.body).toContain('Harbor Point Fieldhouse');

    const boot = api.channelBootstrapData.response.parse(
      (await http.request('GET', '/channel-bootstrap-data', { query: { 'color-settings[client_interface]': 'web', 'slides[client_interface]': 'web' } })).json,
    ).data;
    expect(boot.static_blocks.map((b) => b.alias)).toEqual(expect.arrayContaining(['about', 'contacts', 'footer']));
    expect(boot.faq.length).toBeGreaterThanOrEqual(6);
    expect(boot.slides.length).toBeGreaterThanOrEqual(3);
    expect(boot['events-locations'].length).toBeGreaterThanOrEqual(4);
    expect(boot.settings).toMatchObject({ name: 'Lakeshore Athletic Conference', currency: 'USD', language: 'en' });
    expect(boot['participant-group-properties'].map((p) => p.name)).toEqual(['gender', 'sport']);
  });

  it('has colour settings whose text/background pairs pass WCAG AA (4.5:1)', async () => {
    const c = api.colorSettings.response.parse((await http.request('GET', '/color-settings/web')).json).data;
    expect(contrast(c['header-text'], c['header-background'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c['body-text'], c['body-background'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.primary, c['body-background'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#FFFFFF', c.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#FFFFFF', c.footer)).toBeGreaterThanOrEqual(4.5);
  });

  it('sells season passes per sport, a team pass, an add-on, single events and two subscriptions with trials', async () => {
    const pkgs = api.packages.response.parse((await http.request('GET', '/packages')).json).data;
    expect(pkgs.filter((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)).toHaveLength(4);
    expect(pkgs.filter((p) => p.is_team_pass)).toHaveLength(1);
    const addOn = pkgs.find((p) => p.kind === 'additional');
    expect(pkgs.map((p) => p.id)).toContain(addOn?.parent_pass_id);
    expect(pkgs.filter((p) => p.type === 'event').length).toBeGreaterThanOrEqual(1);
    const subs = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data;
    expect(subs.map((s) => [s.offer, s.trial_period])).toEqual([
      ['monthly', 7],
      ['annual', 14],
    ]);
  });
});

describe('video on demand', () => {
  it('searches by title, case-insensitive, 10 at a time, newest first by default', async () => {
    const res = api.vodMediaSearch.response.parse((await get('/vod-media/search')).json);
    expect(res.meta).toMatchObject({ offset: 0, limit: 10 });
    expect(res.meta.total).toBeGreaterThanOrEqual(9);
    expect(res.data).toHaveLength(10);
    const dates = res.data.map((v) => v.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const found = api.vodMediaSearch.response.parse((await get('/vod-media/search', { title: 'BUZZER' })).json);
    expect(found.data.map((v) => v.title)).toEqual(['Buzzer beaters of the season']);
  });

  it('has 3 categories and 3 rails, and items play the demo assets with captions', async () => {
    const cats = api.vodMediaCategories.response.parse((await get('/vod-media-categories')).json).data;
    expect(cats.length).toBeGreaterThanOrEqual(3);
    const inCat = api.vodMediaItems.response.parse((await get('/vod-media-items', { category: String(cats[0].id) })).json);
    expect(inCat.data.every((v) => v.vod_media_category_id === cats[0].id)).toBe(true);
    const rails = api.vodMediaRails.response.parse((await get('/vod-media-rails')).json).data;
    expect(rails).toHaveLength(3);
    const item = api.vodMediaItem.response.parse((await get(`/vod-media-items/${rails[1].vod_media_items[0].id}`)).json).data;
    expect(item).toMatchObject({ has_access: true, url: expect.stringMatching(/^\/media\/vod\/game-[123]\/master\.m3u8$/) });
    expect(item.captions[0]).toMatchObject({ srclang: 'en' });
  });
});

describe('geo', () => {
  it('reports loopback as the channel default country, not blocked', async () => {
    const geo = api.geo.response.parse((await get('/geo')).json).data;
    expect(geo).toEqual({ country: 'United States', country_code: 'US', ip: '127.0.0.1', is_geo_blocked: false });
  });
  it('takes the client IP from X-Forwarded-For of the local web server and blocks the test region', async () => {
    const res = await http.request('GET', '/geo', { query: { api_key: key }, headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(api.geo.response.parse(res.json).data).toEqual({ country: 'Restricted Test Region', country_code: 'ZZ', ip: '203.0.113.7', is_geo_blocked: true });
    const outside = await http.request('GET', '/geo', { query: { api_key: key }, headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect(outside.json.data).toMatchObject({ country_code: 'US', ip: '198.51.100.7', is_geo_blocked: false });
  });
});

describe('images and HTTP edges', () => {
  it('serves generated SVG logos with a title', async () => {
    const res = await http.request('GET', '/media/images/logo-harbor-point.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.text).toContain('<title id="t">Harbor Point Pirates logo</title>');
    expect((await http.request('GET', '/media/images/nope.svg')).status).toBe(404);
  });
  it('draws each image as a lossless WebP at its own size and revalidates it by ETag', async () => {
    const poster = await fetch(`${server.url}/media/images/poster-football.webp`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await poster.arrayBuffer());
    expect(webpSize(bytes)).toEqual({ width: 1280, height: 720 });
    // The artwork itself: the banner's background colour at its top-left corner.
    expect(await pixel(bytes, 10, 10)).toBe(demoPoster('football').background);
    const logo = Buffer.from(await (await fetch(`${server.url}/media/images/logo-harbor-point.webp`)).arrayBuffer());
    expect(webpSize(logo)).toEqual({ width: 128, height: 128 });

    const again = await fetch(`${server.url}/media/images/poster-football.webp`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = again.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request.
    expect(await statusOf(`${server.url}/media/images/poster-football.webp`, { 'if-none-match': etag! })).toBe(304);
    expect((await fetch(`${server.url}/media/images/nope.webp`)).status).toBe(404);
  });
  it('answers the SVG itself at the .webp address where ffmpeg cannot draw SVG', async () => {
    // The npm static ffmpeg (the fallback when the system has none) has no librsvg.
    const staticFfmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    expect(await canDrawSvg(staticFfmpeg)).toBe(false);
    expect(await drawWebp('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>', staticFfmpeg)).toBeNull();

    await withImages(
      imagesRouter(server.db, (svg) => drawWebp(svg, staticFfmpeg)),
      async (base) => {
        const res = await fetch(`${base}/logo-harbor-point.webp`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(await res.text()).toContain('<title id="t">Harbor Point Pirates logo</title>');
      },
    );
  });
  it('draws an image once however many ask for it at the same time', async () => {
    const drawn: string[] = [];
    const draw = async (svg: string) => {
      drawn.push(svg);
      return drawWebp(svg);
    };
    await withImages(imagesRouter(server.db, draw), async (base) => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/poster-soccer.webp`).then((r) => r.arrayBuffer())));
      expect(new Set(answers.map((a) => Buffer.from(a).toString('base64'))).size).toBe(1);
      await fetch(`${base}/poster-soccer.webp`);
      expect(drawn).toHaveLength(1);
      expect(drawn[0]).toContain('Soccer');
    });
  });
  it('answers an unknown route with 404 Not found', async () => {
    const res = await http.request('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'not_found', message: 'Not found' });
  });
  it('answers malformed JSON with 400 and a too-large body with 413, never 500', async () => {
    const bad = await http.request('POST', '/get_api_key', { body: '{"channel_key":' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/JSON/);
    expect(bad.json.code).toBe('bad_request');
    const big = await http.request('POST', '/get_api_key', { body: { channel_key: 'x'.repeat(200_000) } });
    expect(big.status).toBe(413);
    expect(big.json.message).toMatch(/too large/);
    expect(big.json.code).toBe('bad_request');
  });
});
