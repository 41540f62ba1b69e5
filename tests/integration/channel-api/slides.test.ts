import { describe, expect, it } from 'vitest';
import { api, type Slide } from '#contract';
import { demoChannel } from '../../../channel-api/seed/demo-channel.ts';
import { loadChannel } from '../../../channel-api/seed/load.ts';
import { onPostgres, startApi } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* Slides on every page (issue 36): a channel described with main, category, participant and group
   slides, each naming the alias of its own in `belongs_to`; GET /slides/web by type and by what
   they belong to, and the bootstrap's slides with both; an import that names nothing or names a
   main slide's owner is refused. */

const extra = [
  { type: 'category', belongs_to: 'soccer', title: 'Soccer slide', image: '/media/images/poster-soccer.svg', slidable_type: 'url', link_url: '/sports/soccer' },
  {
    type: 'participant',
    belongs_to: 'lakeview-girls-soccer',
    title: 'Lakeview girls soccer slide',
    image: '/x.svg',
    slidable_type: 'event',
    target: 'event-5',
  },
  { type: 'participant', belongs_to: 'lakeview', title: 'Lakeview slide', image: '/x.svg', slidable_type: 'page', target: 'code-of-conduct' },
  { type: 'group', belongs_to: 'north', title: 'North slide', image: '/x.svg', slidable_type: 'url', link_url: 'https://example.org/north' },
] as const;

function described(slides: readonly object[]) {
  const channel = demoChannel();
  channel.slides = [...(channel.slides ?? []), ...(slides as never[])];
  return channel;
}

const ids = { soccer: 0, lakeview: 0, girlsSoccer: 0, north: 0 };
const { server, http } = forThisFile(() => startApi(), {
  timeout: 120_000,
  arrange: async ({ server, http }) => {
    await loadChannel(server.db, described(extra));
    const key = await http.apiKey();
    const participants = api.participants.response.parse((await http.request('GET', '/participants', { query: { no_limit: '1' } })).json).data;
    const lakeview = participants.find((p) => p.alias === 'lakeview')!;
    ids.lakeview = lakeview.id;
    ids.girlsSoccer = lakeview.children!.find((t) => t.alias === 'lakeview-girls-soccer')!.id;
    ids.north = api.participantGroups.response.parse((await http.request('GET', '/participant-groups')).json).data.find((g) => g.alias === 'north')!.id;
    const categories = api.eventsCategories.response.parse((await http.request('GET', '/events-categories', { query: { api_key: key } })).json).data;
    ids.soccer = categories.find((c) => c.alias === 'soccer')!.id;
  },
});

const slides = async (query: Record<string, string> = {}): Promise<Slide[]> =>
  api.slides.response.parse((await http.request('GET', '/slides/web', { query })).json).data;
const titles = (list: Slide[]) => list.map((s) => s.title);

describe(`slides on every page (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: 60_000 }, () => {
  it('each slide says where it shows: its type and the id of what it belongs to', async () => {
    const all = await slides();
    const demoMain = demoChannel().slides!.map((s) => s.title);
    expect(all.filter((s) => s.type === 'main').map((s) => [s.title, s.belongs_to_id])).toEqual(demoMain.map((t) => [t, null]));
    expect(all.filter((s) => s.type !== 'main').map((s) => [s.type, s.belongs_to_id, s.title])).toEqual([
      ['category', ids.soccer, 'Soccer slide'],
      ['participant', ids.girlsSoccer, 'Lakeview girls soccer slide'],
      ['participant', ids.lakeview, 'Lakeview slide'],
      ['group', ids.north, 'North slide'],
    ]);
  });

  it('GET /slides/web?type= gives one type; with belongs_to_id, the slides of that one page', async () => {
    expect(titles(await slides({ type: 'main' }))).toEqual(demoChannel().slides!.map((s) => s.title));
    expect(titles(await slides({ type: 'participant' }))).toEqual(['Lakeview girls soccer slide', 'Lakeview slide']);
    expect(titles(await slides({ type: 'participant', belongs_to_id: String(ids.girlsSoccer) }))).toEqual(['Lakeview girls soccer slide']);
    expect(titles(await slides({ type: 'group', belongs_to_id: String(ids.north) }))).toEqual(['North slide']);
    // A team's id is no group's: nothing, not another page's slides.
    expect(await slides({ type: 'group', belongs_to_id: String(ids.girlsSoccer) })).toEqual([]);
    const event = (await slides({ type: 'participant', belongs_to_id: String(ids.girlsSoccer) }))[0];
    expect(event).toMatchObject({ slidable_type: 'event', link_url: null });
    expect(event.slidable_id).toEqual(expect.any(Number));
  });

  it('the bootstrap carries every slide with its type and owner', async () => {
    const boot = api.channelBootstrapData.response.parse(
      (await http.request('GET', '/channel-bootstrap-data', { query: { 'color-settings[client_interface]': 'web', 'slides[client_interface]': 'web' } })).json,
    ).data;
    expect(boot.slides.find((s) => s.title === 'North slide')).toMatchObject({ type: 'group', belongs_to_id: ids.north });
    expect(boot.slides.filter((s) => s.type === 'main')).toHaveLength(demoChannel().slides!.length);
  });

  it('refuses a bad type or owner with a reason and a code, never a 500', async () => {
    const queries: Record<string, string>[] = [{ type: 'team' }, { belongs_to_id: 'lakeview' }, { belongs_to_id: '0' }, { type: 'group', belongs_to_id: '-1' }];
    for (const query of queries) {
      const res = await http.request('GET', '/slides/web', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('an import whose slide names an unknown owner, or a main slide with one, is refused and changes nothing', async () => {
    const unknown = described([{ ...extra[1], belongs_to: 'no-such-team' }]);
    await expect(loadChannel(server.db, unknown)).rejects.toThrow("unknown participant 'no-such-team'");
    const categoryAsTeam = described([{ ...extra[0], belongs_to: 'lakeview' }]);
    await expect(loadChannel(server.db, categoryAsTeam)).rejects.toThrow("unknown event category 'lakeview'");
    const ownedMain = described([{ ...extra[3], type: 'main' }]);
    await expect(loadChannel(server.db, ownedMain)).rejects.toThrow(/a main slide belongs to no page/);
    const ownerless = described([{ ...extra[3], belongs_to: null }]);
    await expect(loadChannel(server.db, ownerless)).rejects.toThrow(/names the alias of its own in belongs_to/);
    expect(titles(await slides({ type: 'group' }))).toEqual(['North slide']);
  });
});
