import { describe, expect, it } from 'vitest';
import { airingStart, streamStatus } from '../../../channel-api/repo/event-status.ts';

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
