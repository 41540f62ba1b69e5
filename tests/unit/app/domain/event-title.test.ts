import { describe, expect, it } from 'vitest';
import { eventTitle } from '~/domain/event-title';

const north = { id: 1, name: 'Northfield Hawks' };
const south = { id: 2, name: 'Southport Owls' };

describe('event title', () => {
  it("reads 'away @ home' with the home team from home_team_id", () => {
    expect(eventTitle({ name: 'Game', home_team_id: 1, participants: [north, south] })).toBe('Southport Owls @ Northfield Hawks');
    expect(eventTitle({ name: 'Game', home_team_id: 2, participants: [north, south] })).toBe('Northfield Hawks @ Southport Owls');
  });

  it('keeps the event name without a home team, or when home_team_id matches nobody', () => {
    expect(eventTitle({ name: 'Derby', home_team_id: null, participants: [north, south] })).toBe('Derby');
    expect(eventTitle({ name: 'Derby', home_team_id: 99, participants: [north, south] })).toBe('Derby');
  });

  it('keeps the event name for anything but two participants', () => {
    expect(eventTitle({ name: 'Invitational meet', home_team_id: 1, participants: [north, south, { id: 3, name: 'C' }] })).toBe('Invitational meet');
    expect(eventTitle({ name: 'Solo', home_team_id: 1, participants: [north] })).toBe('Solo');
    expect(eventTitle({ name: 'No list' })).toBe('No list');
  });

  it('never returns an empty title', () => {
    expect(eventTitle({ name: '  ', participants: [] })).toBe('Untitled event');
    expect(eventTitle({ name: 'Named', home_team_id: 1, participants: [north, { id: 2, name: ' ' }] })).toBe('Named');
  });
});
