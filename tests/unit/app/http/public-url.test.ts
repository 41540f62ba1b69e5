import { describe, expect, it } from 'vitest';
import { absoluteOn, originOf } from '~/http/public-url';

/* Absolute addresses in pages come from PUBLIC_URL alone (ADR 057): whatever Host a request
   carried, a share link, its Open Graph tags, the embed code and a calendar feed name the site. */

describe('absoluteOn', () => {
  it("puts a path of the site on PUBLIC_URL's origin", () => {
    expect(absoluteOn('https://tv.example', '/share/12/0b9c')).toBe('https://tv.example/share/12/0b9c');
    expect(absoluteOn('http://127.0.0.1:3000', '/media/clips/u/preview.jpg')).toBe('http://127.0.0.1:3000/media/clips/u/preview.jpg');
  });

  it('ignores a path or a trailing slash in PUBLIC_URL: the site is served at its root', () => {
    expect(absoluteOn('https://tv.example/', '/watch_embed/3')).toBe('https://tv.example/watch_embed/3');
    expect(absoluteOn('https://tv.example/somewhere/', '/watch_embed/3')).toBe('https://tv.example/watch_embed/3');
  });

  it('refuses anything that is not a path of this site: a protocol-relative or absolute address, a relative path', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', 'share/1', '']) expect(() => absoluteOn('https://tv.example', path), path).toThrow();
  });
});

describe('originOf', () => {
  it('is the scheme, host and port, nothing else', () => {
    expect(originOf('https://tv.example/')).toBe('https://tv.example');
    expect(originOf('http://localhost:3000/x?y')).toBe('http://localhost:3000');
  });
});
