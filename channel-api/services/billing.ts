/* How long a paid order gives access (spec section 9: billing cycles of 30 days for a month and 12
   months for a year). One-time purchases — a single event, a season pass — last as long as what
   they sell: no end date of their own. */

const DAY_MS = 86_400_000;

/** The end of one billing period that starts at `from`: 30 days for 'month'/'monthly', twelve
 *  calendar months for 'annual' (the same day next year; 29 February becomes 28 February). */
export function periodEnd(period: string, from: Date): Date {
  if (period === 'annual' || period === 'year') {
    const end = new Date(from);
    end.setUTCFullYear(from.getUTCFullYear() + 1);
    // 29 Feb + 1 year rolls into March: keep it in February.
    if (end.getUTCMonth() !== from.getUTCMonth()) end.setUTCDate(0);
    return end;
  }
  return new Date(from.getTime() + 30 * DAY_MS);
}

/** Access of a newly paid order: a subscription's first period; otherwise no end date. */
export function accessUntil(order: { type: string }, period: string | null, paidAt: Date): Date | null {
  return order.type === 'subscription' && period ? periodEnd(period, paidAt) : null;
}

/** Stripe's recurring interval for a billing period (a literal 30 days for a month). */
export function recurringOf(period: string): { interval: 'day' | 'year'; intervalCount: number } {
  return period === 'annual' || period === 'year' ? { interval: 'year', intervalCount: 1 } : { interval: 'day', intervalCount: 30 };
}
