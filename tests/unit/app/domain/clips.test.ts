import { describe, expect, it } from 'vitest';
import { clipReason, clipStatusText } from '~/domain/clips';

describe("a clip's status as its owner reads it", () => {
  it('shows the progress while being made, the reason when it failed', () => {
    expect(clipStatusText({ status: 'queued', progress: 40, error: null })).toBe('Being made 40 %');
    expect(clipStatusText({ status: 'processed', progress: 100, error: null })).toBe('Ready');
    expect(clipStatusText({ status: 'failed', progress: 10, error: 'The game has no media at that time.' })).toBe(
      'Failed: The game has no media at that time.',
    );
    expect(clipStatusText({ status: 'failed', progress: 10, error: null })).toBe('Failed');
  });
});

describe('why there is no Clip form', () => {
  it('says nothing when the fan may clip, a reason otherwise', () => {
    expect(clipReason({ state: 'allowed', capability: 'clipping' })).toBeNull();
    for (const state of ['sign_in', 'no_access', 'no_capability', 'unavailable'] as const) expect(clipReason({ state, capability: 'clipping' })).toMatch(/\w/);
  });
});
