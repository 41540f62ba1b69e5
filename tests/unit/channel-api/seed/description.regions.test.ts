import { describe, expect, it } from 'vitest';
import { demoChannel } from '../../../../channel-api/seed/demo-channel.ts';
import { channelDescription } from '../../../../channel-api/seed/description.ts';

/* A description's `blackout_countries` per event (ADR 054). */

const withBlackout = (blackout: unknown) => {
  const d = demoChannel();
  return { ...d, events: d.events!.map((e, i) => (i === 0 ? { ...e, blackout_countries: blackout } : e)) };
};

describe('blackout_countries in a channel description', () => {
  it('the demo blacks out one game, in Canada', () => {
    const blackedOut = channelDescription.parse(demoChannel()).events.filter((e) => e.blackout_countries.length > 0);
    expect(blackedOut.map((e) => [e.key, e.blackout_countries])).toEqual([['event-2', ['CA']]]);
  });

  it('reads codes in either case, keeps each once, and defaults to none', () => {
    expect(channelDescription.parse(withBlackout(['ca', 'GB', 'CA'])).events[0].blackout_countries).toEqual(['CA', 'GB']);
    expect(channelDescription.parse(withBlackout(undefined)).events[0].blackout_countries).toEqual([]);
  });

  it('refuses what is not a two-letter country code, and says where', () => {
    for (const bad of [['Canada'], ['C'], 'CA', [1]]) {
      const parsed = channelDescription.safeParse(withBlackout(bad));
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error!.issues[0].path.slice(0, 3), JSON.stringify(bad)).toEqual(['events', 0, 'blackout_countries']);
    }
  });
});
