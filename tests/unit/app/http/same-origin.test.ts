import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '~/http/same-origin';

const check = (headers: Record<string, string>) => isSameOrigin((name) => new Headers(headers).get(name));

describe('same-origin check on posts', () => {
  it('accepts our own origin, and a browser that sends none but says same-origin', () => {
    expect(check({ Host: 'fieldhouse.test', Origin: 'http://fieldhouse.test' })).toBe(true);
    expect(check({ Host: 'fieldhouse.test', 'Sec-Fetch-Site': 'same-origin' })).toBe(true);
    expect(check({ Host: 'fieldhouse.test' })).toBe(true);
  });

  it('refuses another site', () => {
    expect(check({ Host: 'fieldhouse.test', Origin: 'http://evil.example' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', 'Sec-Fetch-Site': 'cross-site' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', 'Sec-Fetch-Site': 'same-site' })).toBe(false);
  });

  it('refuses what Remix would throw on: Origin null, an unparsable or empty Origin, another X-Forwarded-Host', () => {
    expect(check({ Host: 'fieldhouse.test', Origin: 'null' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', Origin: 'not a url' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', Origin: '' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', Origin: 'http://fieldhouse.test', 'X-Forwarded-Host': 'evil.example' })).toBe(false);
    expect(check({ Origin: 'http://fieldhouse.test' })).toBe(false);
  });

  it('reads X-Forwarded-Host as Remix does: the first entry, an empty one means Host', () => {
    expect(check({ Host: 'fieldhouse.test', Origin: 'http://fieldhouse.test', 'X-Forwarded-Host': 'evil.example, fieldhouse.test' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', Origin: 'http://evil.example', 'X-Forwarded-Host': '' })).toBe(false);
    expect(check({ Host: 'fieldhouse.test', Origin: 'http://fieldhouse.test', 'X-Forwarded-Host': '' })).toBe(true);
  });

  // The headers this check sees carry an X-Forwarded-Host only when a proxy TRUST_PROXY names set
  // it: server.ts drops it from anyone else first (tests/unit/server/guards.test.ts).
  it('follows the proxy: the first X-Forwarded-Host is the host the browser saw', () => {
    expect(check({ Host: '127.0.0.1:3000', Origin: 'https://tv.example', 'X-Forwarded-Host': 'tv.example, proxy.internal' })).toBe(true);
  });
});
