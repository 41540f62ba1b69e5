import { describe, expect, it } from 'vitest';
import type { Clip } from '#contract/clips';
import { clipViewData } from '~/domain/clip-view';

const media = { video: '/media/clips/u/clip.mp4', preview: '/media/clips/u/preview.jpg', poster: '/media/clips/u/poster.jpg', width: 1280, height: 720 };
const own: Clip = {
  id: 4,
  uuid: '0b6f3c1e-1111-4222-8333-444455556666',
  event_id: 9,
  event_name: 'Away @ Home',
  event_media_id: null,
  name: 'The block',
  start_time: 10,
  duration: 30,
  tags: ['Defense'],
  status: 'queued',
  progress: 40,
  error: null,
  media: null,
  created_at: '2026-11-27T06:00:00Z',
};

describe("a clip's page", () => {
  it('plays a processed clip, with its length as m:ss', () => {
    const view = clipViewData({ ...own, status: 'processed', progress: 100, media });
    expect(view.media).toEqual({ video: media.video, poster: media.poster });
    expect(view.length).toBe('0:30');
  });

  it('tells the owner its progress, and anyone else with the link that it is coming', () => {
    expect(clipViewData(own).statusText).toBe('Being made 40 %');
    expect(clipViewData(own).media).toBeNull();
    const { uuid: _uuid, progress: _progress, error: _error, event_media_id: _media, start_time: _start, ...shared } = own;
    expect(clipViewData(shared).statusText).toBe('This clip is being made: it plays here in a moment.');
    expect(clipViewData({ ...shared, status: 'failed' }).statusText).toBe('This clip could not be made.');
  });
});
