import { describe, expect, it } from 'vitest';
import { choiceWords, facetChoice, facetsFor, holdsChoice } from '~/domain/group-facets';

const properties = [
  {
    name: 'gender',
    label: 'Gender',
    values: [
      { value: 'M', label: 'Men' },
      { value: 'W', label: 'Women' },
    ],
  },
  {
    name: 'sport',
    label: 'Sport',
    values: [
      { value: 'basketball', label: 'Basketball' },
      { value: 'soccer', label: 'Soccer' },
      { value: 'football', label: 'Football' },
    ],
  },
  { name: 'level', label: 'Level', values: [{ value: 'varsity', label: 'Varsity' }] },
];
const team = (gender: string, sport: string) => ({ properties: { gender, sport } });
const teams = [team('M', 'soccer'), team('W', 'soccer'), team('W', 'basketball'), team('M', 'basketball')];

describe("a division's team facets (participant-group-properties)", () => {
  it('a property applies when its values tell the teams apart; only the values held are offered, in the channel order', () => {
    expect(facetsFor(properties, teams)).toEqual([
      {
        name: 'gender',
        label: 'Gender',
        options: [
          { value: 'M', label: 'Men' },
          { value: 'W', label: 'Women' },
        ],
      },
      {
        name: 'sport',
        label: 'Sport',
        options: [
          { value: 'basketball', label: 'Basketball' },
          { value: 'soccer', label: 'Soccer' },
        ],
      },
    ]);
    // One sport only: nothing to choose between, no Sport filter.
    expect(facetsFor(properties, [team('M', 'soccer'), team('W', 'soccer')]).map((f) => f.name)).toEqual(['gender']);
    expect(facetsFor(properties, [])).toEqual([]);
    expect(facetsFor([], teams)).toEqual([]);
  });

  it("never takes a name the page's games already use", () => {
    const clash = [
      {
        name: 'status',
        label: 'Status',
        values: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
    ];
    expect(facetsFor(clash, [{ properties: { status: 'a' } }, { properties: { status: 'b' } }])).toEqual([]);
  });

  it('reads the choice leniently: unknown values and other keys are dropped', () => {
    const facets = facetsFor(properties, teams);
    expect(facetChoice(facets, new URLSearchParams('gender=W&sport=soccer&status=live'))).toEqual({ gender: 'W', sport: 'soccer' });
    expect(facetChoice(facets, new URLSearchParams('gender=&sport=hockey&level=varsity'))).toEqual({});
  });

  it('a team matches when it holds every chosen value; nothing chosen matches all', () => {
    expect(teams.filter((t) => holdsChoice(t, { gender: 'W' }))).toEqual([team('W', 'soccer'), team('W', 'basketball')]);
    expect(teams.filter((t) => holdsChoice(t, { gender: 'W', sport: 'soccer' }))).toEqual([team('W', 'soccer')]);
    expect(teams.filter((t) => holdsChoice(t, {}))).toHaveLength(4);
  });

  it('says the choice in words', () => {
    const facets = facetsFor(properties, teams);
    expect(choiceWords(facets, { gender: 'W', sport: 'soccer' })).toBe('Women · Soccer');
    expect(choiceWords(facets, { sport: 'basketball' })).toBe('Basketball');
  });
});
