import { describe, expect, it } from 'vitest';
import { shareLinks } from '~/domain/share-links';

describe("a shared clip's share links", () => {
  const url = 'https://fans.example.test/share/7/0b7c3c1e-9d7a-4c55-8f3e-0d9c1f2a3b4c';
  const links = shareLinks(url, 'The save · 63′ & more');

  it('mails the title and the address, spaces as %20 (not +)', () => {
    const mail = new URL(links.email);
    expect(mail.protocol).toBe('mailto:');
    expect(links.email).not.toContain('+');
    expect(decodeURIComponent(links.email)).toBe(`mailto:?subject=The save · 63′ & more&body=The save · 63′ & more\n${url}`);
  });

  it("opens X's and Facebook's own composers with the address", () => {
    const x = new URL(links.x);
    expect(`${x.origin}${x.pathname}`).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('url')).toBe(url);
    expect(x.searchParams.get('text')).toBe('The save · 63′ & more');
    const fb = new URL(links.facebook);
    expect(`${fb.origin}${fb.pathname}`).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(fb.searchParams.get('u')).toBe(url);
  });
});
