import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '~/security.server';

const post = (headers: Record<string, string>) => new Request('http://fieldhouse.test/login', { method: 'POST', headers });

describe('same-origin check on posts', () => {
  it('accepts our own origin, and a browser that sends none but says same-origin', () => {
    expect(isSameOrigin(post({ Host: 'fieldhouse.test', Origin: 'http://fieldhouse.test' }))).toBe(true);
    expect(isSameOrigin(post({ Host: 'fieldhouse.test', 'Sec-Fetch-Site': 'same-origin' }))).toBe(true);
  });

  it('refuses another site', () => {
    expect(isSameOrigin(post({ Host: 'fieldhouse.test', Origin: 'http://evil.example' }))).toBe(false);
    expect(isSameOrigin(post({ Host: 'fieldhouse.test', 'Sec-Fetch-Site': 'cross-site' }))).toBe(false);
    expect(isSameOrigin(post({ Host: 'fieldhouse.test', Origin: 'not a url' }))).toBe(false);
  });
});
