import { describe, expect, it } from 'vitest';
import { accessUntil, periodEnd, recurringOf } from '../../../../channel-api/services/billing.ts';

describe('billing periods (spec: 30 days for a month, 12 months for a year)', () => {
  it('ends a month 30 days on, a year on the same day next year (29 February: 28 February)', () => {
    expect(periodEnd('month', new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(periodEnd('annual', new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2027-11-25T10:00:00.000Z');
    expect(periodEnd('annual', new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(accessUntil({ type: 'event' }, null, new Date())).toBeNull();
    expect(accessUntil({ type: 'subscription' }, 'month', new Date('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(recurringOf('month')).toEqual({ interval: 'day', intervalCount: 30 });
    expect(recurringOf('annual')).toEqual({ interval: 'year', intervalCount: 1 });
  });
});
