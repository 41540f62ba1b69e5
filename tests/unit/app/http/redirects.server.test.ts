import { describe, expect, it, vi } from 'vitest';
import { seeOther, seeOtherToProvider } from '~/http/redirects.server';

/* The redirects every route shares (app/http/redirects.server.ts): what the browser is told. */

describe('seeOther', () => {
  it('is a 303 to the page, within the app', () => {
    const res = seeOther('/profile');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/profile');
    expect(res.headers.get('X-Remix-Reload-Document')).toBeNull();
  });
});

describe('seeOtherToProvider: the one way to the payment provider’s page (buy, Manage billing, Add a card)', () => {
  const cs = `cs_test_${'a1'.repeat(16)}`;

  it('sends the browser there with a whole-document navigation, JavaScript or not', () => {
    for (const [url, to] of [
      [`/sandbox/checkout/${cs}`, `/sandbox/checkout/${cs}`],
      [`https://checkout.stripe.com/c/pay/${cs}`, `https://checkout.stripe.com/c/pay/${cs}`],
    ]) {
      const res = seeOtherToProvider(url, 'test')!;
      expect(res.status, url).toBe(303);
      expect(res.headers.get('Location'), url).toBe(to);
      expect(res.headers.get('X-Remix-Reload-Document'), url).toBe('true');
    }
  });

  it('follows no other address: the caller tells the fan', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const url of ['https://evil.example/checkout', '//evil.example/x', '/login', 'javascript:alert(1)'])
        expect(seeOtherToProvider(url, 'test'), url).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
