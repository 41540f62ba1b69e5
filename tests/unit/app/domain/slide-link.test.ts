import { describe, expect, it } from 'vitest';
import { safeLink, slideHref } from '~/domain/slide-link';

describe('slide links', () => {
  const pages = [{ id: 7, url: '/history' }];
  it('links slides by type', () => {
    expect(slideHref({ slidable_type: 'event', slidable_id: 4, link_url: null }, pages)).toBe('/watch/4');
    expect(slideHref({ slidable_type: 'vod', slidable_id: 2, link_url: null }, pages)).toBe('/vod_library/2');
    expect(slideHref({ slidable_type: 'page', slidable_id: 7, link_url: null }, pages)).toBe('/history');
    expect(slideHref({ slidable_type: 'page', slidable_id: 8, link_url: null }, pages)).toBeNull();
    expect(slideHref({ slidable_type: 'url', slidable_id: null, link_url: '/packages' }, pages)).toBe('/packages');
  });

  it('refuses unsafe links', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('//evil.example')).toBeNull();
    expect(safeLink('/\\evil.example')).toBeNull();
    expect(safeLink('/upcoming?status=live')).toBe('/upcoming?status=live');
    expect(safeLink('https://ok.example/x')).toBe('https://ok.example/x');
  });
});
