import { describe, expect, it } from 'vitest';
import { gameName, UNNAMED_GAME } from '#contract/game-name';

const north = { id: 1, name: 'Northfield Hawks' };
const south = { id: 2, name: 'Southport Owls' };

describe('the one name of a game', () => {
  it("reads 'away @ home' with the home team from home_team_id (spec section 3)", () => {
    expect(gameName({ name: 'Game', home_team_id: 1, participants: [north, south] })).toBe('Southport Owls @ Northfield Hawks');
    expect(gameName({ name: 'Game', home_team_id: 2, participants: [north, south] })).toBe('Northfield Hawks @ Southport Owls');
  });

  it('says a sport both teams are named after once, after the match-up', () => {
    const game = {
      name: 'Boys Soccer: Bayside at Lakeview',
      home_team_id: 20,
      participants: [
        { id: 10, name: 'Bayside Mariners Boys Soccer' },
        { id: 20, name: 'Lakeview Lions Boys Soccer' },
      ],
      event_category_id: 7,
      event_categories: [
        { id: 7, name: 'Boys Soccer' },
        { id: 2, name: 'Soccer' },
      ],
    };
    expect(gameName(game)).toBe('Bayside Mariners @ Lakeview Lions (Boys Soccer)');
    // The parent sport when the own one is not in the names.
    expect(
      gameName({
        ...game,
        participants: [
          { id: 10, name: 'Bayside Soccer' },
          { id: 20, name: 'Lakeview soccer' },
        ],
      }),
    ).toBe('Bayside @ Lakeview (Soccer)');
  });

  it('keeps the names whole when the sport is not at the end of both, or is the whole name', () => {
    const categories = { event_category_id: 7, event_categories: [{ id: 7, name: 'Boys Soccer' }] };
    expect(
      gameName({
        name: 'G',
        home_team_id: 2,
        participants: [
          { id: 1, name: 'Bayside Boys Soccer' },
          { id: 2, name: 'Lakeview Lions' },
        ],
        ...categories,
      }),
    ).toBe('Bayside Boys Soccer @ Lakeview Lions');
    expect(
      gameName({
        name: 'G',
        home_team_id: 2,
        participants: [
          { id: 1, name: 'Boys Soccer' },
          { id: 2, name: 'Lakeview Boys Soccer' },
        ],
        ...categories,
      }),
    ).toBe('Boys Soccer @ Lakeview Boys Soccer');
    // 'Soccer' must be a whole word: 'Lakeview Lionsoccer' does not end with ' Soccer'.
    expect(
      gameName({
        name: 'G',
        home_team_id: 2,
        participants: [
          { id: 1, name: 'Bayside Soccer' },
          { id: 2, name: 'Lakeview Lionsoccer' },
        ],
        event_categories: [{ id: 3, name: 'Soccer' }],
      }),
    ).toBe('Bayside Soccer @ Lakeview Lionsoccer');
  });

  it("keeps the event's name without a home team among two participants", () => {
    expect(gameName({ name: 'Derby', home_team_id: null, participants: [north, south] })).toBe('Derby');
    expect(gameName({ name: 'Derby', home_team_id: 99, participants: [north, south] })).toBe('Derby');
  });

  it("keeps the event's name for anything but two participants", () => {
    expect(gameName({ name: 'Invitational meet', home_team_id: 1, participants: [north, south, { id: 3, name: 'C' }] })).toBe('Invitational meet');
    expect(gameName({ name: 'Solo', home_team_id: 1, participants: [north] })).toBe('Solo');
    expect(gameName({ name: 'No list' })).toBe('No list');
  });

  it('never reads blank', () => {
    expect(gameName({ name: '  ', participants: [] })).toBe(UNNAMED_GAME);
    expect(gameName({ name: 'Named', home_team_id: 1, participants: [north, { id: 2, name: ' ' }] })).toBe('Named');
  });
});
