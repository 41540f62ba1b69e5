import { describe, expect, it } from 'vitest';
import { isFree, statusLabel } from '~/domain/event-status';

describe('event status', () => {
  it('labels statuses and free events', () => {
    expect(statusLabel('finished')).toBe('On demand');
    expect(statusLabel('live')).toBe('Live');
    expect(isFree({ type: 'free' })).toBe(true);
    expect(isFree({ type: 'paid' })).toBe(false);
  });
});
