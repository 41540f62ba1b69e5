import { describe, expect, it } from 'vitest';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* A live game's DVR playlists answer only for a real game (issue 37, ADR 057): the address a
   game's page names plays; the same stream with another kick-off or length, which no game has, is
   a 404 `not_found` with nothing computed. The games are read from the events of the database. */

const live = { url: '' };

const { server, http } = apiForThisFile({}, async ({ http }) => {
  const apiKey = await http.apiKey();
  const list = await http.request('GET', '/events', { query: { api_key: apiKey, stream_status: 'live', limit: '50' } });
  for (const e of list.json.data as { id: number; type: string }[]) {
    if (e.type !== 'free') continue;
    const detail = await http.request('GET', `/events/${e.id}`, { query: { api_key: apiKey } });
    if (/^\/media\/live\/live\/\d+-\d+\//.test(detail.json.data.url ?? '')) {
      live.url = detail.json.data.url;
      return;
    }
  }
  throw new Error('no free live game on the live stream');
});

describe(`DVR playlists of real games only (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("plays the live game's own address, and refuses the stream at any other kick-off or length", async () => {
    const m = /^\/media\/live\/live\/(\d+)-(\d+)\/master\.m3u8$/.exec(live.url);
    expect(m, live.url).not.toBeNull();
    const [kickoff, duration] = [Number(m![1]), Number(m![2])];
    const own = await fetch(`${server.url}${live.url}`);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^#EXTM3U/);
    const video = await fetch(`${server.url}/media/live/live/${kickoff}-${duration}/video.m3u8`);
    expect(video.status).toBe(200);

    for (const game of [
      `${kickoff - 1}-${duration}`,
      `${kickoff + 1}-${duration}`,
      `${kickoff}-${duration + 1}`,
      `${kickoff}-1`,
      `${kickoff - 86_400}-${duration}`,
    ]) {
      for (const file of ['master.m3u8', 'video.m3u8', 'subs-back-30.m3u8', 'preroll-1/master.m3u8']) {
        const res = await fetch(`${server.url}/media/live/live/${game}/${file}`);
        const body = await res.text();
        expect(res.status, `${game}/${file}: ${body}`).toBe(404);
        expect(JSON.parse(body)).toMatchObject({ code: 'not_found' });
      }
    }
    expect((await http.request('GET', '/healthz')).status).toBe(200);
  });
});
