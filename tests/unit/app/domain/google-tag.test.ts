import { describe, expect, it } from 'vitest';
import { consentFields, googleTagId, purchaseEvent } from '~/domain/google-tag';

describe('the Google tag (ADR 051)', () => {
  it('takes a tag id from the channel’s google-analytics setting, and nothing that is not one', () => {
    expect(googleTagId('G-ABC123XYZ')).toBe('G-ABC123XYZ');
    expect(googleTagId(' g-abc123xyz ')).toBe('G-ABC123XYZ');
    expect(googleTagId('AW-123456789')).toBe('AW-123456789');
    expect(googleTagId(null)).toBeNull();
    expect(googleTagId('')).toBeNull();
    expect(googleTagId('UA-1234-1')).toBeNull();
    expect(googleTagId('G-123"><script>')).toBeNull();
  });

  it('sets the four consents of consent mode v2 together', () => {
    expect(consentFields('denied')).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
  });

  it('sends a purchase in major units of the order’s currency (ADR 043), keyed by the order', () => {
    expect(purchaseEvent({ id: 42, amount: 1299, currency: 'usd' })).toEqual({ transaction_id: '42', value: 12.99, currency: 'USD' });
    expect(purchaseEvent({ id: 7, amount: 500, currency: 'JPY' })).toEqual({ transaction_id: '7', value: 500, currency: 'JPY' });
    expect(purchaseEvent({ id: 8, amount: 5250, currency: 'BHD' })).toEqual({ transaction_id: '8', value: 5.25, currency: 'BHD' });
    expect(purchaseEvent({ id: 9, amount: 100, currency: null })).toEqual({ transaction_id: '9', value: 1, currency: 'USD' });
  });
});
