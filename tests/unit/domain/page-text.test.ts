import { describe, expect, it } from 'vitest';
import { isFree, statusLabel } from '~/domain/event-status';
import { documentTitle, normalisePagePath, paragraphs } from '~/domain/page-text';
import { safeLink, slideHref } from '~/domain/slide-link';

describe('page text', () => {
  it('splits paragraphs on blank lines', () => {
    expect(paragraphs('One\nstill one\n\n  Two  \r\n\r\nThree\n\n\n')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(paragraphs(null)).toEqual([]);
  });

  it("titles documents '<page> | <channel name>'", () => {
    expect(documentTitle('FAQ', 'Lakeshore Sports')).toBe('FAQ | Lakeshore Sports');
    expect(documentTitle(null, 'Lakeshore Sports')).toBe('Lakeshore Sports');
    expect(documentTitle('FAQ', '')).toBe('FAQ | Fieldhouse');
  });

  it('normalises custom page urls', () => {
    expect(normalisePagePath('/Tickets-Info/')).toBe('tickets-info');
    expect(normalisePagePath('https://example.com/a/b')).toBe('a/b');
  });
});

describe('slides and statuses', () => {
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

  it('labels statuses and free events', () => {
    expect(statusLabel('finished')).toBe('On demand');
    expect(statusLabel('live')).toBe('Live');
    expect(isFree({ type: 'free' })).toBe(true);
    expect(isFree({ type: 'paid' })).toBe(false);
  });
});
