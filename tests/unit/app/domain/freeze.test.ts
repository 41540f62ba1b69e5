import { describe, expect, it } from 'vitest';
import { deepFreeze } from '~/domain/freeze';

/* The one freezing of shared data (app/domain/freeze.ts), used by the shared content cache and
   memoBySource. */

describe('deepFreeze', () => {
  it('freezes the value and every object and array inside it, and gives the same value back', () => {
    const rail = { title: 'Latest', items: [{ id: 1, tags: ['goal'] }], meta: { total: 1 } };
    expect(deepFreeze(rail)).toBe(rail);
    for (const part of [rail, rail.items, rail.items[0], rail.items[0].tags, rail.meta]) expect(Object.isFrozen(part)).toBe(true);
    expect(() => {
      (rail.items[0] as { id: number }).id = 2;
    }).toThrow(TypeError);
    expect(rail.items[0].id).toBe(1);
  });

  it('takes plain values and a cycle', () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('text')).toBe('text');
    const a: { self?: unknown } = {};
    a.self = a;
    expect(Object.isFrozen(deepFreeze(a))).toBe(true);
  });
});
