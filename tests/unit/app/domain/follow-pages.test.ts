import { describe, expect, it } from 'vitest';
import type { EventCategory, Participant } from '#contract';
import {
  findDivision,
  findSchool,
  findSport,
  findTeam,
  followedPath,
  followPath,
  participantPath,
  teamLabel,
  venueIdOf,
  venuePath,
  venueSlug,
} from '~/domain/follow-pages';

const participant = (id: number, alias: string, name: string, children: Participant[] = [], parent_id: number | null = null): Participant => ({
  id,
  name,
  short_name: name,
  alias,
  images: { logo: null, banner: null },
  color: '#5B1A8B',
  participant_group_id: 1,
  parent_id,
  properties: {},
  children,
});
const soccer = participant(11, 'lakeview-boys-soccer', 'Lakeview Lions Boys Soccer', [], 10);
const schools = [participant(10, 'lakeview', 'Lakeview Lions', [soccer]), participant(20, 'bayside', 'Bayside Mariners')];
const sports: EventCategory[] = [
  { id: 1, name: 'Basketball', alias: 'basketball', parent_id: null, children: [{ id: 2, name: 'Boys Basketball', alias: 'basketball-boys', parent_id: 1 }] },
];

describe('follow page addresses', () => {
  it('are built from the alias, escaped', () => {
    expect(followPath('school', 'lakeview')).toBe('/schools/lakeview');
    expect(followPath('team', 'lakeview-boys-soccer')).toBe('/teams/lakeview-boys-soccer');
    expect(followPath('sport', 'a b/c?')).toBe('/sports/a%20b%2Fc%3F');
    expect(followPath('division', 'north')).toBe('/divisions/north');
  });

  it("give a venue its name's words and its id, which alone finds it", () => {
    expect(venueSlug({ id: 2, name: 'Lakeview Memorial Stadium' })).toBe('lakeview-memorial-stadium-2');
    expect(venuePath({ id: 7, name: "  St. Mary's Gymnasium — Court 2 " })).toBe('/venues/st-mary-s-gymnasium-court-2-7');
    expect(venueSlug({ id: 3, name: 'Café Arena' })).toBe('cafe-arena-3');
    expect(venueSlug({ id: 4, name: '体育馆' })).toBe('4');
    expect(venueIdOf('lakeview-memorial-stadium-2')).toBe(2);
    expect(venueIdOf('4')).toBe(4);
    expect(venueIdOf('stadium')).toBeNull();
    expect(venueIdOf('stadium-0')).toBeNull();
    expect(venueIdOf('stadium-99999999999')).toBeNull();
  });
});

describe('finding the entity of an address', () => {
  it('finds a school only among schools, a team only among teams', () => {
    expect(findSchool(schools, 'lakeview')?.id).toBe(10);
    expect(findSchool(schools, 'lakeview-boys-soccer')).toBeUndefined();
    expect(findTeam(schools, 'lakeview-boys-soccer')).toEqual({ team: soccer, school: schools[0] });
    expect(findTeam(schools, 'lakeview')).toBeUndefined();
  });

  it('finds a sport at any depth, with its parent', () => {
    expect(findSport(sports, 'basketball')).toEqual({ sport: sports[0], parent: null });
    expect(findSport(sports, 'basketball-boys')?.parent?.alias).toBe('basketball');
    expect(findSport(sports, 'soccer')).toBeUndefined();
  });

  it('finds a division by alias', () => {
    expect(findDivision([{ id: 1, name: 'North Division', alias: 'north', image: null }], 'north')?.id).toBe(1);
    expect(findDivision([], 'north')).toBeUndefined();
  });

  it("links an event's participant to its team's or school's page", () => {
    expect(participantPath(schools, 11)).toBe('/teams/lakeview-boys-soccer');
    expect(participantPath(schools, 20)).toBe('/schools/bayside');
    expect(participantPath(schools, 99)).toBeNull();
  });

  it("names a team on its school's page without the school's name", () => {
    expect(teamLabel(soccer, schools[0])).toBe('Boys Soccer');
    expect(teamLabel({ name: 'Varsity' }, schools[0])).toBe('Varsity');
    expect(teamLabel({ name: 'Lakeview Lions' }, schools[0])).toBe('Lakeview Lions');
  });
});

describe("a followed thing's page (the alerts page's links)", () => {
  it('is its follow page by alias, a venue by its slug, a game its watch page', () => {
    expect(followedPath({ kind: 'team', favoritable_id: 5, alias: 'lakeview-boys-soccer', name: 'Lakeview Boys Soccer' })).toBe('/teams/lakeview-boys-soccer');
    expect(followedPath({ kind: 'school', favoritable_id: 2, alias: 'lakeview', name: 'Lakeview' })).toBe('/schools/lakeview');
    expect(followedPath({ kind: 'venue', favoritable_id: 3, alias: null, name: 'Harbor Point Fieldhouse' })).toBe('/venues/harbor-point-fieldhouse-3');
    expect(followedPath({ kind: 'game', favoritable_id: 41, alias: null, name: 'A @ B' })).toBe('/watch/41');
    expect(followedPath({ kind: 'sport', favoritable_id: 7, alias: null, name: 'Soccer' })).toBeNull();
  });
});
