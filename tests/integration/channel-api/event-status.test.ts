import { describe, expect, it } from 'vitest';
import { airingStart, nextChange, streamStatus } from '../../../channel-api/repo/event-status.ts';

describe('stream status from the clock', () => {
  const game = { eventUtcTs: 1_000, duration: 100, alwaysLive: false };
  it('is upcoming before the start, live during, finished after', () => {
    expect(streamStatus(game, 999)).toBe('upcoming');
    expect(streamStatus(game, 1_000)).toBe('live');
    expect(streamStatus(game, 1_100)).toBe('live');
    expect(streamStatus(game, 1_101)).toBe('finished');
  });
  it('keeps an always-live demo broadcast live, reporting the start of the current airing', () => {
    const loop = { ...game, alwaysLive: true };
    expect(streamStatus(loop, 999)).toBe('upcoming');
    expect(streamStatus(loop, 1_000_050)).toBe('live');
    expect(airingStart(loop, 1_000_050)).toBe(1_000_000);
    expect(airingStart(loop, 1_050)).toBe(1_000);
  });
});

describe('nextChange', () => {
  const games = [
    { eventUtcTs: 1_000, duration: 100, alwaysLive: false },
    { eventUtcTs: 1_000, duration: 0, alwaysLive: false },
    { eventUtcTs: 1_000, duration: 100, alwaysLive: true },
    { eventUtcTs: 1_000, duration: 0, alwaysLive: true },
  ];
  it("is the first second at which a game's status or reported start differs from now's, or null when none will", () => {
    for (const game of games) {
      for (let now = 900; now < 1_400; now++) {
        const at = nextChange(game, now);
        const same = (s: number) => streamStatus(game, s) === streamStatus(game, now) && airingStart(game, s) === airingStart(game, now);
        const label = `${JSON.stringify(game)} at ${now}: ${at}`;
        // The first second that differs, looking as far as a few airings ahead.
        let first: number | null = null;
        for (let s = now; s <= 1_500 && first === null; s++) if (!same(s)) first = s;
        if (at !== null && at <= 1_500) expect(first, label).toBe(at);
        else expect([first, same(10_000_000)], label).toEqual([null, at === null]);
      }
    }
  });
});
