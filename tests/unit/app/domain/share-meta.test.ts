import { describe, expect, it } from 'vitest';
import { shareMeta } from '~/domain/share-meta';

const ready = {
  title: 'The block',
  description: 'A clip of Away @ Home.',
  url: 'https://tv.example/share/4/0b6f…',
  media: { image: 'https://tv.example/media/clips/u/preview.jpg', video: 'https://tv.example/media/clips/u/clip.mp4', width: 1280, height: 720 },
};
const content = (tags: ReturnType<typeof shareMeta>, key: string) =>
  (tags as Array<Record<string, string>>).find((t) => t.property === key || t.name === key)?.content;

describe('the link preview of a shared clip', () => {
  it('names the preview image, the MP4 and a large card', () => {
    const tags = shareMeta(ready);
    expect(content(tags, 'og:title')).toBe('The block');
    expect(content(tags, 'og:image')).toBe(ready.media.image);
    expect(content(tags, 'og:image:width')).toBe('1200');
    expect(content(tags, 'og:video')).toBe(ready.media.video);
    expect(content(tags, 'og:video:type')).toBe('video/mp4');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'twitter:image')).toBe(ready.media.image);
  });

  it('has no image or video while the clip is being made', () => {
    const tags = shareMeta({ ...ready, media: null });
    expect(content(tags, 'og:title')).toBe('The block');
    expect(content(tags, 'og:image')).toBeUndefined();
    expect(content(tags, 'og:video')).toBeUndefined();
    expect(content(tags, 'twitter:card')).toBe('summary');
  });
});
