import { describe, expect, it } from 'vitest';
import { paymentRedirect } from '~/http/payment-redirect';

describe('paymentRedirect', () => {
  const site = 'https://watch.example.com';
  it('follows our own sandbox checkout and order pages as paths, and Stripe’s pages as they are', () => {
    const cs = `cs_test_${'a1'.repeat(16)}`;
    expect(paymentRedirect(`${site}/sandbox/checkout/${cs}`, site)).toBe(`/sandbox/checkout/${cs}`);
    expect(paymentRedirect(`${site}/orders/12?session_id=${cs}`, site)).toBe(`/orders/12?session_id=${cs}`);
    expect(paymentRedirect(`https://checkout.stripe.com/c/pay/${cs}#fid`, site)).toBe(`https://checkout.stripe.com/c/pay/${cs}#fid`);
  });

  it('refuses anything else', () => {
    for (const url of [
      'https://evil.example/sandbox/checkout/cs_test_x',
      `${site}/login`,
      `${site}/sandbox/checkout/../../profile`,
      'http://checkout.stripe.com/c/pay/x',
      'https://checkout.stripe.com.evil.example/x',
      'https://user:pw@checkout.stripe.com/x',
      'https://checkout.stripe.com:8443/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(paymentRedirect(url, site), url).toBeNull();
    }
  });

  it('follows our pages given as paths (ADR 029), as they are, on whatever origin the fan uses', () => {
    const cs = `cs_test_${'a1'.repeat(16)}`;
    const pi = `pi_test_${'b2'.repeat(16)}`;
    const token = `${'a'.repeat(20)}.${'b'.repeat(43)}`;
    for (const path of [
      `/sandbox/checkout/${cs}`,
      `/sandbox/portal/${token}`,
      `/sandbox/add-card/${token}`,
      `/sandbox/payment/${pi}/authenticate`,
      '/orders/1',
      `/orders/12?session_id=${cs}`,
      `/orders/7?payment_intent=${pi}`,
    ]) {
      expect(paymentRedirect(path, site), path).toBe(path);
    }
  });

  it('refuses a path that is not exactly one of ours: another site in disguise, encoded tricks, other pages', () => {
    const cs = `cs_test_${'a1'.repeat(16)}`;
    for (const path of [
      '//evil.example',
      '//evil.example/orders/1',
      '/\\evil.example',
      '/\\/evil.example/orders/1',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/orders/1/../../login',
      '/orders/%2e%2e/login',
      '/sandbox/checkout/../../channels/demo.json',
      `/sandbox/checkout/${cs}/..%2F..%2Fclock`,
      '/sandbox/clock',
      '/orders/1#//evil.example',
      '/orders/1?next=//evil.example',
      `/orders/1?session_id=${cs}&next=https://evil.example`,
      '/orders/1\t',
      '/\t/evil.example',
      '/\n/evil.example',
      '/orders/1\n',
      '/ /evil.example',
      '/login',
      '/',
      '/orders/12345678901',
    ]) {
      expect(paymentRedirect(path, site), JSON.stringify(path)).toBeNull();
    }
  });
});
