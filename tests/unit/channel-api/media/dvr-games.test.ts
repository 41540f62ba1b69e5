import { describe, expect, it } from 'vitest';
import { airsAs } from '../../../../channel-api/media/dvr-games.ts';
import { dvrDuration, MAX_DVR_GAME_SECONDS } from '../../../../channel-api/media/live-playlist.ts';

/* Which DVR addresses name a real game (ADR 057): an event's kick-off (a re-airing game: any of
   its airings so far) and its length, once it has kicked off. */

const kickoff = 1_795_000_000;
const game = { eventUtcTs: kickoff, duration: 7200, alwaysLive: false };
const reairing = { ...game, alwaysLive: true };

describe('airsAs', () => {
  it("is the game's own kick-off and length, from its kick-off on", () => {
    expect(airsAs(game, { kickoff, duration: 7200 }, kickoff)).toBe(true);
    expect(airsAs(game, { kickoff, duration: 7200 }, kickoff + 99_999)).toBe(true);
    expect(airsAs(game, { kickoff, duration: 7200 }, kickoff - 1)).toBe(false);
  });

  it('is no other kick-off or length', () => {
    for (const asked of [
      { kickoff: kickoff - 1, duration: 7200 },
      { kickoff: kickoff + 1, duration: 7200 },
      { kickoff, duration: 7199 },
      { kickoff, duration: 7201 },
      { kickoff: kickoff + 7200, duration: 7200 },
    ])
      expect(airsAs(game, asked, kickoff + 20_000), JSON.stringify(asked)).toBe(false);
  });

  it('is each airing of a re-airing game that has begun, and nothing between or before them', () => {
    const now = kickoff + 3 * 7200 + 10;
    for (const n of [0, 1, 2, 3]) expect(airsAs(reairing, { kickoff: kickoff + n * 7200, duration: 7200 }, now), `airing ${n}`).toBe(true);
    expect(airsAs(reairing, { kickoff: kickoff + 4 * 7200, duration: 7200 }, now)).toBe(false);
    expect(airsAs(reairing, { kickoff: kickoff + 3600, duration: 7200 }, now)).toBe(false);
    expect(airsAs(reairing, { kickoff: kickoff - 7200, duration: 7200 }, now)).toBe(false);
  });

  it('names a game longer than a DVR playlist covers by the longest length', () => {
    expect(dvrDuration(10 * 3600)).toBe(MAX_DVR_GAME_SECONDS);
    expect(airsAs({ ...game, duration: 10 * 3600 }, { kickoff, duration: MAX_DVR_GAME_SECONDS }, kickoff + 10)).toBe(true);
    expect(dvrDuration(0)).toBe(1);
  });
});
