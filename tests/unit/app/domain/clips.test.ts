import { describe, expect, it } from 'vitest';
import { clipStatusText } from '~/domain/clips';

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
