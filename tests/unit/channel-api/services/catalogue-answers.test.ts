import { describe, expect, it } from 'vitest';
import { catalogueAnswers } from '../../../../channel-api/services/catalogue-answers.ts';

/* The game lists' answers (ADR 062): kept per catalogue version and span of the clock in which no
   game changes, made once for a burst, never served across a change. */

/** A catalogue whose games change at `changes` (seconds), and counts of what was asked of it. */
function world(changes: number[]) {
  const asked = { nextChange: 0, made: 0 };
  const answers = catalogueAnswers(async (_channel, now) => {
    asked.nextChange++;
    return changes.find((at) => at > now) ?? null;
  });
  const list = (version: number, now: number, query = 'upcoming') =>
    answers.answer({ id: 1, catalogueVersion: version }, now, query, async (at) => {
      asked.made++;
      return `${query} as at ${at}, version ${version}`;
    });
  return { asked, list, answers };
}

describe('catalogueAnswers', () => {
  it('makes an answer once for every call until the next change of a game, and again at that second', async () => {
    const { asked, list } = world([100, 200]);
    expect(await list(0, 50)).toBe('upcoming as at 50, version 0');
    expect(await list(0, 51)).toBe('upcoming as at 50, version 0');
    expect(await list(0, 99)).toBe('upcoming as at 50, version 0');
    expect(asked).toEqual({ nextChange: 1, made: 1 });
    expect(await list(0, 100)).toBe('upcoming as at 100, version 0');
    expect(await list(0, 199)).toBe('upcoming as at 100, version 0');
    expect(asked).toEqual({ nextChange: 2, made: 2 });
  });

  it('keeps an answer forever when no game will change, until the catalogue does', async () => {
    const { asked, list } = world([]);
    await list(0, 10);
    expect(await list(0, 10_000_000)).toBe('upcoming as at 10, version 0');
    expect(await list(1, 10_000_001)).toBe('upcoming as at 10000001, version 1');
    expect(asked.made).toBe(2);
  });

  it('makes a new answer for a new catalogue version at once, whatever the clock', async () => {
    const { list } = world([100]);
    await list(0, 50);
    expect(await list(1, 51)).toBe('upcoming as at 51, version 1');
  });

  it('keeps one answer per query', async () => {
    const { asked, list } = world([100]);
    expect(await list(0, 50, 'live')).toBe('live as at 50, version 0');
    expect(await list(0, 60, 'upcoming')).toBe('upcoming as at 60, version 0');
    expect(await list(0, 70, 'live')).toBe('live as at 50, version 0');
    expect(asked.made).toBe(2);
  });

  it('makes one answer and asks for one span for a burst of the same call, also at a span end', async () => {
    const { asked, list } = world([100, 200]);
    const first = await Promise.all(Array.from({ length: 20 }, () => list(0, 50)));
    expect(new Set(first).size).toBe(1);
    const atChange = await Promise.all(Array.from({ length: 20 }, () => list(0, 100)));
    expect(new Set(atChange)).toEqual(new Set(['upcoming as at 100, version 0']));
    expect(asked).toEqual({ nextChange: 2, made: 2 });
  });

  it('starts again when the clock goes back before the span it keeps', async () => {
    const { list } = world([100]);
    await list(0, 50);
    expect(await list(0, 40)).toBe('upcoming as at 40, version 0');
  });

  it('keeps no failed answer and no failed span', async () => {
    let fail = true;
    const answers = catalogueAnswers(async () => {
      if (fail) throw new Error('database down');
      return null;
    });
    const channel = { id: 1, catalogueVersion: 0 };
    await expect(answers.answer(channel, 10, 'q', async () => 'made')).rejects.toThrow('database down');
    fail = false;
    let made = 0;
    const make = async () => {
      made++;
      if (made === 1) throw new Error('query failed');
      return 'made';
    };
    await expect(answers.answer(channel, 11, 'q', make)).rejects.toThrow('query failed');
    expect(await answers.answer(channel, 12, 'q', make)).toBe('made');
  });
});
