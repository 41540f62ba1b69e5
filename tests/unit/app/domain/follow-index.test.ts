import { describe, expect, it } from 'vitest';
import type { EventCategory, Participant, ParticipantGroup } from '#contract';
import { schoolsIndex, sportsIndex } from '~/domain/follow-index';

const school = (id: number, name: string, alias: string, group: number | null, teams: Array<[number, string, string]> = []): Participant =>
  ({
    id,
    name,
    alias,
    parent_id: null,
    participant_group_id: group,
    images: { logo: group === null ? undefined : `/logo-${id}.png` },
    children: teams.map(([tid, tname, talias]) => ({
      id: tid,
      name: tname,
      alias: talias,
      parent_id: id,
      participant_group_id: group,
      images: {},
      children: [],
    })),
  }) as unknown as Participant;

const groups = [
  { id: 2, name: 'South', alias: 'south' },
  { id: 1, name: 'North', alias: 'north' },
  { id: 3, name: 'Empty', alias: 'empty' },
] as ParticipantGroup[];

describe('schoolsIndex', () => {
  it('lists the schools by division in the channel order, by name within, each with its teams by name', () => {
    const index = schoolsIndex(groups, [
      school(10, 'Westfield', 'westfield', 1),
      school(11, 'Lakeview Lions', 'lakeview', 1, [
        [21, 'Lakeview Lions Girls Soccer', 'lakeview-girls-soccer'],
        [20, 'Lakeview Lions Boys Soccer', 'lakeview-boys-soccer'],
      ]),
      school(12, 'Harbor Point', 'harbor-point', 2),
    ]);
    expect(index.map((g) => [g.title, g.href, g.entries.map((e) => e.name)])).toEqual([
      ['South', '/divisions/south', ['Harbor Point']],
      ['North', '/divisions/north', ['Lakeview Lions', 'Westfield']],
    ]);
    const lakeview = index[1].entries[0];
    expect(lakeview).toEqual({
      name: 'Lakeview Lions',
      href: '/schools/lakeview',
      logo: '/logo-11.png',
      follow: { id: 11, type: 'participant' },
      links: [
        { name: 'Boys Soccer', href: '/teams/lakeview-boys-soccer' },
        { name: 'Girls Soccer', href: '/teams/lakeview-girls-soccer' },
      ],
    });
  });

  it('puts schools of no division, or of one the channel does not list, last under "Other schools"', () => {
    const index = schoolsIndex(groups, [
      school(10, 'Westfield', 'westfield', 1),
      school(13, 'Bayside', 'bayside', null),
      school(14, 'Oak Hill', 'oak-hill', 99),
    ]);
    expect(index.map((g) => [g.title, g.entries.map((e) => e.name)])).toEqual([
      ['North', ['Westfield']],
      ['Other schools', ['Bayside', 'Oak Hill']],
    ]);
  });

  it('gives one untitled group when the channel has no divisions, and none without schools', () => {
    expect(schoolsIndex([], [school(13, 'Bayside', 'bayside', null)]).map((g) => [g.title, g.entries.length])).toEqual([[null, 1]]);
    expect(schoolsIndex(groups, [])).toEqual([]);
  });
});

describe('sportsIndex', () => {
  it('lists each sport with its kinds, in the channel order', () => {
    const categories = [
      { id: 5, name: 'Soccer', alias: 'soccer', children: [{ id: 6, name: 'Boys Soccer', alias: 'boys-soccer', children: [] }] },
      { id: 1, name: 'Basketball', alias: 'basketball', children: [] },
    ] as unknown as EventCategory[];
    const [group] = sportsIndex(categories);
    expect(group.title).toBeNull();
    expect(group.entries.map((e) => [e.name, e.href, e.follow, e.links])).toEqual([
      ['Soccer', '/sports/soccer', { id: 5, type: 'event_category' }, [{ name: 'Boys Soccer', href: '/sports/boys-soccer' }]],
      ['Basketball', '/sports/basketball', { id: 1, type: 'event_category' }, []],
    ]);
    expect(sportsIndex([])).toEqual([]);
  });
});
