import { describe, expect, it } from 'vitest';
import { USER_MSG } from '~/domain/auth-messages';
import { clipRefusalText, clipStatusText } from '~/domain/clips';
import { refused } from '../../support/refusals.ts';

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

describe('a refusal of POST /clip that names no field, in a fan’s words', () => {
  it('says why by its code, and an outage as the spec words it', () => {
    expect(clipRefusalText(refused(503, 'service_unavailable', 'Service unavailable'))).toBe(USER_MSG.outage);
    expect(clipRefusalText(refused(403, 'no_capability', 'Clips come with the Monthly subscription.'))).toBe('Your pass does not include making clips.');
    expect(clipRefusalText(refused(409, 'not_available', 'This game has no video to clip yet.'))).toBe('This game cannot be clipped now.');
    expect(clipRefusalText(refused(404, 'not_found', 'Event not found'))).toBe('You can clip a game you can watch.');
    expect(clipRefusalText(refused(400, 'invalid_params', 'anything'))).toBe('The clip could not be made. Please check the fields and try again.');
  });
});
