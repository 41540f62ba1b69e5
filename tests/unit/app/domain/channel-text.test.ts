import { describe, expect, it } from 'vitest';
import { normalisePagePath, paragraphs } from '~/domain/channel-text';

describe('channel text', () => {
  it('splits paragraphs on blank lines', () => {
    expect(paragraphs('One\nstill one\n\n  Two  \r\n\r\nThree\n\n\n')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(paragraphs(null)).toEqual([]);
  });

  it('normalises custom page urls', () => {
    expect(normalisePagePath('/Tickets-Info/')).toBe('tickets-info');
    expect(normalisePagePath('https://example.com/a/b')).toBe('a/b');
  });
});
