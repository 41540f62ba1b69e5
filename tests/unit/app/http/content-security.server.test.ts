import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineHashes, startsGoogleTag } from '~/http/content-security.server';

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.split(' ')[0] === name);

describe('the Content-Security-Policy of a page', () => {
  const html = [
    '<html><head><style>:root{--a:1}</style><link rel="stylesheet" href="/build/app.css"></head><body>',
    '<script>window.ENV={"a":1}</script>',
    '<script type="module" src="/build/entry.js"></script>',
    '<script type="module">import "/build/root.js";</script>',
    '</body></html>',
  ].join('');

  it('allows exactly the inline scripts and styles of the page, by hash, and no external script but our own', () => {
    const policy = contentSecurityPolicy({ pathname: '/', https: false, hashes: inlineHashes(html) });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${hash('window.ENV={"a":1}')} ${hash('import "/build/root.js";')}`);
    expect(directive(policy, 'style-src-elem')).toBe(`style-src-elem 'self' ${hash(':root{--a:1}')}`);
    expect(policy).not.toMatch(/nonce|script-src[^;]*unsafe-inline|style-src-elem[^;]*unsafe-inline/);
  });

  it('is the same for every visitor of the same page, so a cached copy stays valid', () => {
    const a = contentSecurityPolicy({ pathname: '/', https: false, hashes: inlineHashes(html) });
    const b = contentSecurityPolicy({ pathname: '/', https: false, hashes: inlineHashes(html) });
    expect(a).toBe(b);
  });

  it('lets other sites frame only /watch_embed/{id}, and upgrades requests only over HTTPS', () => {
    expect(directive(contentSecurityPolicy({ pathname: '/watch_embed/45', https: false }), 'frame-ancestors')).toBe('frame-ancestors *');
    expect(directive(contentSecurityPolicy({ pathname: '/watch/45', https: false }), 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(contentSecurityPolicy({ pathname: '/', https: false })).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ pathname: '/', https: true })).toContain('upgrade-insecure-requests');
  });
});

describe('the Content-Security-Policy with the Google tag (ADR 051)', () => {
  const tagged = '<html><head><script src="/google-tag.js" defer="" data-tag-id="G-TEST1234" data-consent="denied"></script></head><body></body></html>';
  const plain = '<html><head></head><body><p>src=&quot;/google-tag.js&quot; is only text here</p></body></html>';

  it('names the Google tag’s hosts only on a page that starts the tag', () => {
    expect(startsGoogleTag(tagged)).toBe(true);
    expect(startsGoogleTag(plain)).toBe(false);
    const on = contentSecurityPolicy({ pathname: '/', https: true, hashes: inlineHashes(tagged), googleTag: startsGoogleTag(tagged) });
    expect(directive(on, 'script-src')).toBe("script-src 'self' https://*.googletagmanager.com");
    expect(directive(on, 'img-src')).toBe("img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com");
    expect(directive(on, 'connect-src')).toContain('https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com');
    // Still no inline script allowed: the bootstrap is a file of our own origin.
    expect(directive(on, 'script-src')).not.toMatch(/unsafe-inline|nonce/);
  });

  it('names no Google host without the tag', () => {
    const off = contentSecurityPolicy({ pathname: '/', https: true, hashes: inlineHashes(plain), googleTag: startsGoogleTag(plain) });
    expect(off).not.toMatch(/google/);
    expect(contentSecurityPolicy({ pathname: '/', https: true })).not.toMatch(/google/);
  });
});
