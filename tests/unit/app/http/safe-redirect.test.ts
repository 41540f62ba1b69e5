import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectTarget, safeRedirect } from '~/http/safe-redirect';

/* Every redirect target spelling we know of that leaves the site, or would make an invalid
   Location header, falls back; plain on-site paths pass unchanged. */

const OFF_SITE = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example', // the reproduction: browsers drop the tab → //evil.example
  '/\t\\evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/ /evil.example',
  '\t//evil.example',
  ' /evil',
  'http://evil.example',
  'https://evil.example/path',
  'HTTP://evil.example',
  'javascript:alert(1)',
  'data:text/html,hi',
  'evil.example',
  '@evil.example',
  '',
  '/%2e%2e/login',
  '/a/../../evil',
  '/./login',
  '/\u0000/evil',
  '/\u007f',
  '/caf\u00e9',
  '/\u2028',
  '/\ud800',
  '/x\r\nSet-Cookie: a=b',
  '/'.padEnd(2001, 'a'),
];

const ON_SITE = ['/', '/watch/45', '/upcoming?status=live&page=2', '/faq#tickets', '/vod_library?title=Final%20game', '/%09/evil.example', '/profile/edit'];

describe('redirect targets', () => {
  it.each(OFF_SITE.map((t) => [JSON.stringify(t), t]))('refuses %s', (_label, target) => {
    expect(redirectTarget(target)).toBeNull();
    expect(safeRedirect(target, '/home')).toBe('/home');
  });

  it.each(ON_SITE)('keeps %s', (target) => {
    expect(safeRedirect(target, '/home')).toBe(target);
  });

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, ['/'], { toString: () => '/' }]) expect(safeRedirect(value, '/home')).toBe('/home');
  });

  it('whatever it is given, what it returns stays on our origin and is a valid Location header', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('/', '\\', '.', '%', '2', 'e', '0', '9', '\t', '\n', ' ', '@', ':', 'a', '?', '#'), maxLength: 24 }),
      fc.string({ maxLength: 40 }).map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(hostile, (target) => {
        const result = safeRedirect(target, '/fallback');
        if (result === '/fallback') return;
        expect(result).toBe(target);
        expect(new URL(result, 'https://fieldhouse.example').origin).toBe('https://fieldhouse.example');
        expect(result).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        expect(() => new Headers({ Location: result })).not.toThrow();
      }),
      { seed: 7, numRuns: 1000 },
    );
  });
});
