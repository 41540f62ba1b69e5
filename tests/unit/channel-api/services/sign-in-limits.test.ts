import { describe, expect, it } from 'vitest';
import { signInWait, type SignInLimits } from '../../../../channel-api/services/sign-in-limits.ts';

/* The rule behind the sign-in limits: how long the next attempt must wait, given the failures in
   the window that count against it (newest first). */

const limits: SignInLimits = { windowSeconds: 900, accountFailures: 3, addressFailures: 5 };
const now = new Date('2026-11-26T12:00:00Z');
const ago = (...seconds: number[]) => seconds.map((s) => new Date(now.getTime() - s * 1000));

describe('signInWait', () => {
  it('lets an attempt go ahead below both limits', () => {
    expect(signInWait(limits, { account: [], address: [] }, now)).toBe(0);
    expect(signInWait(limits, { account: ago(10, 20), address: ago(10, 20, 30, 40) }, now)).toBe(0);
  });

  it('waits, once an account has its limit, until the limit-th newest failure leaves the window', () => {
    expect(signInWait(limits, { account: ago(10, 20, 300), address: [] }, now)).toBe(600);
    // Older failures beyond the limit do not make it longer.
    expect(signInWait(limits, { account: ago(10, 20, 300, 800), address: [] }, now)).toBe(600);
  });

  it('waits for the address limit the same way, and for the longer of the two', () => {
    expect(signInWait(limits, { account: [], address: ago(1, 2, 3, 4, 100) }, now)).toBe(800);
    expect(signInWait(limits, { account: ago(1, 2, 3), address: ago(1, 2, 3, 4, 100) }, now)).toBe(897);
  });

  it('never answers less than a second while a limit holds, and rounds up', () => {
    expect(signInWait(limits, { account: ago(1, 2, 900), address: [] }, now)).toBe(1);
    expect(signInWait(limits, { account: ago(1, 2, 899.5), address: [] }, now)).toBe(1);
    expect(signInWait(limits, { account: ago(0.1, 0.3, 0.5), address: [] }, now)).toBe(900);
  });
});
