import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineHashes } from '~/http/content-security.server';

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
