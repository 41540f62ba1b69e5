import { describe, expect, it } from 'vitest';
import { followKindOf } from '#contract/follows';

describe('what a followed thing is, as a fan calls it', () => {
  it('tells a school from a team by its parent, and names the other kinds', () => {
    expect(followKindOf('participant', false)).toBe('school');
    expect(followKindOf('participant', true)).toBe('team');
    expect(followKindOf('participant_group', false)).toBe('division');
    expect(followKindOf('event_category', true)).toBe('sport');
    expect(followKindOf('favorite_event', false)).toBe('game');
    expect(followKindOf('event_location', false)).toBe('venue');
  });
});
