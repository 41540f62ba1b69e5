import { describe, expect, it } from 'vitest';
import { CLIP_LIMIT_MSG, CLIP_NAME_MAX } from '#contract/clips';
import { USER_MSG } from '~/domain/auth-messages';
import { clipRefusalText, clipStatusText, defaultClipName, defaultClipTag } from '~/domain/clips';
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
    expect(clipRefusalText(refused(409, 'too_many_clips', 'anything'))).toBe(CLIP_LIMIT_MSG);
    expect(CLIP_LIMIT_MSG).toBe('You already have 3 clips being made. Please wait until one is ready before making another.');
    expect(clipRefusalText(refused(409, 'not_available', 'This game has no video to clip yet.'))).toBe('This game cannot be clipped now.');
    expect(clipRefusalText(refused(404, 'not_found', 'Event not found'))).toBe('You can clip a game you can watch.');
    expect(clipRefusalText(refused(400, 'invalid_params', 'anything'))).toBe('The clip could not be made. Please check the fields and try again.');
  });
});

describe('what "Clip the last 30 s" names and tags a clip', () => {
  it('names it after the game and the minute its end falls in, as a match report says it', () => {
    expect(defaultClipName('Bayside Mariners @ Lakeview Lions', 62 * 60 + 10)).toBe('Bayside Mariners @ Lakeview Lions · 63′');
    expect(defaultClipName('Bayside Mariners @ Lakeview Lions', 29)).toBe('Bayside Mariners @ Lakeview Lions · 1′');
    expect(defaultClipName('Bayside Mariners @ Lakeview Lions', 60)).toBe('Bayside Mariners @ Lakeview Lions · 2′');
    expect(defaultClipName('  ', 90)).toBe('Game · 2′');
  });

  it('shortens a long game name so the whole name fits the limit, keeping the minute', () => {
    const name = defaultClipName('A'.repeat(200), 45 * 60);
    expect(name).toHaveLength(CLIP_NAME_MAX);
    expect(name.endsWith('… · 46′')).toBe(true);
  });

  it("tags it with the channel's default tag, the first of its clip tags", () => {
    expect(defaultClipTag(['Highlight', 'Goal'])).toBe('Highlight');
    expect(defaultClipTag([])).toBeNull();
  });
});
