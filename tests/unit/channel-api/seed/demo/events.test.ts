import { describe, expect, it } from 'vitest';
import { schools } from '../../../../../channel-api/seed/demo/schools.ts';
import { demoChannel } from '../../../../../channel-api/seed/demo-channel.ts';
import { channelDescription } from '../../../../../channel-api/seed/description.ts';
import { gameName } from '../../../../../contract/game-name.ts';

/* The demo's games agree with their teams (issue 34): a game is played at its home school's venue,
   and its stored name is the one fans read (contract/game-name.ts). */

const demo = channelDescription.parse(demoChannel());
const participant = new Map(demo.participants.map((p) => [p.alias, p]));
const venue = new Map(demo.locations.map((l) => [l.key, l]));
const category = new Map(demo.event_categories.map((c) => [c.alias, c]));
const schoolOf = (teamAlias: string) => {
  const team = participant.get(teamAlias)!;
  return schools.find((s) => s.alias === (team.parent ?? team.alias))!;
};

describe('the demo’s games', () => {
  it('are each played at the home school’s venue, in its town', () => {
    expect(demo.events.length).toBeGreaterThan(40);
    for (const e of demo.events) {
      expect(e.home, e.key).not.toBeNull();
      const home = schoolOf(e.home!);
      const place = venue.get(e.location!)!;
      expect(place.city, `${e.key} at ${place.name}`).toBe(home.city);
    }
  });

  it('put a match-up at one venue, whatever the sport: the home school’s', () => {
    const venues = new Map<string, Set<string>>();
    for (const e of demo.events) {
      const [away, home] = e.participants.map((p) => schoolOf(p).alias);
      const key = `${away} @ ${home}`;
      venues.set(key, (venues.get(key) ?? new Set()).add(e.location!));
    }
    for (const [matchUp, at] of venues) expect([...at], matchUp).toHaveLength(1);
  });

  it('have a home team that is one of their two teams, from two different schools', () => {
    for (const e of demo.events) {
      expect(e.participants).toHaveLength(2);
      expect(e.participants).toContain(e.home);
      expect(new Set(e.participants.map((p) => schoolOf(p).alias)).size).toBe(2);
    }
  });

  it('store the name fans read: away @ home, the sport once', () => {
    for (const e of demo.events) {
      const [awayAlias, homeAlias] = e.participants;
      const own = category.get(e.category!)!;
      const parent = own.parent ? category.get(own.parent)! : null;
      const read = gameName({
        name: '',
        home_team_id: 2,
        participants: [
          { id: 1, name: participant.get(awayAlias)!.name },
          { id: 2, name: participant.get(homeAlias)!.name },
        ],
        event_category_id: 10,
        event_categories: [{ id: 10, name: own.name }, ...(parent ? [{ id: 11, name: parent.name }] : [])],
      });
      expect(e.name).toBe(read);
      expect(read).toMatch(/^[A-Z][\w ]+ @ [A-Z][\w ]+ \((Boys|Girls) \w+\)$/);
    }
    expect(demo.events[0].name).toBe('Lakeview Lions @ Harbor Point Pirates (Boys Basketball)');
  });

  it('are in the channel’s time zone, which every time a fan reads is written in', () => {
    expect(demo.settings.time_zone).toBe('America/Chicago');
    expect(demo.events.every((e) => e.time_zone === undefined)).toBe(true);
    const raw = demoChannel();
    const refused = channelDescription.safeParse({ ...raw, settings: { ...raw.settings, time_zone: 'Central' } });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain('IANA');
  });
});
