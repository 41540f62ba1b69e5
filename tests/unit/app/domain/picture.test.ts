import { describe, expect, it } from 'vitest';
import { CARD_SIZES, picture } from '~/domain/picture';

describe('picture', () => {
  it('shows the channel art that is not a page lead as rasters of the widths the channel draws', () => {
    expect(picture('/media/images/poster-event-7.svg', { lead: false, sizes: CARD_SIZES })).toEqual({
      src: '/media/images/w640/poster-event-7.webp',
      srcSet:
        '/media/images/w320/poster-event-7.webp 320w, /media/images/w640/poster-event-7.webp 640w, /media/images/w960/poster-event-7.webp 960w, /media/images/w1280/poster-event-7.webp 1280w',
      sizes: CARD_SIZES,
    });
    expect(picture('/media/images/logo-bayside.webp', { lead: false, sizes: '40px' }).srcSet).toContain('/media/images/w320/logo-bayside.webp 320w');
  });
  it('keeps a page lead picture as the channel gives it: the vector, the largest paint', () => {
    expect(picture('/media/images/poster-event-7.svg', { lead: true, sizes: CARD_SIZES })).toEqual({ src: '/media/images/poster-event-7.svg' });
  });
  it('shows any other address as given', () => {
    for (const src of [
      'https://cdn.example/poster.jpg',
      '/media/images/../secret.svg',
      '/media/images/a b.svg',
      '/media/other/poster.svg',
      '/media/images/poster.svg?x=1',
    ]) {
      expect(picture(src, { lead: false, sizes: CARD_SIZES })).toEqual({ src });
    }
  });
});
