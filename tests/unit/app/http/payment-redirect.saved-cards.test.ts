import { describe, expect, it } from 'vitest';
import { paymentRedirect } from '~/http/payment-redirect';
import { sandboxPath } from '../../../../server/payment-proxy.ts';

/* Saved cards on the web side (ADR 018): the only new pages a purchase or "Add a card" may send the fan to. */

const pi = `pi_test_${'Ab1'.repeat(10)}`;
const token = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

describe('where saved cards may send the fan', () => {
  const site = 'https://watch.example.com';
  it('the sandbox’s add-card page and a saved card’s bank page, as paths; the order page with payment_intent', () => {
    expect(paymentRedirect(`${site}/sandbox/add-card/${token}`, site)).toBe(`/sandbox/add-card/${token}`);
    expect(paymentRedirect(`${site}/sandbox/payment/${pi}/authenticate`, site)).toBe(`/sandbox/payment/${pi}/authenticate`);
    expect(paymentRedirect(`${site}/orders/7?payment_intent=${pi}`, site)).toBe(`/orders/7?payment_intent=${pi}`);
    expect(paymentRedirect(`https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_1`, site)).toBe(
      'https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_1',
    );
    for (const bad of [`${site}/sandbox/payment/${pi}`, `${site}/sandbox/payment/pi_live_${'a'.repeat(30)}/authenticate`, `${site}/sandbox/add-card/x.y`]) {
      expect(paymentRedirect(bad, site), bad).toBeNull();
    }
  });

  it('the proxy forwards exactly those pages of the sandbox', () => {
    expect(sandboxPath(`/add-card/${token}?x=1`)).toBe(`/add-card/${token}`);
    expect(sandboxPath(`/payment/${pi}/authenticate`)).toBe(`/payment/${pi}/authenticate`);
    for (const bad of [`/payment/${pi}`, `/payment/${pi}/authenticate/..`, '/add-card/..%2Fclock', '/clock', `/payment/pi_test_%2e%2e/authenticate`]) {
      expect(sandboxPath(bad), bad).toBeNull();
    }
  });
});
